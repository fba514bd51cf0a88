/**
 * Runs in the page: whether the app has taken the server's page over (its
 * first render committed, the start-up script's `started()`; decision 0142),
 * or there is nothing to wait for: a page without the app's module list
 * (`modulesId`), or the System Error screen. With `selector`, that element
 * must be drawn too. The browser tests wait for this after a navigation,
 * since the app may start after the load event, and an action before it
 * lands on the server's HTML. Plain code: it runs on Chromium 64 as well.
 */
export function appStartedInPage(on: { modulesId: string; selector?: string }): boolean {
  if (on.selector && !document.querySelector(on.selector)) return false;
  if (!document.getElementById(on.modulesId) || document.getElementById('system-error')) return true;
  const startup = (window as unknown as { __bosphorusStartup?: { started(): boolean } }).__bosphorusStartup;
  return !!startup && startup.started();
}
