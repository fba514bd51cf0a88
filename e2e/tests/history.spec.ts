import { HISTORY_TEXTS } from '@bosphorus/contract';
import { toast } from '../pages/auth-pages.js';
import { HistoryPage, homeRow, watchAFewSeconds } from '../pages/history.js';
import { WatchPage } from '../pages/watch-page.js';
import { knownSeries, richMovie } from '../support/catalogue.js';
import { layoutShift } from '../support/geometry.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 9, history and continuing: what a subscriber watched in the player
// shows on /profile/history (filters, a series once, progress bars) and on
// home under Continue Watching; Delete all empties it (decision 0024).

test('history after watching: filters, a series once, Continue Watching on home, delete all @smoke', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const movie = await richMovie(request);
  const series = await knownSeries(request);
  const [first, second] = [...series.seasons[0]!.episodes].sort((a, b) => a.episode_number - b.episode_number);
  await signedInMember(page, 'Deniz Yıldız', 'history', { planDays: 30 });

  // A movie and two episodes of one series, a few seconds each, in the player.
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  await watchAFewSeconds(watch, movie.movie_id, watch.main.getByRole('link', { name: 'Movie details' }));
  for (const episode of [first!, second!]) {
    await watch.gotoEpisode(episode.episode_id);
    await watchAFewSeconds(
      watch,
      episode.episode_id,
      watch.main.getByRole('link', { name: series.serie_title, exact: true }),
    );
  }

  // /profile/history: newest first, the series once with its latest episode, with progress.
  const history = new HistoryPage(page);
  await history.goto();
  await expect(history.cards).toHaveCount(2);
  await expect(history.cards.nth(0)).toContainText(series.serie_title);
  await expect(history.cards.nth(0)).toContainText(`E${second!.episode_number} · ${second!.episode_title}`);
  await expect(history.cards.nth(0)).toHaveAttribute('href', `/watchEpisodes/${second!.episode_id}`);
  await expect(history.cards.nth(1)).toContainText(movie.movie_title);
  await expect(history.cards.nth(1)).toHaveAttribute('href', `/watch/${movie.movie_id}`);
  await expect(history.cards.nth(1)).toContainText(/\d+ s left/);
  await expect(history.cards.nth(1).locator('.watch-progress__bar')).toBeVisible();

  await expect(history.filter('All')).toHaveAttribute('aria-pressed', 'true');
  await history.filter('Movies').click();
  await expect(history.filter('Movies')).toHaveAttribute('aria-pressed', 'true');
  await expect(history.cards).toHaveCount(1);
  await expect(history.cards.first()).toContainText(movie.movie_title);
  await history.filter('Series').click();
  await expect(history.cards).toHaveCount(1);
  await expect(history.cards.first()).toContainText(series.serie_title);
  await history.filter('All').click();
  await expect(history.cards).toHaveCount(2);

  // Home: Continue Watching above the spec's rows, each card opening the player.
  await page.goto('/');
  const row = homeRow(page, HISTORY_TEXTS.continueWatching);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: new RegExp(series.serie_title) })).toHaveAttribute(
    'href',
    `/watchEpisodes/${second!.episode_id}`,
  );
  await expect(row.getByRole('link', { name: new RegExp(movie.movie_title) })).toHaveAttribute(
    'href',
    `/watch/${movie.movie_id}`,
  );
  // Above the spec's rows.
  const names = await page
    .getByRole('main')
    .locator('section[aria-label]')
    .evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label')));
  expect(names.indexOf(HISTORY_TEXTS.continueWatching)).toBeLessThan(names.indexOf('Top Series'));

  // The next visit's first paint (the server's visitor page) keeps the rows'
  // room: nothing moves when they arrive (issue 25, decision 0109).
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.locator('.home__continue-skeleton')).toHaveCount(0);
  const shifted = await layoutShift(page);
  expect(shifted.total, `layout shift of the signed-in home: ${shifted.shifts.join(' | ')}`).toBeLessThan(0.01);

  // Delete all, after confirming: the toast, then the empty state; home has no row any more.
  await history.goto();
  await history.deleteAll.click();
  await expect(history.confirm).toBeVisible();
  await history.confirm.getByRole('button', { name: HISTORY_TEXTS.confirmDelete, exact: true }).click();
  await expect(toast(page, HISTORY_TEXTS.deletedAll)).toBeVisible();
  await expect(history.empty).toBeVisible();
  await page.goto('/');
  await expect(homeRow(page, 'Top Series')).toBeVisible();
  await expect(homeRow(page, HISTORY_TEXTS.continueWatching)).toHaveCount(0);
});
