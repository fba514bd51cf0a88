import type { APIRequestContext, Page } from '@playwright/test';
import { api, knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';
import { routePaths } from '../support/web-build.js';

// Issue 15: a clean console on every page. Every route of the app's table
// (as its server build names it), as a visitor and as a subscriber, fails on
// any console error or warning, an uncaught error, a request that failed, or
// an answer of ours with an error status, while the page loads and settles.
// Other sites' frames (the YouTube trailer, offline here) are not ours to judge.

async function routeIds(request: APIRequestContext): Promise<Record<string, number>> {
  const { movies } = await api.movies(request, { page: 1 });
  const series = await knownSeries(request);
  const episode = series.seasons.flatMap((s) => s.episodes)[0]!;
  return {
    '/moviedetail/:id': movies[0]!.movie_id,
    '/movies/:id': movies[0]!.movie_id,
    '/seriesdetail/:id': series.serie_id,
    '/watch/:id': movies[0]!.movie_id,
    '/watchEpisodes/:id': episode.episode_id,
  };
}

/** Everything the page said or asked for that went wrong, from now on. */
function listenForNoise(page: Page, origins: string[]): string[] {
  const noise: string[] = [];
  const ours = (url: string) => origins.some((o) => url.startsWith(o));
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    if (where && !ours(where)) return;
    noise.push(`console ${message.type()}: ${message.text()} (${where})`);
  });
  page.on('requestfailed', (request) => {
    if (!ours(request.url())) return;
    const reason = request.failure()?.errorText ?? '';
    // A navigation away cancels what the page still had in flight: not a failure of the site.
    if (/ERR_ABORTED|NS_BINDING_ABORTED/.test(reason)) return;
    noise.push(`failed ${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('response', (response) => {
    if (!ours(response.url()) || response.status() < 400) return;
    // The document of an unknown page says 404 on purpose; none of these routes is one.
    noise.push(`${response.status()} for ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return noise;
}

async function visitEveryRoute(page: Page, ids: Record<string, number>, noise: string[]) {
  for (const route of await routePaths()) {
    const path = route.replace(':id', String(ids[route] ?? 1));
    const before = noise.length;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(noise.slice(before), `console and requests on ${path}`).toEqual([]);
  }
}

test('every page keeps a clean console, for a visitor', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const ids = await routeIds(request);
  const noise = listenForNoise(page, [baseURL!, process.env.E2E_MEDIA_BACKUP_ORIGIN ?? baseURL!]);
  await visitEveryRoute(page, ids, noise);
});

test('every page keeps a clean console, for a subscriber', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const ids = await routeIds(request);
  await signedInMember(page, 'Derya Koç', 'clean-console', { planDays: 30 });
  const noise = listenForNoise(page, [baseURL!, process.env.E2E_MEDIA_BACKUP_ORIGIN ?? baseURL!]);
  await visitEveryRoute(page, ids, noise);
});
