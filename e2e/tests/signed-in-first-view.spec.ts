import {
  AUTH_FIELDS,
  ENGLISH_SUBTITLES_TEXTS,
  HISTORY_TEXTS,
  LIBRARY_TEXTS,
  loginBody,
  MESSAGES,
} from '@bosphorus/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { profileMenu } from '../pages/auth-pages.js';
import { HomePage } from '../pages/home-page.js';
import { api, knownSeries, richMovie } from '../support/catalogue.js';
import { layoutShift } from '../support/geometry.js';
import { holdRequests, startedAndAsked } from '../support/hold.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember, type Member } from '../support/session.js';

// Issue 25: the server renders a visitor's page; a signed-in viewer's parts
// (the header's account menu, favourites marks, canPlay's Watch Now, the
// home's own rows) are filled in after hydration from the browser's
// session, with no layout shift. A subscriber with a favourite movie and a
// favourite series opens each page fresh; every layout shift the page made
// since it began loading, none after an input, adds up to less than 0.01.
// And Watch Now pressed while the page still shows the visitor's answer
// opens the player, whose route decides (the race a CI run hit on a phone).

/** `member`'s own POST to `/api/user/{id}/{path}` with `form`, through the API; its answer's body. */
async function ownPost(
  request: APIRequestContext,
  member: Member,
  path: string,
  form: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const login = await request.post('/api/auth/token', {
    form: { [AUTH_FIELDS.loginEmail]: member.email, [AUTH_FIELDS.loginPassword]: member.password },
  });
  expect(login.status()).toBe(200);
  const { token } = loginBody.parse(((await login.json()) as { body: unknown }).body);
  const saved = await request.post(`/api/user/${member.id}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    form,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return ((await saved.json()) as { body: Record<string, unknown> }).body;
}

/** `member` keeps `path` (movies/5) among their favourites. */
async function favourite(request: APIRequestContext, member: Member, path: string): Promise<void> {
  expect((await ownPost(request, member, `wishlist/${path}`)).is_wishlist).toBe('1');
}

for (const tag of ['@viewport', '@tv'] as const) {
  test(`a subscriber's own parts arrive without moving the page: home, a series, a movie and a list ${tag}`, async ({
    page,
    request,
  }) => {
    const movie = await richMovie(request);
    const series = await knownSeries(request);
    const name = 'Selin Aydın';
    const member = await signedInMember(page, name, 'signed-in-first-view', { planDays: 30 });
    await favourite(request, member, `movies/${movie.movie_id}`);
    await favourite(request, member, `series/${series.serie_id}`);
    // And follows the series, hearing of new episodes and English subtitles (issue 28's choice).
    const followed = await ownPost(request, member, `user_notifications/${series.serie_id}/preference`, {
      notification_preference: 'both',
    });
    expect(followed.notification_preference).toBe('both');

    const visits: Array<{ path: string; filled: () => Promise<void>; after?: () => Promise<void> }> = [
      {
        path: '/',
        filled: () => expect(page.getByRole('heading', { name: MESSAGES.topSeries, exact: true })).toBeVisible(),
      },
      {
        path: `/seriesdetail/${series.serie_id}`,
        filled: async () => {
          await expect(
            page.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(series.serie_title) }),
          ).toHaveAttribute('aria-pressed', 'true');
          await expect(
            page
              .getByRole('group', { name: ENGLISH_SUBTITLES_TEXTS.preferenceLegend })
              .getByRole('button', { name: ENGLISH_SUBTITLES_TEXTS.preferences.both, exact: true }),
          ).toHaveAttribute('aria-pressed', 'true');
        },
      },
      {
        path: `/moviedetail/${movie.movie_id}`,
        filled: () =>
          expect(page.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(movie.movie_title) })).toHaveAttribute(
            'aria-pressed',
            'true',
          ),
        // canPlay: a subscriber's Watch Now opens the player, not the plans.
        after: async () => {
          await page.getByRole('main').getByRole('button', { name: 'Watch Now', exact: true }).first().click();
          await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
        },
      },
      { path: '/allseries', filled: () => expect(page.getByRole('main').getByRole('link').first()).toBeVisible() },
    ];
    for (const { path, filled, after } of visits) {
      await page.goto(path);
      // The viewer's parts are in: the account menu, and the page's own.
      await expect(profileMenu(page, name)).toBeVisible();
      await filled();
      const shifted = await layoutShift(page);
      expect(
        shifted.total,
        `layout shift of ${path} for a signed-in subscriber: ${shifted.shifts.join(' | ')}`,
      ).toBeLessThan(0.01);
      // The header's bar holds still when the viewer's links and account come (decision 0163).
      expect(
        shifted.shifts.filter((shift) => shift.includes('site-header')),
        `the header moved on ${path}`,
      ).toEqual([]);
      await after?.();
    }
    // Home's own row for a subscriber has its room kept only once it has drawn
    // (history.spec.ts: Continue Watching); here it has none, and takes none.
    await page.goto('/');
    await expect(page.getByRole('region', { name: HISTORY_TEXTS.continueWatching })).toHaveCount(0);
  });
}

