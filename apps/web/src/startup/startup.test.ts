// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// (happy-dom loads no stylesheet; a link the script adds is then not an error logged: each test fires its load.)
import { parse } from 'acorn';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_MODULES_ELEMENT_ID,
  APP_MODULES_WAIT_MS,
  APP_VERSION,
  ERROR_FILTERS,
  PAGE_SHEET_ATTRIBUTE,
  STARTUP_TIMEOUT_MS,
  SYSTEM_ERROR_TEXTS,
  TOAST_DEFAULT_MS,
  type AppModules,
} from '@bosphorus/contract';
import { buildStartupScript } from './build';
import { isSubscribed, type StoredUser } from '../lib/auth-store';

// The start-up script as served (build.ts output), run in a DOM: ES5 only,
// the version change, the spec §8 filters and recursion guard, the page's
// own report limit, the 15-second timer and the System Error screen.

interface Startup {
  ready(options?: { tv?: boolean }): void;
  started(): boolean;
  report(error: unknown): void;
  versionChange(): boolean;
  shouldReport(details: Record<string, unknown>): boolean;
  shouldShow(details: Record<string, unknown>): boolean;
  createRecursionGuard(calls: number, windowMs: number, clock: () => number): () => void;
  createClientLimit(perMinute: number, perError: number, clock: () => number): (d: Record<string, unknown>) => boolean;
}

let code = '';
beforeAll(async () => {
  code = await buildStartupScript();
});

const sent: Array<{ body: Record<string, unknown>; headers: Record<string, string> }> = [];
class FakeXhr {
  headers: Record<string, string> = {};
  open(method: string, url: string) {
    expect([method, url]).toEqual(['POST', ERROR_FILTERS.reportingPath]);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string) {
    sent.push({ body: JSON.parse(body) as Record<string, unknown>, headers: this.headers });
  }
}

