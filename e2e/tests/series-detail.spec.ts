import {
  foldTurkish,
  matchesEpisodeQuery,
  searchEpisodes,
  seasonCountLabel,
  type SeriesDetail,
} from '@bosphorus/contract';
import { api, allSeries, knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';

// Spec §2 Series detail, §4 Other screens (episode search), §5 episode
// search rule; ui-contract "Series detail".

let series: SeriesDetail;
test.beforeAll(async ({ request }) => {
  series = await knownSeries(request);
  expect(series.seasons.length, `${series.serie_title} has several seasons`).toBeGreaterThan(1);
});

test('head block: title, status label, season count, subtitles, genres, year @smoke', async ({ seriesDetail }) => {
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.expectTitle(series.serie_title);
  await expect(seriesDetail.statusLabel(series.serie_completion)).toBeVisible();
  await expect(seriesDetail.main.getByText(seasonCountLabel(series.seasons.length), { exact: true })).toBeVisible();
  await expect(seriesDetail.subtitles).toBeVisible();
  for (const g of series.genres) await expect(seriesDetail.details).toContainText(g.genre_title);
  await expect(seriesDetail.details.getByText(String(series.serie_year), { exact: true })).toBeVisible();
  if (series.avg_rating !== undefined) await expect(seriesDetail.rating(series.avg_rating)).toBeVisible();
  await expect(seriesDetail.playTrailer).toBeVisible();
  // The bell and the bookmark are for users with a status only.
  await expect(seriesDetail.main.getByRole('button', { name: /notification|watchlist|favorite/i })).toHaveCount(0);
});

test('the other status and a single season read correctly', async ({ seriesDetail, request }) => {
  const cards = await allSeries(request);
  const other = cards.find((c) => c.serie_completion !== series.serie_completion);
  expect(other, 'the catalogue has both ongoing and ended series').toBeTruthy();
  await seriesDetail.goto(other!.serie_id);
  await expect(seriesDetail.statusLabel(other!.serie_completion)).toBeVisible();
  await expect(seriesDetail.main.getByText(seasonCountLabel(other!.seasons_count), { exact: true })).toBeVisible();

  const single = cards.find((c) => c.seasons_count === 1);
  test.skip(!single, 'no single-season series in the demo catalogue');
  await seriesDetail.goto(single!.serie_id);
  await expect(seriesDetail.main.getByText('1 Season', { exact: true })).toBeVisible();
});

test('season tabs switch the episodes', async ({ seriesDetail }) => {
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.episodesHeading.scrollIntoViewIfNeeded();
  await expect(seriesDetail.seasonTabs.getByRole('tab')).toHaveCount(series.seasons.length);
  const [s1, s2] = series.seasons as [SeriesDetail['seasons'][number], SeriesDetail['seasons'][number]];
  await expect(seriesDetail.seasonTab(1)).toHaveAttribute('aria-selected', 'true');
  await expect(seriesDetail.episodeTitle(s1.episodes[0]!.episode_title)).toBeVisible();
  await expect(seriesDetail.episodeNumberLabels()).toHaveCount(s1.episodes.length);

  await seriesDetail.seasonTab(2).click();
  await expect(seriesDetail.seasonTab(2)).toHaveAttribute('aria-selected', 'true');
  await expect(seriesDetail.seasonTab(1)).toHaveAttribute('aria-selected', 'false');
  await expect(seriesDetail.episodeTitle(s2.episodes[0]!.episode_title)).toBeVisible();
  await expect(seriesDetail.episodeTitle(s1.episodes[0]!.episode_title)).toBeHidden();
  await expect(seriesDetail.episodeNumberLabels()).toHaveCount(s2.episodes.length);
});

test('a Season Finale badge marks the last episode of a finished season', async ({ seriesDetail }) => {
  const index = series.seasons.findIndex((s) => s.episodes.some((e) => e.season_finale === 1));
  expect(index, 'a season with a finale').toBeGreaterThanOrEqual(0);
  const finale = series.seasons[index]!.episodes.find((e) => e.season_finale === 1)!;
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.seasonTab(series.seasons[index]!.season_number).click();
  const badge = seriesDetail.finaleBadges().first();
  await badge.scrollIntoViewIfNeeded();
  await expect(badge).toBeVisible();
  await expect(seriesDetail.finaleBadges()).toHaveCount(
    series.seasons[index]!.episodes.filter((e) => e.season_finale === 1).length,
  );
  await expect(seriesDetail.episodeTitle(finale.episode_title)).toBeVisible();
});

test('episode search by number gives a flat list across seasons', async ({ seriesDetail }) => {
  const expected = searchEpisodes(series.seasons, '3');
  const seasonsHit = series.seasons.filter((s) => s.episodes.some((e) => matchesEpisodeQuery(e, '3'))).length;
  expect(seasonsHit, 'matches in several seasons').toBeGreaterThan(1);
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.searchEpisodes('3');
  await expect(seriesDetail.seasonTabs).toBeHidden();
  await expect(seriesDetail.episodeNumberLabels()).toHaveCount(expected.length);
  for (const e of expected) await expect(seriesDetail.episodeTitle(e.episode_title)).toBeVisible();

  await seriesDetail.searchEpisodes('');
  await expect(seriesDetail.seasonTabs).toBeVisible();
});

test('episode search by title ignores case and Turkish letters', async ({ seriesDetail }) => {
  // A title word with a Turkish letter, typed as on an English keyboard in
  // capitals: 'Söğüt on the Horizon' is found by 'SOGUT'.
  const turkish = /[çğıİöşüÇĞÖŞÜ]/;
  const candidates = series.seasons
    .flatMap((s) => s.episodes)
    .flatMap((e) =>
      e.episode_title
        .split(/\s+/)
        .filter((w) => turkish.test(w))
        .map((w) => ({ e, w })),
    )
    .map(({ e, w }) => ({ episode: e, query: foldTurkish(w).split(' ')[0]!.toUpperCase() }))
    .filter(({ query }) => query.length >= 4);
  expect(candidates.length, 'an episode title with a Turkish letter').toBeGreaterThan(0);
  const { episode, query } = candidates[0]!;
  const expected = searchEpisodes(series.seasons, query);
  expect(expected.map((e) => e.episode_id)).toContain(episode.episode_id);

  await seriesDetail.goto(series.serie_id);
  await seriesDetail.searchEpisodes(query);
  await expect(seriesDetail.episodeNumberLabels()).toHaveCount(expected.length);
  for (const e of expected) await expect(seriesDetail.episodeTitle(e.episode_title)).toBeVisible();
});

test('an episode search without matches says so', async ({ seriesDetail }) => {
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.searchEpisodes('zzqx');
  await expect(seriesDetail.noEpisodes).toBeVisible();
  await expect(seriesDetail.episodeNumberLabels()).toHaveCount(0);
});

test('Watch Now sends a visitor to sign in', async ({ seriesDetail, page }) => {
  await seriesDetail.goto(series.serie_id);
  await seriesDetail.watchNow.click();
  // Sign in first, then back to the episode (issue 15, decision 0074).
  await expect(page).toHaveURL(/\/signin\?next=%2FwatchEpisodes%2F\d+$/);
});

test('Top Cast, Trailer, Share and Reviews sections', async ({ seriesDetail, request }) => {
  const detail = await api.seriesDetail(request, series.serie_id);
  await seriesDetail.goto(series.serie_id);
  await expect(seriesDetail.castHeading).toBeVisible();
  for (const person of detail.casts.slice(0, 3)) {
    await expect(seriesDetail.castSection.getByText(person.name, { exact: true })).toBeVisible();
  }
  if (detail.serie_trailer) {
    await seriesDetail.trailerHeading.scrollIntoViewIfNeeded();
    // A facade until pressed (decision 0066), then the frame in its place.
    const facade = seriesDetail.main.getByRole('button', {
      name: `Play the ${detail.serie_title} trailer`,
      exact: true,
    });
    await expect(seriesDetail.trailerFrame(detail.serie_title)).toHaveCount(0);
    await facade.click();
    await expect(seriesDetail.trailerFrame(detail.serie_title)).toBeVisible();
    await expect(facade).toHaveCount(0);
  }
  await expect(seriesDetail.share).toBeVisible();
  await expect(seriesDetail.share.getByRole('link')).toHaveCount(5);
  await seriesDetail.reviewsHeading.scrollIntoViewIfNeeded();
  await expect(seriesDetail.reviewsHeading).toBeVisible();
  await expect(seriesDetail.signInToReview).toBeVisible();
});

test('#trailer deep link scrolls to the trailer @viewport', async ({ seriesDetail }) => {
  await seriesDetail.goto(series.serie_id, '#trailer');
  await expect(seriesDetail.trailerSection).toBeInViewport();
});

test('the served HTML carries Open Graph tags for the series', async ({ request }) => {
  const html = await (await request.get(`/seriesdetail/${series.serie_id}`)).text();
  expect(html).toContain('<meta property="og:type" content="video.tv_show">');
  expect(html).toMatch(/<meta property="og:title" content="[^"]*Diriliş: Ertuğrul/);
  expect(html).toMatch(/<meta name="twitter:card" content="summary(_large_image)?">/);
});
