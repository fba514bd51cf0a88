/* Bosphorus start-up script (issue 14, decision 0052; README.md beside this file).
 *
 * A classic script in ES5, loaded from a file before the app's bundle, so it
 * runs on every engine we support (Chromium 63 TVs) and under the page's
 * Content-Security-Policy (script-src 'self': no inline code, no eval).
 * It does what must work even when the app's bundle cannot load or parse:
 *   - the version change of spec §4 (storage, cookies, caches and service
 *     workers cleared, the saved user and authToken kept, '110' stored);
 *   - the 15-second start-up timer of spec §4;
 *   - global error and rejection reporting to our own endpoint, with the
 *     spec §8 filters, the recursion guard and a limit of its own;
 *   - the System Error screen of spec §2/§8 (drawn with the DOM and CSSOM
 *     only: no inline <style>, which the CSP refuses).
 * The app calls window.__bosphorusStartup.ready({ tv: … }) once it has rendered.
 * BOSPHORUS_STARTUP_CONFIG is replaced at build time by the texts and
 * constants of packages/contract (build.ts), never copied by hand.
 */
(function (win, doc) {
  'use strict';
  var C = BOSPHORUS_STARTUP_CONFIG;
  var T = C.texts;
  var ignoredInUi = new RegExp(C.filters.ignoredInUi.source, C.filters.ignoredInUi.flags);
  var networkError = new RegExp(C.filters.network.source, C.filters.network.flags);

  function now() {
    return new Date().getTime();
  }
  function str(value) {
    if (value === undefined || value === null) return '';
    try {
      return String(value);
    } catch (e) {
      return '';
    }
  }
  function cut(value, max) {
    var s = str(value);
    return s.length > max ? s.slice(0, max) : s;
  }

  // ───────────── spec §4 Version change ─────────────

  function store(kind) {
    try {
      return win[kind] || null;
    } catch (e) {
      return null;
    }
  }

  function clearCookies(keep) {
    var parts = str(doc.cookie).split(';');
    var host = win.location.hostname;
    for (var i = 0; i < parts.length; i++) {
      var name = parts[i].split('=')[0].replace(/^\s+|\s+$/g, '');
      if (!name || keep.indexOf(name) !== -1) continue;
      var expired = name + '=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      doc.cookie = expired;
      doc.cookie = expired + '; domain=' + host;
      doc.cookie = expired + '; domain=.' + host;
    }
  }

  /**
   * Clears local and session storage, the cookies a script can see (but
   * `keepCookies`), Cache Storage and service workers; `done` runs when the
   * asynchronous parts have settled (at most 2 s later).
   */
  function clearBrowserStorage(keepCookies, done) {
    var pending = 1;
    var finished = false;
    function settle() {
      pending -= 1;
      if (pending === 0 && !finished) {
        finished = true;
        if (done) done();
      }
    }
    function wait(promise) {
      pending += 1;
      promise.then(settle, settle);
    }
    try {
      var local = store('localStorage');
      if (local) local.clear();
    } catch (e) {
      /* storage refused */
    }
    try {
      var session = store('sessionStorage');
      if (session) session.clear();
    } catch (e) {
      /* storage refused */
    }
    clearCookies(keepCookies);
    try {
      if (win.caches && win.caches.keys) {
        wait(
          win.caches.keys().then(function (names) {
            var all = [];
            for (var n = 0; n < names.length; n++) all.push(win.caches['delete'](names[n]));
            return win.Promise.all(all);
          })
        );
      }
    } catch (e) {
      /* no Cache Storage */
    }
    try {
      var sw = win.navigator.serviceWorker;
      if (sw && sw.getRegistrations) {
        wait(
          sw.getRegistrations().then(function (registrations) {
            var all = [];
            for (var r = 0; r < registrations.length; r++) all.push(registrations[r].unregister());
            return win.Promise.all(all);
          })
        );
      }
    } catch (e) {
      /* no service workers */
    }
    setTimeout(function () {
      if (!finished) {
        finished = true;
        if (done) done();
      }
    }, 2000);
    settle();
  }

  function versionChange() {
    var local = store('localStorage');
    if (!local) return false;
    var stored;
    try {
      stored = local.getItem(C.keys.version);
    } catch (e) {
      return false;
    }
    if (stored === C.version) return false;
    var kept = {};
    var i;
    for (i = 0; i < C.keys.keep.length; i++) {
      try {
        kept[C.keys.keep[i]] = local.getItem(C.keys.keep[i]);
      } catch (e) {
        kept[C.keys.keep[i]] = null;
      }
    }
    clearBrowserStorage(C.keys.keepCookies, null);
    try {
      for (i = 0; i < C.keys.keep.length; i++) {
        if (kept[C.keys.keep[i]] !== null) local.setItem(C.keys.keep[i], kept[C.keys.keep[i]]);
      }
      local.setItem(C.keys.version, C.version);
    } catch (e) {
      /* quota */
    }
    return true;
  }

  var versionChecked = false;
  /** The version change, once. */
  function checkVersion() {
    if (versionChecked) return;
    versionChecked = true;
    versionChange();
  }

  // ───────────── spec §8 filters, recursion guard, limits ─────────────

  /** Throws 'Maximum recursion depth exceeded' on the call after `calls` within `windowMs`. */
  function createRecursionGuard(calls, windowMs, clock) {
    var times = [];
    clock = clock || now;
    return function check() {
      var t = clock();
      while (times.length && t - times[0] >= windowMs) times.shift();
      times.push(t);
      if (times.length > calls) throw new Error(T.recursion);
    };
  }

  function mentionsReporting(details) {
    var path = C.filters.reportingPath;
    return (
      str(details.message).indexOf(path) !== -1 ||
      str(details.source).indexOf(path) !== -1 ||
      str(details.stack).indexOf(path) !== -1
    );
  }

  /** Spec §8: network-type errors and events mentioning the reporting address are not reported. */
  function shouldReport(details) {
    // Our own timer's report is no network error, whatever its name says.
    if (details.type === 'startup-timeout') return true;
    var text = str(details.name) + ': ' + str(details.message);
    if (networkError.test(text)) return false;
    return !mentionsReporting(details);
  }

  /** Spec §8: an error whose message is only 'Script error' is ignored in the UI. */
  function shouldShow(details) {
    return !ignoredInUi.test(str(details.message));
  }

  /** At most `perMinute` reports a minute and `perError` of one error per page. */
  function createClientLimit(perMinute, perError, clock) {
    var sent = [];
    var seen = {};
    clock = clock || now;
    return function allow(details) {
      var t = clock();
      while (sent.length && t - sent[0] >= 60000) sent.shift();
      var key = str(details.name) + '|' + str(details.message) + '|' + str(details.source) + '|' + str(details.line);
      if (sent.length >= perMinute || (seen[key] || 0) >= perError) return false;
      sent.push(t);
      seen[key] = (seen[key] || 0) + 1;
      return true;
    };
  }

  // ───────────── the error details ─────────────

  function describe(error, type, extra) {
    extra = extra || {};
    var isObject = error !== null && typeof error === 'object';
    var name =
      isObject && error.name
        ? error.name
        : extra.name || (type === 'unhandledrejection' ? 'UnhandledRejection' : 'Error');
    var message = isObject && error.message !== undefined ? error.message : extra.message || str(error);
    return {
      type: type,
      name: cut(name, C.limits.name),
      message: cut(message || extra.message || 'Unknown error', C.limits.message),
      source: cut(extra.source || (isObject && (error.fileName || error.sourceURL)) || '', C.limits.source),
      line: extra.line || (isObject && (error.lineNumber || error.line)) || 0,
      column: extra.column || (isObject && (error.columnNumber || error.column)) || 0,
      stack: cut(isObject && error.stack ? error.stack : '', C.limits.stack),
      page_url: cut(win.location.href, C.limits.page_url),
      user_agent: cut(win.navigator.userAgent, C.limits.user_agent),
      timestamp: new Date().toISOString(),
      frontend_version: C.version,
    };
  }

  // ───────────── reporting (our own endpoint only) ─────────────

  var state = { tv: null, ready: false, shown: false, timer: null };
  var allowReport = createClientLimit(C.filters.clientPerMinute, C.filters.clientPerError);

  function send(details) {
    if (!shouldReport(details) || !allowReport(details)) return false;
    var body = {};
    for (var key in details) if (Object.prototype.hasOwnProperty.call(details, key)) body[key] = details[key];
    if (!body.line) delete body.line;
    if (!body.column) delete body.column;
    if (state.tv !== null) body.is_tv = state.tv;
    try {
      var xhr = new XMLHttpRequest();
      xhr.open('POST', C.endpoint, true);
      xhr.setRequestHeader('Content-Type', 'application/json');
      var local = store('localStorage');
      var token = local ? local.getItem(C.keys.token) : null;
      if (token) xhr.setRequestHeader('Authorization', 'Bearer ' + token);
      xhr.send(JSON.stringify(body));
    } catch (e) {
      return false;
    }
    return true;
  }

  // ───────────── the System Error screen (spec §2, §8) ─────────────

  function styled(tag, css, text) {
    var el = doc.createElement(tag);
    // CSSOM, not a style attribute: allowed under style-src 'self'.
    for (var prop in css) if (Object.prototype.hasOwnProperty.call(css, prop)) el.style[prop] = css[prop];
    if (text !== undefined) el.appendChild(doc.createTextNode(text));
    return el;
  }

  var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  var BUTTON = {
    font: '600 16px ' + FONT,
    padding: '12px 20px',
    margin: '0 12px 12px 0',
    borderRadius: '8px',
    cursor: 'pointer',
    minHeight: '44px',
  };

  function hintFor(details) {
    if (details.type === 'startup-timeout') return T.hints.timeout;
    if (/SyntaxError/.test(details.name) || /syntax|unexpected token/i.test(details.message)) return T.hints.syntax;
    if (/TypeError/.test(details.name)) return T.hints.type;
    return T.hints.script;
  }

  function fieldRows(details) {
    return [
      [T.fields.name, details.name],
      [T.fields.message, details.message],
      [T.fields.source, details.source],
      [T.fields.line, details.line ? str(details.line) : ''],
      [T.fields.column, details.column ? str(details.column) : ''],
      [T.fields.stack, details.stack],
      [T.fields.pageUrl, details.page_url],
      [T.fields.userAgent, details.user_agent],
      [T.fields.timestamp, details.timestamp],
      [T.fields.errorType, T.errorTypes[details.type] || details.type],
    ];
  }

  function detailsText(details) {
    var rows = fieldRows(details);
    var lines = [T.title];
    for (var i = 0; i < rows.length; i++) lines.push(rows[i][0] + ': ' + (rows[i][1] || '-'));
    return lines.join('\n');
  }

  var toastTimer = null;
  function toast(message, ok) {
    var old = doc.getElementById('system-error-toast');
    if (old && old.parentNode) old.parentNode.removeChild(old);
    var el = styled(
      'div',
      {
        position: 'fixed',
        left: '24px',
        bottom: '24px',
        zIndex: '2147483647',
        padding: '14px 18px',
        borderRadius: '8px',
        font: '500 16px ' + FONT,
        color: '#FFFFFF',
        background: ok ? '#166534' : '#991B1B',
        boxShadow: '0 8px 24px rgba(0,0,0,0.4)',
      },
      message
    );
    el.id = 'system-error-toast';
    el.setAttribute('role', ok ? 'status' : 'alert');
    doc.body.appendChild(el);
    if (toastTimer) clearTimeout(toastTimer);
    toastTimer = setTimeout(function () {
      if (el.parentNode) el.parentNode.removeChild(el);
    }, C.toastMs);
  }

  /** The textarea + execCommand('copy') path, for engines without the async clipboard. */
  function copyBySelection(text) {
    var area = styled('textarea', {
      position: 'fixed',
      top: '0',
      left: '0',
      width: '1px',
      height: '1px',
      opacity: '0',
    });
    area.value = text;
    area.setAttribute('readonly', '');
    doc.body.appendChild(area);
    var ok;
    try {
      area.focus();
      area.select();
      area.setSelectionRange(0, text.length);
      ok = !!doc.execCommand('copy');
    } catch (e) {
      ok = false;
    }
    doc.body.removeChild(area);
    return ok;
  }

  function copy(text, done) {
    var clipboard = win.navigator.clipboard;
    if (clipboard && typeof clipboard.writeText === 'function') {
      var settled = false;
      try {
        clipboard.writeText(text).then(
          function () {
            settled = true;
            done(true);
          },
          function () {
            settled = true;
            done(copyBySelection(text));
          }
        );
        return;
      } catch (e) {
        if (!settled) done(copyBySelection(text));
        return;
      }
    }
    done(copyBySelection(text));
  }

  function show(details) {
    if (state.shown) return;
    state.shown = true;
    var root = doc.getElementById('root');
    if (root) root.style.display = 'none';
    var screen = styled('div', {
      position: 'fixed',
      top: '0',
      left: '0',
      right: '0',
      bottom: '0',
      overflow: 'auto',
      zIndex: '2147483646',
      background: '#0B0F1A',
      color: '#E5E7EB',
      font: '16px/1.5 ' + FONT,
      padding: '32px 16px',
      boxSizing: 'border-box',
    });
    screen.id = 'system-error';
    screen.setAttribute('role', 'alertdialog');
    screen.setAttribute('aria-modal', 'true');
    screen.setAttribute('aria-labelledby', 'system-error-title');
    screen.setAttribute('aria-describedby', 'system-error-intro');
    var card = styled('main', { maxWidth: '880px', margin: '0 auto' });
    var title = styled('h1', { font: '700 32px/1.2 ' + FONT, color: '#FFFFFF', margin: '0 0 12px' }, T.title);
    title.id = 'system-error-title';
    var intro = styled('p', { margin: '0 0 12px', fontSize: '18px' }, T.intro);
    intro.id = 'system-error-intro';
    var hint = styled(
      'p',
      { margin: '0 0 24px', padding: '12px 16px', borderLeft: '4px solid #F59E0B', background: '#1F2937' },
      hintFor(details)
    );
    hint.id = 'system-error-hint';
    var actions = styled('div', { margin: '0 0 24px' });
    var refresh = styled(
      'button',
      merge(BUTTON, { background: '#E50914', color: '#FFFFFF', border: '2px solid #E50914' }),
      T.refresh
    );
    refresh.type = 'button';
    refresh.onclick = function () {
      win.location.reload();
    };
    var copyButton = styled(
      'button',
      merge(BUTTON, { background: 'transparent', color: '#FFFFFF', border: '2px solid #9CA3AF' }),
      T.copy
    );
    copyButton.type = 'button';
    copyButton.onclick = function () {
      copy(detailsText(details), function (ok) {
        toast(ok ? T.copied : T.copyFailed, ok);
      });
    };
    focusRing(refresh);
    focusRing(copyButton);
    actions.appendChild(refresh);
    actions.appendChild(copyButton);
    var list = styled('dl', { margin: '0 0 24px', background: '#111827', borderRadius: '8px', padding: '16px' });
    var rows = fieldRows(details);
    for (var i = 0; i < rows.length; i++) {
      list.appendChild(styled('dt', { fontWeight: '700', color: '#FFFFFF', marginTop: i ? '12px' : '0' }, rows[i][0]));
      var value = styled(
        rows[i][0] === T.fields.stack ? 'pre' : 'dd',
        {
          margin: '4px 0 0',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          font: '14px/1.5 ui-monospace, Menlo, Consolas, monospace',
        },
        rows[i][1] || '-'
      );
      list.appendChild(value);
    }
    var closing = styled('p', { margin: '0' }, T.closing);
    card.appendChild(title);
    card.appendChild(intro);
    card.appendChild(hint);
    card.appendChild(actions);
    card.appendChild(list);
    card.appendChild(closing);
    screen.appendChild(card);
    doc.body.appendChild(screen);
    arrowsBetween(screen, refresh, copyButton);
    try {
      refresh.focus();
    } catch (e) {
      /* nothing to focus */
    }
  }

  function merge(a, b) {
    var out = {};
    var key;
    for (key in a) if (Object.prototype.hasOwnProperty.call(a, key)) out[key] = a[key];
    for (key in b) if (Object.prototype.hasOwnProperty.call(b, key)) out[key] = b[key];
    return out;
  }

  /**
   * The remote's arrows on the screen (issue 26): the app's spatial
   * navigation may never have started, so the screen moves focus itself.
   * Right or Down from Refresh Page reach Copy Error Details, Left or Up
   * come back; Up from Refresh and Down from Copy stay the browser's (they
   * scroll the details). Refresh Page has the focus when the screen opens.
   */
  function arrowsBetween(screen, first, second) {
    screen.addEventListener('keydown', function (e) {
      var code = e.keyCode;
      var key = e.key;
      var up = key === 'ArrowUp' || key === 'Up' || code === 38;
      var down = key === 'ArrowDown' || key === 'Down' || code === 40;
      var left = key === 'ArrowLeft' || key === 'Left' || code === 37;
      var right = key === 'ArrowRight' || key === 'Right' || code === 39;
      if (!(up || down || left || right) || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
      var active = doc.activeElement;
      var target = null;
      if (active === first) target = right || down ? second : left ? first : null;
      else if (active === second) target = left || up ? first : right ? second : null;
      if (!target) return;
      e.preventDefault();
      if (target !== active) target.focus();
    });
  }

  /** The focus ring of docs/reference/ui.md, visible on a TV from across the room. */
  function focusRing(button) {
    button.onfocus = function () {
      button.style.outline = '3px solid #FFFFFF';
      button.style.outlineOffset = '3px';
    };
    button.onblur = function () {
      button.style.outline = 'none';
    };
  }

  // ───────────── global errors (spec §4) ─────────────

  // The app has started once its first render committed (ready()): until
  // then the server's page in #root is a page nobody can use yet (decision 0107).
  function appStarted() {
    return state.ready;
  }

  var guard = createRecursionGuard(C.filters.recursion.calls, C.filters.recursion.windowMs);
  var tripped = false;

  function handle(details) {
    if (tripped) return;
    try {
      guard();
    } catch (e) {
      // An error raised while handling errors, over and over: stop here.
      tripped = true;
      send(describe(e, 'error'));
      return;
    }
    send(details);
    if (shouldShow(details) && (state.tv || !appStarted())) show(details);
  }

  /**
   * An engine older than the modern bundle (Chromium 63–79) fails to parse
   * its entry and runs the legacy bundle instead (decision 0046): that
   * SyntaxError is the hand-over, not a fault, neither reported nor shown.
   * If the legacy bundle fails too, its own errors and the start-up timer
   * still show the screen.
   */
  function isModernBundleHandOver(event) {
    if (win.__vite_is_modern_browser) return false;
    var file = str(event.filename);
    var name = event.error && event.error.name ? str(event.error.name) : '';
    var syntax = name === 'SyntaxError' || /SyntaxError/.test(str(event.message));
    return syntax && /\/assets\/[^/?#]+\.js/.test(file) && !/-legacy[-.]/.test(file);
  }

  function onError(event) {
    var target = event.target || event.srcElement;
    // A <script> that failed to load (capture phase: it does not bubble).
    if (target && target !== win && target.tagName === 'SCRIPT') {
      if (appStarted()) return;
      handle(
        describe(null, 'error', {
          name: 'ScriptLoadError',
          message: 'The application script could not be loaded: ' + str(target.src),
          source: str(target.src),
        })
      );
      return;
    }
    if (target && target !== win && target.tagName) return; // an image or a stylesheet: the page handles it
    if (isModernBundleHandOver(event)) return;
    handle(
      describe(event.error, 'error', {
        message: event.message,
        source: event.filename,
        line: event.lineno,
        column: event.colno,
      })
    );
  }

  function onRejection(event) {
    handle(describe(event.reason, 'unhandledrejection'));
  }

  // ───────────── the app's modules (decision 0142) ─────────────

  // The server's page lists the app's modules (APP_MODULES_ELEMENT_ID) in
  // place of their tags. They are asked for once the first screen is in:
  // the page's pictures that are not lazy (the hero, the first posters, a
  // detail page's cover) and its whole stylesheets (which the app's menus
  // and dialogs need) have loaded or failed, and, where there are such
  // pictures, the browser has shown one: it has reported a largest paint
  // that is a picture of the page (on an engine without that report, a
  // frame later). A picture or sheet that is slow or lost holds them back no
  // longer than C.modules.waitMs. A page with no picture to wait for
  // (sign-in, the forms) adds them as soon as its sheets are in, in that
  // same task, so they run before its load event as parser-inserted
  // modules did. In a hidden tab nothing is painted: at once. A page
  // without the list (the dev server's) has its own module tags.
  function firstScreenThen(done) {
    var waiting = 0;
    var firstScreen = 0;
    var shown = false;
    var observer = null;
    var finished = false;
    var cap = null;
    function finish() {
      if (finished) return;
      finished = true;
      if (cap !== null) clearTimeout(cap);
      if (observer) observer.disconnect();
      done();
    }
    function check() {
      if (waiting > 0) return;
      if (!firstScreen || shown || doc.hidden) return finish();
      if (observer) return; // the largest paint's report finishes
      win.requestAnimationFrame(function () {
        setTimeout(finish, 0);
      });
    }
    function settled() {
      waiting--;
      check();
    }
    function wait(element) {
      waiting++;
      element.addEventListener('load', settled);
      element.addEventListener('error', settled);
    }
    if (doc.hidden) return finish();
    var images = doc.querySelectorAll('#root img');
    for (var i = 0; i < images.length; i++) {
      if (images[i].getAttribute('loading') === 'lazy') continue;
      // A card whose row is not wanted yet is a box without an address, and
      // a title with no poster shows the site's mark from a data address:
      // nothing to fetch, and the browser reports neither as a largest paint.
      var src = images[i].getAttribute('src') || '';
      if (!images[i].getAttribute('srcset') && (!src || src.indexOf('data:') === 0)) continue;
      firstScreen++;
      if (!images[i].complete) wait(images[i]);
    }
    var sheets = doc.querySelectorAll('link[rel="stylesheet"][' + C.modules.sheetAttribute + ']');
    for (var j = 0; j < sheets.length; j++) if (!sheets[j].sheet) wait(sheets[j]);
    var Observer = win.PerformanceObserver;
    var types = Observer && Observer.supportedEntryTypes;
    var root = doc.getElementById('root');
    if (firstScreen && types && types.indexOf('largest-contentful-paint') !== -1) {
      // Buffered: a picture shown before this script looked counts too.
      observer = new Observer(function (list) {
        var entries = list.getEntries();
        for (var k = 0; k < entries.length; k++) {
          var element = entries[k].element;
          if (element && element.tagName === 'IMG' && root.contains(element)) shown = true;
        }
        if (shown) check();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else if (firstScreen && !win.requestAnimationFrame) {
      shown = true;
    }
    if (!firstScreen && waiting === 0) return finish();
    cap = setTimeout(finish, C.modules.waitMs);
    check();
  }

  // The page's whole stylesheets (decision 0154): the server preloads them
  // at the end of the body, where the first paint does not wait for them;
  // here each becomes a stylesheet link at the end of the head, once the
  // page is parsed. There they come before any stylesheet the app's lazily
  // loaded pages add later (which must win the cascade over the entry's),
  // and the browser styles the page again once for them, not three times
  // (a sheet at the end of the body, then moved to the head by the app,
  // was applied, added again and removed).
  function applyPageSheets() {
    var head = doc.head || doc.getElementsByTagName('head')[0];
    var preloads = doc.querySelectorAll('link[rel="preload"][' + C.modules.sheetAttribute + ']');
    for (var i = 0; i < preloads.length; i++) {
      var link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.setAttribute('crossorigin', '');
      link.setAttribute(C.modules.sheetAttribute, '');
      link.href = preloads[i].getAttribute('href');
      head.appendChild(link);
    }
  }

  function addModules(list) {
    var head = doc.head || doc.getElementsByTagName('head')[0];
    for (var i = 0; i < list.preloads.length; i++) {
      var link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.setAttribute('crossorigin', '');
      link.href = list.preloads[i];
      head.appendChild(link);
    }
    // One script after another: an added module script does not wait for
    // the ones added before it, and the legacy loader must run after the
    // modern entry has (or has failed to parse, on an old engine).
    function script(n) {
      if (n >= list.scripts.length) return;
      var el = doc.createElement('script');
      el.type = 'module';
      el.setAttribute('crossorigin', '');
      el.onload = el.onerror = function () {
        el.onload = el.onerror = null;
        script(n + 1);
      };
      el.src = list.scripts[n];
      doc.body.appendChild(el);
    }
    script(0);
  }

  function startModules() {
    applyPageSheets();
    var element = doc.getElementById(C.modules.elementId);
    if (!element) return;
    var list;
    try {
      list = JSON.parse(element.textContent);
    } catch (e) {
      // A document cut short: the app cannot start, so the screen says so now.
      return handle(describe(e, 'error'));
    }
    firstScreenThen(function () {
      addModules(list);
    });
  }

  // ───────────── start ─────────────

  var api = {
    /** The app has rendered: clears the start-up timer; `tv` turns on the error screen for every error. */
    ready: function (options) {
      state.ready = true;
      if (options && typeof options.tv === 'boolean') state.tv = options.tv;
      if (state.timer !== null) clearTimeout(state.timer);
      state.timer = null;
    },
    /** Whether the app's first render has committed (`ready`): the page is the app's from then on. */
    started: function () {
      return state.ready;
    },
    /** For the app's own boundaries: report (and, on a TV or an empty page, show) one error. */
    report: function (error) {
      handle(describe(error, 'error'));
    },
    /** Technical support's button (spec §2): every browser storage cleared, then `done` (the page reloads). */
    clearAll: function (done) {
      clearBrowserStorage([], done);
    },
    // For the unit tests (startup.test.ts): the pieces, on their own.
    versionChange: versionChange,
    shouldReport: shouldReport,
    shouldShow: shouldShow,
    createRecursionGuard: createRecursionGuard,
    createClientLimit: createClientLimit,
    describe: describe,
    show: show,
  };
  win.__bosphorusStartup = api;

  // A signed-in viewer's page is the visitor's page the server rendered until
  // the app has started (decision 0107): what only a visitor sees is hidden
  // by the stylesheet from the first paint, through this class on <html>.
  try {
    var stored = win.localStorage ? win.localStorage.getItem(C.keys.user) : null;
    var user = stored ? JSON.parse(stored) : null;
    if (user) {
      var classes = ' ' + C.signedInClass;
      // A plan (lib/auth-store.ts isSubscribed): a detail hero keeps its own actions' room.
      var status = user.user_status;
      if (status !== null && status !== undefined && C.noPlanStatuses.indexOf(status) === -1) {
        classes += ' ' + C.subscriberClass;
      }
      // Home's own rows as last drawn keep their room (lib/auth-store.ts).
      var rows = (win.localStorage.getItem(C.keys.continueRows) || '').split(' ');
      for (var r = 0; r < rows.length; r++) if (C.continueRowClasses.indexOf(rows[r]) !== -1) classes += ' ' + rows[r];
      doc.documentElement.className += classes;
    }
  } catch (e) {
    // No storage, or a corrupt entry (the app clears it): a visitor's page.
  }

  // The version change in a task of its own, before the app's modules are
  // added (add() runs it first if it has not run yet): on a first visit it
  // opens local and session storage, the cookies, Cache Storage and the
  // service workers, which is most of this script's time on a phone; apart,
  // neither task is long (issue 15, Total Blocking Time).
  setTimeout(checkVersion, 0);
  if (win.addEventListener) {
    win.addEventListener('error', onError, true);
    win.addEventListener('unhandledrejection', onRejection);
  }
  state.timer = setTimeout(function () {
    state.timer = null;
    if (appStarted()) return;
    var details = describe(null, 'startup-timeout', { name: T.startupTimeoutName, message: T.startupTimeout });
    send(details);
    show(details);
  }, C.timeoutMs);

  // The list is at the end of the body: read once the document is parsed.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', startModules);
  else startModules();
})(window, document);
