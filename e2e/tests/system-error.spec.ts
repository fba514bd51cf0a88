import {
  APP_VERSION,
  PAGE_LOAD_TEXTS,
  STARTUP_TIMEOUT_MS,
  SUPPORT_TEXTS,
  SYSTEM_ERROR_TEXTS as T,
} from '@bosphorus/contract';
import type { Page } from '@playwright/test';
import { freshEmail, profileMenu, registerAndVerify } from '../pages/auth-pages.js';
import { admin } from '../support/admin.js';
import { expect, test } from '../support/fixtures.js';

// Issue 14 "Start-up and errors" (spec §2 System error screen, §4 Start-up,
// Version change, Global errors, §8 Application error screen): drawn by the
// ES5 start-up script, so it shows when the app's bundle never runs.

const TV_UA =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/5.0 TV Safari/537.36';

const LEGACY_ASK = /index-legacy-[^ ]*\.js/;

/**
 * The modern entry did not run, so the start-up script asks for the legacy
 * one too (decision 0099), blocked as well: that ask, and SystemJS's
 * rejected import of it (`uncaught Error: …/index-legacy-….js … #3`), are the
 * test's own. They come after the error screen is up, one after the other,
 * so both are waited for, then set aside (a CI run met the second after the
 * first had been set aside).
 */
async function dropBlockedBundle(problems: string[]): Promise<void> {
  const asked = (p: string) => LEGACY_ASK.test(p) && p.startsWith('legacy bundle asked for');
  const refused = (p: string) => LEGACY_ASK.test(p) && p.startsWith('uncaught') && p.includes('SystemJS');
  await expect
    .poll(() => problems.some(asked) && problems.some(refused), {
      message: 'the legacy bundle is asked for and its import fails',
    })
    .toBe(true);
  problems.splice(0, problems.length, ...problems.filter((p) => !LEGACY_ASK.test(p)));
}

/** The app has started: it has taken the server's page in #root over (hydrateRoot, decision 0107). */
async function appDrawn(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer$'))),
    )
    .toBe(true);
}

const errorScreen = (page: Page) => page.getByRole('alertdialog', { name: T.title });

