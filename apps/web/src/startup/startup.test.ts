// @vitest-environment happy-dom
import { parse } from 'acorn';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_MODULES_ATTRIBUTE,
  APP_PRELOADS_ATTRIBUTE,
  APP_VERSION,
  ERROR_FILTERS,
  STARTUP_TIMEOUT_MS,
  SYSTEM_ERROR_TEXTS,
  TOAST_DEFAULT_MS,
} from '@bosphorus/contract';
import { shellMarkup } from '../shell/shell';
import { buildStartupScript } from './build';

// The start-up script as served (build.ts output), run in a DOM: ES5 only,
// the version change, the spec §8 filters and recursion guard, the page's
// own report limit, the 15-second timer and the System Error screen.

interface Startup {
  ready(options?: { tv?: boolean }): void;
  startApp(script: HTMLScriptElement | null): void;
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

  it('a render clears the timer (ready), and a rendered root is not replaced after 15 s', () => {
    const startup = start();
    document.getElementById('root')!.innerHTML = '<main>Home</main>';
    startup.ready({ tv: false });
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

  it('a root holding only the served page shell has rendered nothing: an error shows the screen on a desktop too', () => {
    start();
    document.getElementById('root')!.innerHTML = shellMarkup();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Boom early', error: new TypeError('Boom early') }));
    expect(screen()!.textContent).toContain('Boom early');
    expect(sent.map((s) => s.body.message)).toEqual(['Boom early']);
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

  describe("the app's modules, after the shell's first paint (decision 0099)", () => {
    function served(modules: string, preloads: string) {
      const script = document.createElement('script');
      script.setAttribute(APP_MODULES_ATTRIBUTE, modules);
      script.setAttribute(APP_PRELOADS_ATTRIBUTE, preloads);
      return script;
    }
    /** What the script adds to the head, kept out of the document (happy-dom would fetch it). */
    function added() {
      const nodes: Array<HTMLScriptElement | HTMLLinkElement> = [];
      vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
        nodes.push(node as unknown as HTMLScriptElement);
        return node;
      });
      return nodes;
    }
    const describeNode = (n: HTMLScriptElement | HTMLLinkElement) =>
      n instanceof HTMLScriptElement
        ? { script: n.getAttribute('src'), type: n.type, crossOrigin: n.crossOrigin }
        : { link: n.getAttribute('href'), rel: n.rel, crossOrigin: n.crossOrigin };

    it('after a frame, adds the first module script with the imports preloaded, and each next one once the one before has run', () => {
      const startup = start();
      const nodes = added();
      const frames: Array<() => void> = [];
      vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
      startup.startApp(
        served('/assets/index-A.js /assets/legacy-loader-B.js /assets/x-E.js', '/assets/c-C.js /assets/d-D.js'),
      );
      expect(nodes, 'nothing before the shell has painted').toEqual([]);
      expect(frames).toHaveLength(1);
      frames[0]!();
      expect(nodes, 'nothing within the frame that paints the shell').toEqual([]);
      vi.advanceTimersByTime(0);
      expect(nodes.map(describeNode)).toEqual([
        { script: '/assets/index-A.js', type: 'module', crossOrigin: 'anonymous' },
        { link: '/assets/c-C.js', rel: 'modulepreload', crossOrigin: 'anonymous' },
        { link: '/assets/d-D.js', rel: 'modulepreload', crossOrigin: 'anonymous' },
      ]);
      // The entry has run (or failed to parse: its load event all the same): the legacy loader next.
      nodes[0]!.dispatchEvent(new Event('load'));
      expect(nodes.map(describeNode).slice(3)).toEqual([
        { script: '/assets/legacy-loader-B.js', type: 'module', crossOrigin: 'anonymous' },
      ]);
      // A script that could not be fetched: the next one all the same.
      nodes[3]!.dispatchEvent(new Event('error'));
      nodes[3]!.dispatchEvent(new Event('load'));
      expect(nodes.map((n) => n.getAttribute('src') ?? n.getAttribute('href'))).toEqual([
        '/assets/index-A.js',
        '/assets/c-C.js',
        '/assets/d-D.js',
        '/assets/legacy-loader-B.js',
        '/assets/x-E.js',
      ]);
      vi.advanceTimersByTime(5_000);
      expect(nodes, 'once only').toHaveLength(5);
    });

    it('adds no legacy loader once the modern entry has run', () => {
      const startup = start();
      const nodes = added();
      vi.stubGlobal('requestAnimationFrame', (callback: () => void) => callback());
      startup.startApp(served('/assets/index-A.js /assets/legacy-loader-B.js', ''));
      vi.advanceTimersByTime(0);
      expect(nodes.map((n) => n.getAttribute('src'))).toEqual(['/assets/index-A.js']);
      // What the modern entry's first line does (legacy-bundle.ts MODERN_ENTRY_PREFIX).
      vi.stubGlobal('__vite_is_modern_browser', true);
      nodes[0]!.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(5_000);
      expect(nodes.map((n) => n.getAttribute('src'))).toEqual(['/assets/index-A.js']);
    });

    it('adds them after a second when no frame comes, and at once in a hidden tab', () => {
      const startup = start();
      const nodes = added();
      vi.stubGlobal('requestAnimationFrame', () => 0);
      startup.startApp(served('/assets/index-A.js', ''));
      vi.advanceTimersByTime(999);
      expect(nodes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(nodes.map(describeNode)).toEqual([
        { script: '/assets/index-A.js', type: 'module', crossOrigin: 'anonymous' },
      ]);
      const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
      startup.startApp(served('/assets/index-B.js', ''));
      expect(nodes.map((n) => n.getAttribute('src'))).toEqual(['/assets/index-A.js', '/assets/index-B.js']);
      hidden.mockRestore();
    });

    it('the version change comes before the first module, also when the modules are added at once', () => {
      localStorage.setItem('app_version', '109');
      localStorage.setItem('fcm_token', 'push');
      const startup = start();
      const versions: Array<string | null> = [];
      vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
        versions.push(localStorage.getItem('app_version'));
        return node;
      });
      const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
      startup.startApp(served('/assets/index-A.js', ''));
      hidden.mockRestore();
      expect(versions).toEqual([APP_VERSION]);
      expect(localStorage.getItem('fcm_token')).toBeNull();
      // Its own task finds it done: nothing is cleared twice.
      localStorage.setItem('fcm_token', 'again');
      vi.advanceTimersByTime(0);
      expect(localStorage.getItem('fcm_token')).toBe('again');
    });

    it('adds nothing where the document lists no modules (the dev server, a test page)', () => {
      const startup = start();
      const nodes = added();
      startup.startApp(null);
      startup.startApp(document.createElement('script'));
      vi.advanceTimersByTime(5_000);
      expect(nodes).toEqual([]);
    });
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