let listeners: Array<[string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
function start(): Startup {
  const add = window.addEventListener.bind(window);
  const spy = vi.spyOn(window, 'addEventListener').mockImplementation((type, fn, options) => {
    listeners.push([type, fn!, options]);
    add(type, fn!, options);
  });
  new Function(code)();
  spy.mockRestore();
  return (window as unknown as { __bosphorusStartup: Startup }).__bosphorusStartup;
}

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.clear();
  sessionStorage.clear();
  localStorage.setItem('app_version', APP_VERSION);
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  for (const [type, fn, options] of listeners) window.removeEventListener(type, fn, options);
  listeners = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const screen = () => document.getElementById('system-error');
const toastText = () => document.getElementById('system-error-toast')?.textContent;

describe('start-up script', () => {
  it('is ES5 (Chromium 63 and older TV engines parse it), with the contract texts built in', () => {
    expect(() => parse(code, { ecmaVersion: 5 })).not.toThrow();
    expect(code).not.toContain('BOSPHORUS_STARTUP_CONFIG;');
    expect(code).toContain(JSON.stringify(SYSTEM_ERROR_TEXTS.intro));
    expect(code).toContain(JSON.stringify(SYSTEM_ERROR_TEXTS.copied));
  });

  it("spec §4 Version change: clears storage, cookies and session storage, keeps user and authToken, stores '110'", () => {
    localStorage.setItem('app_version', '109');
    localStorage.setItem('user', '{"user_id":7}');
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('fcm_token', 'push');
    sessionStorage.setItem('bosphorus.tv', '1');
    document.cookie = 'authToken=tok; path=/';
    document.cookie = 'tracker=1; path=/';
    start();
    // In a task of its own, after the script's (issue 15: no long task on a phone).
    expect(localStorage.getItem('app_version'), 'not within the script itself').toBe('109');
    vi.advanceTimersByTime(0);
    expect(localStorage.getItem('user')).toBe('{"user_id":7}');
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(localStorage.getItem('fcm_token')).toBeNull();
    expect(localStorage.getItem('app_version')).toBe('110');
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toContain('authToken=tok');
    expect(document.cookie).not.toContain('tracker=1');
  });

  it('leaves storage alone when the version is current', () => {
    localStorage.setItem('fcm_token', 'push');
    const startup = start();
    vi.advanceTimersByTime(0);
    expect(localStorage.getItem('fcm_token')).toBe('push');
    expect(startup.versionChange()).toBe(false);
  });

  it('spec §8 filters: network-type errors and the reporting address are not reported; "Script error" not shown', () => {
    const { shouldReport, shouldShow } = start();
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'net::ERR_CONNECTION_RESET',
      'The request timed out.',
      'Timeout of 30000ms exceeded',
      'You are offline',
      "QuotaExceededError: Failed to execute 'setItem' on 'Storage'",
      'Load failed',
    ]) {
      expect(shouldReport({ name: 'TypeError', message }), message).toBe(false);
    }
    expect(shouldReport({ name: 'Error', message: 'x', stack: 'at send (/api/error-reports)' })).toBe(false);
    expect(shouldReport({ name: 'TypeError', message: "Cannot read properties of undefined (reading 'id')" })).toBe(
      true,
    );
    expect(shouldShow({ message: 'Script error.' })).toBe(false);
    expect(shouldShow({ message: 'Script error' })).toBe(false);
    expect(shouldShow({ message: 'Script error in my code' })).toBe(true);
  });

  it("the recursion guard throws 'Maximum recursion depth exceeded' after more than 100 calls within 100 ms", () => {
    let t = 1_000;
    const guard = start().createRecursionGuard(100, 100, () => t);
    for (let i = 0; i < 100; i++) guard();
    expect(() => guard()).toThrow(SYSTEM_ERROR_TEXTS.recursion);
    t += 100; // the window has passed
    expect(() => guard()).not.toThrow();
    // Spread out, any number of calls is fine.
    for (let i = 0; i < 300; i++) {
      t += 2;
      guard();
    }
  });

  it('limits its own reports: per minute and per identical error', () => {
    let t = 0;
    const allow = start().createClientLimit(3, 2, () => t);
    expect(allow({ message: 'a' })).toBe(true);
    expect(allow({ message: 'a' })).toBe(true);
    expect(allow({ message: 'a' })).toBe(false);
    expect(allow({ message: 'b' })).toBe(true);
    expect(allow({ message: 'c' })).toBe(false);
    t += 60_000;
    expect(allow({ message: 'c' })).toBe(true);
  });

  it('spec §4 Start-up: an empty root after 15 s shows the System Error screen with the timeout, and reports it', () => {
    start();
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS - 1);
    expect(screen()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(screen()).not.toBeNull();
    const text = screen()!.textContent!;
    for (const expected of [
      SYSTEM_ERROR_TEXTS.title,
      SYSTEM_ERROR_TEXTS.intro,
      SYSTEM_ERROR_TEXTS.hints.timeout,
      SYSTEM_ERROR_TEXTS.startupTimeout,
      SYSTEM_ERROR_TEXTS.closing,
      ...Object.values(SYSTEM_ERROR_TEXTS.fields),
    ]) {
      expect(text).toContain(expected);
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      type: 'startup-timeout',
      name: SYSTEM_ERROR_TEXTS.startupTimeoutName,
      message: SYSTEM_ERROR_TEXTS.startupTimeout,
      frontend_version: '110',
    });
  });

  it('the System Error screen opens on Refresh Page, and the arrows reach Copy Error Details and come back (issue 26)', () => {
    start();
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS);
    const buttons = screen()!.querySelectorAll('button');
    const [refresh, copy] = [buttons[0]!, buttons[1]!];
    expect(refresh.textContent).toBe(SYSTEM_ERROR_TEXTS.refresh);
    expect(copy.textContent).toBe(SYSTEM_ERROR_TEXTS.copy);
    expect(document.activeElement).toBe(refresh);
    const press = (key: string) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      document.activeElement!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press('ArrowRight')).toBe(true);
    expect(document.activeElement).toBe(copy);
    expect(press('ArrowLeft')).toBe(true);
    expect(document.activeElement).toBe(refresh);
    expect(press('ArrowDown')).toBe(true);
    expect(document.activeElement).toBe(copy);
    expect(press('ArrowUp')).toBe(true);
    expect(document.activeElement).toBe(refresh);
    // Up from the first button is the browser's own (it scrolls the details).
    expect(press('ArrowUp')).toBe(false);
    expect(document.activeElement).toBe(refresh);
  });

  it("marks <html> signed-in before the first paint when a user is stored, so the visitor's welcome never shows", () => {
    document.documentElement.className = '';
    start();
    expect(document.documentElement.classList.contains('signed-in')).toBe(false);
    localStorage.setItem('user', JSON.stringify({ user_id: 7, user_name: 'Ayşe' }));
    start();
    expect(document.documentElement.classList.contains('signed-in')).toBe(true);
    document.documentElement.className = '';
    localStorage.setItem('user', '{not json');
    start();
    expect(document.documentElement.classList.contains('signed-in')).toBe(false);
  });

  it('marks <html> subscriber for a stored user with a plan only, as isSubscribed says (decision 0161)', () => {
    const statuses: Array<[unknown, boolean]> = [
      ['1', true],
      [1, true],
      [true, true],
      ['0', false],
      [0, false],
      [false, false],
      ['', false],
      [null, false],
      [undefined, false],
    ];
    for (const [user_status, subscribed] of statuses) {
      document.documentElement.className = '';
      const user = { user_id: 7, user_name: 'Ayşe', user_email: 'a@b.c', user_status };
      localStorage.setItem('user', JSON.stringify(user));
      start();
      const stored = JSON.parse(localStorage.getItem('user')!) as StoredUser;
      expect(document.documentElement.classList.contains('subscriber'), String(user_status)).toBe(subscribed);
      expect(isSubscribed(stored), String(user_status)).toBe(subscribed);
      expect(document.documentElement.classList.contains('signed-in')).toBe(true);
    }
  });

  it('a render clears the timer (ready), and a rendered root is not replaced after 15 s', () => {
    const startup = start();
    document.getElementById('root')!.innerHTML = '<main>Home</main>';
    expect(startup.started()).toBe(false);
    startup.ready({ tv: false });
    expect(startup.started()).toBe(true);
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS * 2);
    expect(screen()).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('spec §4 Global errors: reported always, the screen on a TV or an empty root only', () => {
    const startup = start();
    // The app's layout: the same outer class as the served page shell.
    document.getElementById('root')!.innerHTML =
      '<div class="app-shell"><header class="site-header"></header><main>Home</main></div>';
    startup.ready({ tv: false });
    localStorage.setItem('authToken', 'tok');
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Boom on desktop',
        error: new TypeError('Boom on desktop'),
        filename: 'http://x/assets/a.js',
        lineno: 3,
        colno: 9,
      }),
    );
    expect(screen()).toBeNull();
    expect(sent[0]!.body).toMatchObject({ type: 'error', name: 'TypeError', message: 'Boom on desktop', is_tv: false });
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
    startup.ready({ tv: true });
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(screen(), "'Script error' is ignored in the UI").toBeNull();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom on TV', error: new TypeError('Boom on TV') }));
    expect(screen()!.textContent).toContain('Boom on TV');
    expect(screen()!.textContent).toContain(SYSTEM_ERROR_TEXTS.hints.type);
    expect(sent.map((s) => s.body.message)).toEqual(['Boom on desktop', 'Script error.', 'Boom on TV']);
  });

  it("the server's page before the app has started is nobody's to use yet: an error shows the screen on a desktop too", () => {
    start();
    document.getElementById('root')!.innerHTML =
      '<div class="app-shell"><header class="site-header"></header><main>Home</main></div>';
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom early', error: new TypeError('Boom early') }));
    expect(screen()!.textContent).toContain('Boom early');
    expect(sent.map((s) => s.body.message)).toEqual(['Boom early']);
  });

  it("the server's page is not replaced by the screen after 15 s once the app has started", () => {
    const startup = start();
    document.getElementById('root')!.innerHTML = '<main>Home</main>';
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS - 1);
    startup.ready({ tv: false });
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS);
    expect(screen()).toBeNull();
  });

  it("the server's page whose app never started: the screen after 15 s", () => {
    start();
    document.getElementById('root')!.innerHTML = '<main>Home</main>';
    vi.advanceTimersByTime(STARTUP_TIMEOUT_MS);
    expect(screen()).not.toBeNull();
  });

  it("an old engine's SyntaxError in the modern entry is the hand-over to the legacy bundle: not reported, not shown", () => {
    start();
    const modern = 'http://tv.local/assets/index-Bx1y2z.js';
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught SyntaxError: Unexpected token ?',
        error: new SyntaxError('Unexpected token ?'),
        filename: modern,
      }),
    );
    expect(screen(), 'the root is still empty, and yet no screen').toBeNull();
    expect(sent).toEqual([]);
    // The same error in the legacy bundle is a real failure.
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught SyntaxError: Unexpected token',
        error: new SyntaxError('Unexpected token'),
        filename: 'http://tv.local/assets/index-legacy-Ab12.js',
      }),
    );
    expect(screen()!.textContent).toContain(SYSTEM_ERROR_TEXTS.hints.syntax);
    expect(sent).toHaveLength(1);
  });

  it('Copy Error Details: the clipboard, else a selected textarea and execCommand, with both toasts', async () => {
    const startup = start();
    startup.report(new SyntaxError("Unexpected token '?'"));
    expect(screen()!.textContent).toContain(SYSTEM_ERROR_TEXTS.hints.syntax);
    const copyButton = [...screen()!.querySelectorAll('button')].find(
      (b) => b.textContent === SYSTEM_ERROR_TEXTS.copy,
    )!;
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    copyButton.click();
    await vi.waitFor(() => expect(toastText()).toBe(SYSTEM_ERROR_TEXTS.copied));
    expect(writeText.mock.calls[0]![0]).toContain("Message: Unexpected token '?'");
    vi.advanceTimersByTime(TOAST_DEFAULT_MS);
    expect(toastText()).toBeUndefined();
    // No clipboard API (old engines), and the copy command refused: 'Failed to copy'.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn().mockReturnValue(false);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    copyButton.click();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(toastText()).toBe(SYSTEM_ERROR_TEXTS.copyFailed);
    execCommand.mockReturnValue(true);
    copyButton.click();
    expect(toastText()).toBe(SYSTEM_ERROR_TEXTS.copied);
  });
});

