import { APP_MODULES_ELEMENT_ID } from '@bosphorus/contract';
import { expect, type Page, type Request } from '@playwright/test';
import { appStartedInPage } from './app-started.js';

// A slow link, on cue: the page's requests for one address wait until the
// test lets them go, so a test can act in the moment before an answer or a
// chunk is in (a press before the slider's code, the page before the
// viewer's own answer).

export interface HeldRequests {
  /** Whether the page has asked for the address since the hold began. */
  asked(): boolean;
  /** Lets every held request, and every later one, go on. */
  release(): void;
}

/**
 * Holds the page's requests whose URL matches `url` (and, when given, that
 * `also` accepts; the others go on at once) until `release()`.
 */
export async function holdRequests(
  page: Page,
  url: RegExp | ((url: URL) => boolean),
  also: (request: Request) => boolean = () => true,
): Promise<HeldRequests> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(url, async (route) => {
    if (also(route.request())) {
      asked = true;
      await held;
    }
    // The page may have gone meanwhile (the test ended, a navigation).
    await route.continue().catch(() => {});
  });
  return { asked: () => asked, release };
}

/**
 * Waits until the page's app has hydrated (its first commit told the
 * start-up script) and the page has asked for what `held` holds (`what`,
 * for the failure's message).
 */
export async function startedAndAsked(page: Page, held: HeldRequests, what: string): Promise<void> {
  await page.waitForFunction(appStartedInPage, { modulesId: APP_MODULES_ELEMENT_ID });
  await expect.poll(held.asked, { message: `${what} is asked for` }).toBe(true);
}
