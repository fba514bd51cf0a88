import { expect, type Page } from '@playwright/test';
import { AUTH_FIELDS, loginBody, TOKEN_COOKIE_EXPIRY } from '@bosphorus/contract';
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../../apps/web/src/lib/auth-store.js';
import { freshEmail, PASSWORD, profileMenu } from '../pages/auth-pages.js';
import { admin, control } from './admin.js';

// Accounts for the tests whose subject is not sign-up: the account is made
// on the server (support/serve.ts, as registration stores it), signed in
// through the API, and the session is put into the browser exactly where the
// app's own sign-in puts it (lib/session.ts signIn): the refresh cookie the
// server sets (HttpOnly, Path /api/auth, into the context's cookie jar), the
// access token in local storage and the `authToken` cookie, and the user in
// local storage. Seconds instead of a sign-up through the screens (the
// captcha's proof of work, the mail, the popup); accounts.spec.ts keeps the
// screens for sign-up and sign-in themselves.

export interface Member {
  id: number;
  name: string;
  email: string;
  password: string;
}

export interface MemberOptions {
  /** A complimentary plan of this many days (npm run admin -- grant-plan); none by default. */
  planDays?: number;
  /** false: the e-mail is not confirmed yet. Confirmed by default. */
  verified?: boolean;
}

/** A new account, `tag` naming it in the run's mail and logs; nothing in the browser yet. */
export async function createMember(name: string, tag: string, options: MemberOptions = {}): Promise<Member> {
  const member = { name, email: freshEmail(tag), password: PASSWORD };
  const created = await control('/create-user', { ...member, verified: options.verified ?? true });
  expect(created.code, created.out.join('\n')).toBe(0);
  if (options.planDays !== undefined) {
    const granted = await admin('grant-plan', member.email, String(options.planDays));
    expect(granted.code, granted.out.join('\n')).toBe(0);
  }
  return { ...member, id: Number(created.out[0]) };
}

/**
 * Signs `member` in through POST /api/auth/token and stores the session in
 * the page's browser context as the app does, without opening a page of the
 * app (a blank document on the site's origin holds the storage writes).
 */
export async function signInThroughApi(page: Page, member: Member): Promise<void> {
  // page.request shares the context's cookies: the answer's refresh cookie lands there.
  const response = await page.request.post('/api/auth/token', {
    form: { [AUTH_FIELDS.loginEmail]: member.email, [AUTH_FIELDS.loginPassword]: member.password },
  });
  expect(response.status(), `POST /api/auth/token for ${member.email}: ${await response.text()}`).toBe(200);
  const { token, user } = loginBody.parse(((await response.json()) as { body: unknown }).body);

  const origin = new URL(response.url()).origin;
  await page.context().addCookies([
    {
      name: TOKEN_COOKIE_NAME,
      value: encodeURIComponent(token),
      url: origin,
      expires: Math.floor(Date.now() / 1000) + TOKEN_COOKIE_EXPIRY * 3600,
      sameSite: 'Lax',
    },
  ]);
  const blank = `${origin}/e2e-session-storage`;
  const serveBlank = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>session</title>' });
  await page.route(blank, serveBlank);
  await page.goto(blank);
  await page.evaluate(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, JSON.stringify(user));
    },
    { keys: { token: TOKEN_STORAGE_KEY, user: USER_STORAGE_KEY }, token, user },
  );
  await page.unroute(blank, serveBlank);
}

/**
 * A new account (see createMember), signed in, on the home page with its
 * name in the header (and the subscribers' bell when it has a plan): where a
 * sign-up through the screens used to leave a test.
 */
export async function signedInMember(
  page: Page,
  name: string,
  tag: string,
  options: MemberOptions = {},
): Promise<Member> {
  const member = await createMember(name, tag, options);
  await signInThroughApi(page, member);
  await page.goto('/');
  await expect(profileMenu(page, name)).toBeVisible();
  if (options.planDays !== undefined) {
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();
  }
  return member;
}

/** An operator (an account given grant-admin) signed in on `page`. */
export async function operatorOn(page: Page, tag: string): Promise<Member> {
  const operator = await createMember('Operatör', tag);
  const granted = await admin('grant-admin', operator.email);
  expect(granted.code, granted.out.join('\n')).toBe(0);
  await signInThroughApi(page, operator);
  return operator;
}