/**
 * Holds the answers of `pathname` asked with the viewer's token (the
 * subscriber's own), so the page keeps showing the visitor's answer the
 * server rendered with; opens `path` and waits until the app has hydrated
 * and asked for that answer. Returns the release of the held answers.
 */
async function openWithOwnAnswerHeld(page: Page, path: string, pathname: string): Promise<() => void> {
  // (Its address carries `?user_id=`, which a glob would not match.)
  const own = await holdRequests(
    page,
    (url) => url.pathname === pathname,
    (request) => !!request.headers().authorization,
  );
  await page.goto(path);
  await startedAndAsked(page, own, "the subscriber's own answer");
  return own.release;
}

test("Watch Now pressed before a subscriber's own answer is in opens the player, not the plans", async ({
  page,
  request,
}) => {
  const movie = await richMovie(request);
  await signedInMember(page, 'Deniz Kaya', 'watch-now-early', { planDays: 30 });
  const release = await openWithOwnAnswerHeld(page, `/moviedetail/${movie.movie_id}`, `/api/movies/${movie.movie_id}`);
  await page.getByRole('main').getByRole('button', { name: MESSAGES.watchNow, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  release();
});

test("the hero's Watch Now on a movie, pressed before a subscriber's own home is in, opens the player", async ({
  page,
  request,
}) => {
  const { sliders } = await api.home(request);
  const index = sliders.findIndex((slider) => slider.movie);
  expect(index, 'the demo hero has a movie slide').toBeGreaterThanOrEqual(0);
  const movieId = sliders[index]!.movie!.movie_id;
  await signedInMember(page, 'Deniz Kaya', 'hero-watch-now-early', { planDays: 30 });
  const release = await openWithOwnAnswerHeld(page, '/', '/api/home');
  const home = new HomePage(page);
  await home.dot(index + 1).click();
  await expect(home.dot(index + 1)).toHaveAttribute('aria-current', /^(true|step)$/);
  await (await home.heroControl(MESSAGES.watchNow)).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movieId}$`));
  release();
});

test("a subscriber's Favorites and bell come into the room kept for them: the phone's hero does not grow @viewport", async ({
  page,
  request,
}) => {
  // The actions are a chunk of their own, fetched once the app knows the
  // viewer has a plan; held here past the first paint and the hydration,
  // the room the start-up script's html.subscriber keeps is what the page
  // shows meanwhile (decision 0161).
  const series = await knownSeries(request);
  await signedInMember(page, 'Selin Aydın', 'own-actions-room', { planDays: 30 });
  const actions = await holdRequests(page, /\/assets\/detail-actions-[^/]*\.js$/);
  await page.goto(`/seriesdetail/${series.serie_id}`);
  await startedAndAsked(page, actions, "the actions' chunk");
  await expect(page.locator('html')).toHaveClass(/(^|\s)subscriber(\s|$)/);
  const favourites = page.getByRole('button', { name: LIBRARY_TEXTS.watchlistFor(series.serie_title) });
  await expect(favourites).toHaveCount(0);
  actions.release();
  await expect(favourites).toBeVisible();
  await expect(page.getByRole('button', { name: LIBRARY_TEXTS.notificationsLabel(series.serie_title) })).toBeVisible();
  const shifted = await layoutShift(page);
  expect(shifted.total, `layout shift as the actions came: ${shifted.shifts.join(' | ')}`).toBeLessThan(0.01);
});