async function expectEveryField(page: Page) {
  const screen = errorScreen(page);
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await expect(screen).toContainText(T.intro);
  await expect(screen).toContainText(T.closing);
  for (const label of Object.values(T.fields)) {
    await expect(screen.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(screen.getByRole('button', { name: T.refresh })).toBeVisible();
  await expect(screen.getByRole('button', { name: T.copy })).toBeVisible();
}

test.describe('desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project: the screen is the same at every size');

  test('the main bundle blocked: the System Error screen at once, Refresh Page loads the site', async ({
    page,
    pageProblems,
  }) => {
    let block = true;
    await page.route('**/assets/index-*.js', (route) => (block ? route.abort() : route.continue()));
    await page.goto('/');
    await expectEveryField(page);
    const screen = errorScreen(page);
    await expect(screen).toContainText('ScriptLoadError');
    await expect(screen).toContainText(T.hints.script);
    // The Refresh button has the focus (a remote's OK presses it).
    await expect(screen.getByRole('button', { name: T.refresh })).toBeFocused();
    await dropBlockedBundle(pageProblems);
    block = false;
    await screen.getByRole('button', { name: T.refresh }).click();
    await expect(errorScreen(page)).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test("a page's code failing to load: a retry state inside the layout, then the page by itself", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    let down = true;
    // The server restarting: the FAQ page's code cannot be fetched.
    await page.route('**/assets/faq-page-*', (route) => (down ? route.abort() : route.continue()));
    await page.evaluate(() => {
      history.pushState({}, '', '/profile/faq');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: PAGE_LOAD_TEXTS.title })).toBeVisible();
    // The header and layout stay.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(errorScreen(page)).toHaveCount(0);
    down = false;
    // No button pressed: the backoff (or the online event) brings the page.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { level: 1, name: SUPPORT_TEXTS.faqTitle })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('the main bundle never arrives: the 15-second start-up timer shows the timeout', async ({ page }) => {
    // Page time stands still until the test moves it.
    const start = new Date('2026-11-26T12:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    // The request hangs: no load error, the root stays empty.
    await page.route('**/assets/index-*.js', () => {});
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => '__bosphorusStartup' in window)).toBe(true);
    await page.clock.runFor(STARTUP_TIMEOUT_MS - 1_000);
    await expect(errorScreen(page)).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expectEveryField(page);
    await expect(errorScreen(page)).toContainText(T.startupTimeout);
    await expect(errorScreen(page)).toContainText(T.hints.timeout);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('Copy Error Details: both toasts', async ({ page, context, pageProblems }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/');
    const copy = errorScreen(page).getByRole('button', { name: T.copy });
    await copy.click();
    await expect(page.getByRole('status').filter({ hasText: T.copied })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${T.fields.name}: ScriptLoadError`);
    expect(copied).toContain(`${T.fields.pageUrl}: `);
    // No clipboard at all, and the copy command refused (an old engine in a locked-down mode).
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
      document.execCommand = () => false;
    });
    await copy.click();
    await expect(page.getByRole('alert').filter({ hasText: T.copyFailed })).toBeVisible();
    await dropBlockedBundle(pageProblems);
  });

  test.describe('on a TV', () => {
    test.use({ userAgent: TV_UA });
    test('a thrown error shows the screen over a rendered page, and is reported', async ({ page, pageProblems }) => {
      await page.goto('/');
      await appDrawn(page);
      const message = `Boom on a TV ${Date.now()}`;
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new TypeError(text);
        });
      }, message);
      await expectEveryField(page);
      const screen = errorScreen(page);
      await expect(screen).toContainText(message);
      await expect(screen).toContainText('TypeError');
      await expect(screen).toContainText(T.hints.type);
      await expect(screen).toContainText(TV_UA);
      // Stored for operators, with the §9 frontend_version.
      await expect.poll(async () => (await admin('client-errors', '50')).out.join('\n')).toContain(`error  ${message}`);
      expect((await admin('client-errors', '50')).out.find((l) => l.includes(message))).toContain(`v${APP_VERSION}`);
      // The error was thrown on purpose: not one of the page problems this suite fails on.
      pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !p.includes(message)));
    });
  });

  test('a thrown error on a desktop with the page rendered: reported, no screen', async ({ page, pageProblems }) => {
    await page.goto('/');
    await appDrawn(page);
    const message = `Boom on a desktop ${Date.now()}`;
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);
    await expect.poll(async () => (await admin('client-errors', '50')).out.join('\n')).toContain(`error  ${message}`);
    await expect(errorScreen(page)).toHaveCount(0);
    await expect(page.getByRole('banner')).toBeVisible();
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !p.includes(message)));
  });

  test("version change: storage from an old version is cleared, the user and token kept, '110' stored", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = freshEmail('version');
    await registerAndVerify(page, 'Emre Aydın', email);
    const before = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      token: localStorage.getItem('authToken'),
    }));
    expect(before.user).toContain(email);
    await page.evaluate(() => {
      localStorage.setItem('app_version', '109');
      localStorage.setItem('old_setting', 'x');
      sessionStorage.setItem('old_session', 'y');
      document.cookie = 'old_cookie=z; path=/';
    });
    await page.reload();
    await expect(profileMenu(page, 'Emre Aydın')).toBeVisible();
    const after = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      token: localStorage.getItem('authToken'),
      version: localStorage.getItem('app_version'),
      old: localStorage.getItem('old_setting'),
      session: sessionStorage.getItem('old_session'),
      cookie: document.cookie,
    }));
    expect(after.user).toBe(before.user);
    expect(after.token).toBe(before.token);
    expect(after.version).toBe(APP_VERSION);
    expect(after.old).toBeNull();
    expect(after.session).toBeNull();
    expect(after.cookie).not.toContain('old_cookie');
    expect(after.cookie).toContain('authToken=');
  });
});

test('the System Error screen by the remote: Refresh Page has the focus, the arrows reach Copy Error Details @tv', async ({
  page,
  pageProblems,
}) => {
  // The app never starts (its bundle blocked): the screen moves the focus itself (issue 26).
  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.goto('/');
  const screen = errorScreen(page);
  await expect(screen).toBeVisible();
  const refresh = screen.getByRole('button', { name: T.refresh });
  const copy = screen.getByRole('button', { name: T.copy });
  await expect(refresh).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(copy).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(refresh).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(copy).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(refresh).toBeFocused();
  await dropBlockedBundle(pageProblems);
});

test('error reports are stored through the API: 202, 400 naming the field', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'an API check');
  const message = `Reported through the API ${Date.now()}`;
  const ok = await request.post('/api/error-reports', {
    data: { type: 'unhandledrejection', message, frontend_version: APP_VERSION, page_url: '/allseries' },
  });
  expect(ok.status()).toBe(202);
  expect(await ok.json()).toEqual({ message: T.reportReceived });
  const bad = await request.post('/api/error-reports', { data: { type: 'error', frontend_version: APP_VERSION } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ field: 'message' });
  const { out } = await admin('client-errors', '50');
  expect(out.join('\n')).toContain(`unhandledrejection  ${message}`);
});
