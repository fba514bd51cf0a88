import { LIBRARY_TEXTS, PLAYER_MESSAGES } from '@bosphorus/contract';
import { toast } from '../pages/auth-pages.js';
import { expectNoSeriousViolations } from '../pages/support-pages.js';
import { bell, bookmark, FavoritesPage } from '../pages/watchlist.js';
import { knownSeries, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 9, favourites: a subscriber bookmarks a movie and a series on their
// pages (spec §8 toasts), finds both on /profile/favorites, filters them,
// removes one from its card; the series bell toggles with its toast; a user
// without a plan sees the not-subscribed fallback (decision 0022).

test('bookmark a movie and a series, find and filter them on Favorites, remove one; the bell @smoke', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const movie = await richMovie(request);
  const series = await knownSeries(request);
  await signedInMember(page, 'Elif Şahin', 'watchlist', { planDays: 30 });

  // Movie page: the bookmark, its 3-second toast, the icon on.
  await page.goto(`/moviedetail/${movie.movie_id}`);
  const movieMark = bookmark(page.getByRole('main'), movie.movie_title);
  await expect(movieMark).toHaveAttribute('aria-pressed', 'false');
  await movieMark.click();
  await expect(toast(page, LIBRARY_TEXTS.toastAdded(movie.movie_title, movie.movie_year))).toBeVisible();
  await expect(movieMark).toHaveAttribute('aria-pressed', 'true');

  // Series page: the bookmark and the bell.
  await page.goto(`/seriesdetail/${series.serie_id}`);
  const main = page.getByRole('main');
  const seriesMark = bookmark(main, series.serie_title);
  await seriesMark.click();
  await expect(toast(page, LIBRARY_TEXTS.toastAdded(series.serie_title, series.serie_year))).toBeVisible();
  await expect(seriesMark).toHaveAttribute('aria-pressed', 'true');
  const seriesBell = bell(main, series.serie_title);
  await expect(seriesBell).toHaveAttribute('aria-pressed', 'false');
  await seriesBell.click();
  await expect(toast(page, LIBRARY_TEXTS.toastNotificationsOn(series.serie_title))).toBeVisible();
  await expect(seriesBell).toHaveAttribute('aria-pressed', 'true');
  // Both stay as they are after a reload: the server's flags for this viewer.
  await page.reload();
  await expect(bookmark(main, series.serie_title)).toHaveAttribute('aria-pressed', 'true');
  await expect(bell(main, series.serie_title)).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousViolations(page);
  await bell(main, series.serie_title).click();
  await expect(toast(page, LIBRARY_TEXTS.toastNotificationsOff(series.serie_title))).toBeVisible();
  await expect(bell(main, series.serie_title)).toHaveAttribute('aria-pressed', 'false');

  // Favorites: both saved cards, newest first, and the filters.
  const favorites = new FavoritesPage(page);
  await favorites.goto();
  await expect(favorites.back).toBeVisible();
  await expect(favorites.grid.getByRole('listitem')).toHaveCount(2);
  await expect(favorites.grid.getByRole('heading', { level: 3 })).toHaveText([series.serie_title, movie.movie_title]);
  await expect(favorites.filter('All')).toHaveAttribute('aria-pressed', 'true');
  await favorites.filter('Movies').click();
  await expect(favorites.filter('Movies')).toHaveAttribute('aria-pressed', 'true');
  await expect(favorites.grid.getByRole('heading', { level: 3 })).toHaveText([movie.movie_title]);
  await favorites.filter('Series').click();
  await expect(favorites.grid.getByRole('heading', { level: 3 })).toHaveText([series.serie_title]);
  await favorites.filter('All').click();
  await expectNoSeriousViolations(page);

  // Remove the movie from its card: the toast, and the card leaves the grid.
  const card = favorites.card(movie.movie_title);
  await expect(bookmark(card, movie.movie_title)).toHaveAttribute('aria-pressed', 'true');
  await bookmark(card, movie.movie_title).click();
  await expect(toast(page, LIBRARY_TEXTS.toastRemoved(movie.movie_title, movie.movie_year))).toBeVisible();
  await expect(favorites.grid.getByRole('heading', { level: 3 })).toHaveText([series.serie_title]);
});

test('without a plan: the Favorites fallback, and no bookmark on title pages', async ({ page, request }) => {
  test.setTimeout(120_000);
  const movie = await richMovie(request);
  await signedInMember(page, 'Can Demir', 'no-plan-favorites');
  // The spec's former address leads to the page under its name (decision 0075).
  await page.goto('/profile/watch-later');
  await expect(page).toHaveURL(/\/profile\/favorites$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'No active subscription' })).toBeVisible();
  await expect(main.getByRole('link', { name: PLAYER_MESSAGES.chooseAPlan })).toBeVisible();
  await page.goto(`/moviedetail/${movie.movie_id}`);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(movie.movie_title);
  await expect(bookmark(page, movie.movie_title)).toHaveCount(0);
});