describe("start-up script: the app's modules (decision 0142)", () => {
  const LIST: AppModules = {
    scripts: ['/assets/app.js', '/assets/legacy-loader.js'],
    preloads: ['/assets/shared.js', '/assets/page.js'],
    // The app's to fetch once idle (lib/page-warmer.ts): never added here.
    next: ['/assets/detail.js'],
  };
  const added = () => ({
    scripts: appended.map((s) => s.getAttribute('src')),
    preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
  });
  /** A server's page: two pictures of the first screen, one lazy one, its whole sheet's preload and the module list. */
  function serverPage() {
    document.body.innerHTML =
      '<div id="root"><img id="hero" src="/uploads/hero.webp"><img id="poster" src="/uploads/p.webp" loading="eager">' +
      '<img id="later" src="/uploads/later.webp" loading="lazy"></div>' +
      `<link rel="preload" as="style" crossorigin ${PAGE_SHEET_ATTRIBUTE} href="/assets/index.css">` +
      `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${JSON.stringify(LIST)}</script>`;
    for (const id of ['hero', 'poster', 'later']) {
      Object.defineProperty(document.getElementById(id), 'complete', { value: false, configurable: true });
    }
  }
  /** The stylesheet links the script made of the page's preloads, in the head. */
  const headSheets = () => [...document.head.querySelectorAll<HTMLLinkElement>(`link[${PAGE_SHEET_ATTRIBUTE}]`)];
  const fire = (id: string, type = 'load') =>
    (id === 'sheet' ? headSheets()[0]! : document.getElementById(id)!).dispatchEvent(new Event(type));
  // The scripts are not run here: each one's load is the test's to fire.
  let appended: HTMLElement[] = [];
  beforeEach(() => {
    document.head.innerHTML = '';
    appended = [];
    const append = Node.prototype.appendChild;
    vi.spyOn(Node.prototype, 'appendChild').mockImplementation(function <T extends Node>(this: Node, node: T): T {
      if (node instanceof HTMLScriptElement && node.type === 'module') {
        appended.push(node);
        // A stand-in in the document, so the page shows what was added.
        const shown = document.createElement('script');
        shown.type = 'text/plain';
        shown.setAttribute('data-module', node.getAttribute('src')!);
        shown.setAttribute('data-crossorigin', String(node.getAttribute('crossorigin')));
        return append.call(this, shown) as unknown as T;
      }
      return append.call(this, node) as T;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("adds them once the first screen's pictures and sheets are in and a frame has shown them, one script after another", () => {
    serverPage();
    start();
    vi.advanceTimersByTime(500);
    expect(added(), 'nothing while the first screen loads').toEqual({ scripts: [], preloads: [] });
    fire('hero');
    fire('poster', 'error'); // a lost picture counts as in
    vi.advanceTimersByTime(500);
    expect(added().scripts, 'the sheet is still on its way').toEqual([]);
    fire('sheet');
    // The lazy picture is not waited for; a frame, then the modules.
    vi.advanceTimersByTime(16);
    vi.advanceTimersByTime(0);
    expect(added()).toEqual({ scripts: ['/assets/app.js'], preloads: LIST.preloads });
    const entry = appended[0]!;
    expect(entry.getAttribute('crossorigin')).toBe('');
    // The legacy loader only once the modern entry has run (or failed).
    entry.onload!(new Event('load'));
    expect(added().scripts).toEqual(LIST.scripts);
    expect(sent, 'nothing reported').toEqual([]);
  });

  it("where the browser reports its largest paint, after it has reported one of the first screen's pictures", () => {
    let report: ((list: { getEntries(): Array<{ element: Element | null }> }) => void) | null = null;
    const observed: unknown[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
      disconnect() {
        report = null;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    serverPage();
    start();
    expect(observed).toEqual([{ type: 'largest-contentful-paint', buffered: true }]);
    // The header's text painted first, and a picture outside the page: neither counts.
    const outside = document.body.appendChild(document.createElement('img'));
    report!({ getEntries: () => [{ element: document.querySelector('#root') }, { element: outside }] });
    fire('hero');
    fire('poster');
    fire('sheet');
    vi.advanceTimersByTime(100);
    expect(added().scripts, 'in, but not yet shown').toEqual([]);
    report!({ getEntries: () => [{ element: document.getElementById('hero') }] });
    expect(added().scripts).toEqual(['/assets/app.js']);
    expect(report, 'no longer observed').toBeNull();
  });

  it(`a picture that never arrives holds them back ${APP_MODULES_WAIT_MS} ms at most`, () => {
    serverPage();
    start();
    fire('poster');
    fire('sheet');
    vi.advanceTimersByTime(APP_MODULES_WAIT_MS - 1);
    expect(added().scripts).toEqual([]);
    vi.advanceTimersByTime(1 + 50);
    expect(added().scripts).toEqual(['/assets/app.js']);
  });

  it("in a hidden tab at once; a page whose pictures are in, a frame after its sheet; one with no picture, in the sheet's own task", () => {
    serverPage();
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    try {
      start();
      expect(added().scripts).toEqual(['/assets/app.js']);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
    // The pictures already in: once the sheet has loaded, a frame later.
    appended = [];
    document.head.innerHTML = '';
    serverPage();
    for (const id of ['hero', 'poster'])
      Object.defineProperty(document.getElementById(id), 'complete', { value: true });
    start();
    vi.advanceTimersByTime(100);
    expect(added().scripts).toEqual([]);
    fire('sheet');
    vi.advanceTimersByTime(50);
    expect(added().scripts).toEqual(['/assets/app.js']);
    // No picture to wait for (the forms): in the task its sheet arrived in,
    // before its load event; everything in already: at once.
    appended = [];
    document.head.innerHTML = '';
    serverPage();
    document.querySelectorAll('#root img').forEach((img) => img.remove());
    start();
    expect(added().scripts).toEqual([]);
    fire('sheet');
    expect(added().scripts).toEqual(['/assets/app.js']);
  });

  it("makes a stylesheet link of each page sheet's preload, at the end of the head, once the page is parsed, before the modules", () => {
    document.head.innerHTML = '<style id="rules">.a{}</style>';
    serverPage();
    document.body.insertAdjacentHTML(
      'beforeend',
      `<link rel="preload" as="style" crossorigin ${PAGE_SHEET_ATTRIBUTE} href="/assets/detail.css">`,
    );
    start();
    const sheets = headSheets();
    expect(sheets.map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('crossorigin')])).toEqual([
      ['stylesheet', '/assets/index.css', ''],
      ['stylesheet', '/assets/detail.css', ''],
    ]);
    // After the page's own rules, in the preloads' order; the preloads stay where they were.
    expect(document.head.lastElementChild).toBe(sheets[1]);
    expect(sheets[0]!.previousElementSibling!.id).toBe('rules');
    expect(document.body.querySelectorAll(`link[rel="preload"][${PAGE_SHEET_ATTRIBUTE}]`)).toHaveLength(2);
    // The modules wait for every one of them.
    fire('hero');
    fire('poster');
    sheets[0]!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(50);
    expect(added().scripts).toEqual([]);
    sheets[1]!.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(50);
    expect(added().scripts).toEqual(['/assets/app.js']);
    // In a hidden tab too, where the modules do not wait.
    appended = [];
    document.head.innerHTML = '';
    serverPage();
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    try {
      start();
      expect(headSheets().map((l) => l.getAttribute('href'))).toEqual(['/assets/index.css']);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
  });

  it('a picture with nothing to fetch (a card not wanted yet, a title with no poster) is not waited for', () => {
    serverPage();
    document.querySelectorAll('#root img').forEach((img) => img.remove());
    const box = document.getElementById('root')!.appendChild(document.createElement('img'));
    const mark = document.getElementById('root')!.appendChild(document.createElement('img'));
    mark.setAttribute('src', 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E');
    for (const img of [box, mark]) Object.defineProperty(img, 'complete', { value: false });
    start();
    expect(added().scripts).toEqual([]);
    fire('sheet');
    // As a page with no picture: in the sheet's own task, not after the cap.
    expect(added().scripts).toEqual(['/assets/app.js']);
  });

  it("a page without the list (the dev server's) keeps its own tags; a list cut short shows the screen", () => {
    start();
    vi.advanceTimersByTime(APP_MODULES_WAIT_MS + 100);
    expect(added()).toEqual({ scripts: [], preloads: [] });
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${APP_MODULES_ELEMENT_ID}">{"scripts":["/assets/a</script>`;
    start();
    expect(screen()).not.toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.name).toBe('SyntaxError');
  });
});
