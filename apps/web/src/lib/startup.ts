import { isSmartTv } from './smart-tv';

// The app's side of the start-up script (src/startup/startup.js, decision
// 0052): once the app has rendered, the 15-second timer is cleared and the
// script learns whether this is a TV (spec §4: every uncaught error then
// shows the System Error screen).

interface StartupScript {
  ready(options: { tv: boolean }): void;
  /** Whether `ready` has been called: the browser tests wait for it after a navigation (decision 0142). */
  started(): boolean;
  report(error: unknown): void;
  /** Clears every browser storage (spec §2 Technical support), then calls `done`. */
  clearAll(done: () => void): void;
}

declare global {
  interface Window {
    __bosphorusStartup?: StartupScript;
  }
}

/** Spec §4 Start-up: a successful render clears the timer. */
export function markStarted(): void {
  window.__bosphorusStartup?.ready({ tv: isSmartTv() });
}
