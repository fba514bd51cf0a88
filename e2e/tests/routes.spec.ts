import { api, knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { routePaths } from '../support/web-build.js';

// Spec §2 route table (the app's own, as its server build names it): every
// route deep-links to the app; the rest is the app's own "Page not found".
// Routes of later roadmap steps are honest notices, not fake forms.

test('every route of the table answers 200 with the app', async ({ request }) => {
  const { movies } = await api.movies(request, { page: 1 });
  const { series } = await api.series(request, { page: 1 });
  const { seasons } = await knownSeries(request);
  const ids: Record<string, number> = {
    '/moviedetail/:id': movies[0]!.movie_id,
    '/movies/:id': movies[0]!.movie_id,
    '/seriesdetail/:id': series[0]!.serie_id,
    '/watch/:id': movies[0]!.movie_id,
    '/watchEpisodes/:id': seasons[0]!.episodes[0]!.episode_id,
  };
  const routes = await routePaths();
  expect(routes.length, 'the route table names the spec §2 addresses').toBeGreaterThan(30);
  for (const route of routes) {
    const path = route.replace(':id', String(ids[route] ?? 1));
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(await response.text(), path).toContain('<div id="root">');
  }
});

test('an unknown title on a player answers the same 404 as on its detail page (issue 15)', async ({ request }) => {
  for (const path of ['/moviedetail/999999', '/watch/999999', '/watchEpisodes/999999']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<div id="root">');
  }
});

test('the former Favorites address leads to Favorites (decision 0075)', async ({ request }) => {
  const response = await request.get('/profile/watch-later', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/profile/favorites');
});

test('an unknown address shows Page not found with a 404 @smoke', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Services shows its heading and text', async ({ page }) => {
  for (const path of ['/services', '/profile/calendar']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/English subtitles/i);
  }
});

// FAQ, policy pages and contact, and the one notice left (technical
// support): support-pages.spec.ts.

test('/profile opens Edit profile, which asks a visitor to sign in first', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?next=%2Fprofile%2Fedit-profile$/);
});
