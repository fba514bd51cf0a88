import { AUTH_LABELS, MESSAGES, parseTrailerId, WATCH_GATE_TEXTS, type MovieDetail } from '@bosphorus/contract';
import { SHARE_NETWORKS } from '../pages/movie-detail-page.js';
import { CheckoutCompletePage, ChoosePlanPage } from '../pages/plans-page.js';
import { packages, planOfType } from '../support/billing.js';
import { createMember, signedInMember } from '../support/session.js';
import { formatDuration, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';

// Spec §2 Movie detail, §4 Watch Now; ui-contract "Movie detail".

let movie: MovieDetail;
const trailerId = (m: MovieDetail) => {
  const id = parseTrailerId(m.movie_trailer);
  if (!id) throw new Error(`${m.movie_title} has no trailer`);
  return id;
};
test.beforeAll(async ({ request }) => {
  movie = await richMovie(request);
});

test('shows the head block: title, rating, subtitles, genres, year, duration @smoke', async ({ movieDetail }) => {
  await movieDetail.goto(movie.movie_id);
  await movieDetail.expectTitle(movie.movie_title);
  await expect(movieDetail.rating(Math.round(movie.avg_rating!))).toBeVisible();
  await expect(movieDetail.subtitles).toBeVisible();
  for (const g of movie.genres) await expect(movieDetail.details).toContainText(g.genre_title);
  await expect(movieDetail.details.getByText(String(movie.movie_year), { exact: true })).toBeVisible();
  await expect(movieDetail.details).toContainText(formatDuration(movie.movie_duration));
  await expect(movieDetail.main.getByRole('img', { name: `${movie.movie_title} poster` })).toBeVisible();
  await expect(movieDetail.watchNow).toBeVisible();
  await expect(movieDetail.playTrailer).toBeVisible();
});

test('sections: Top Cast, Trailer, Reviews and Recommended', async ({ movieDetail }) => {
  await movieDetail.goto(movie.movie_id);
  await expect(movieDetail.castHeading).toBeVisible();
  for (const person of movie.casts.slice(0, 3)) {
    await expect(movieDetail.castSection.getByText(person.name, { exact: true })).toBeVisible();
  }
  await movieDetail.trailerHeading.scrollIntoViewIfNeeded();
  await expect(movieDetail.trailerHeading).toBeVisible();
  // The facade stands in the frame's box until pressed (decision 0066).
  const facade = movieDetail.trailerFacade(movie.movie_title);
  await expect(facade).toBeVisible();
  const box = (await facade.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(1100);
  expect(box.height).toBeLessThanOrEqual(600);
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);

  await movieDetail.reviewsHeading.scrollIntoViewIfNeeded();
  await expect(movieDetail.reviewsHeading).toBeVisible();
  const review = movie.movies_reviews[0]!;
  await expect(movieDetail.main.getByText(review.content, { exact: true })).toBeVisible();
  await expect(movieDetail.main.getByText(review.user, { exact: true }).first()).toBeVisible();
  await expect(movieDetail.signInToReview).toBeVisible();
  await expect(movieDetail.main.getByRole('textbox')).toHaveCount(0);

  await movieDetail.recommended.scrollIntoViewIfNeeded();
  await expect(movieDetail.recommended.getByRole('heading', { name: MESSAGES.recommended })).toBeVisible();
  const hrefs = await movieDetail.recommended
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/moviedetail\/\d+$/);
});

test('trailer facade: no frame and no request to the video host until pressed; the press creates the frame @viewport', async ({
  movieDetail,
  page,
}) => {
  const thirdParty: string[] = [];
  page.on('request', (r) => {
    if (/youtube/.test(new URL(r.url()).hostname)) thirdParty.push(r.url());
  });
  await movieDetail.goto(movie.movie_id);
  const facade = movieDetail.trailerFacade(movie.movie_title);
  await facade.scrollIntoViewIfNeeded();
  await expect(facade).toBeVisible();
  // The facade's picture is the title's own cover, loaded at a width for the box.
  const picture = facade.locator('img');
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(picture).toHaveAttribute('srcset', /-640\.webp 640w/);
  await expect(movieDetail.trailerSection.locator('iframe')).toHaveCount(0);
  expect(thirdParty).toEqual([]);

  // By keyboard: the facade is a button; Enter presses it.
  await facade.focus();
  await page.keyboard.press('Enter');
  const frame = movieDetail.trailerFrame(movie.movie_title);
  await expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${trailerId(movie)}?autoplay=1`);
  await expect(facade).toHaveCount(0);
  await expect(movieDetail.trailerSection).toBeFocused();
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(1100);
  expect(box.height).toBeLessThanOrEqual(600);
});

test('#trailer and #details deep links scroll to their sections @viewport', async ({ movieDetail }) => {
  await movieDetail.goto(movie.movie_id, '#trailer');
  await expect(movieDetail.trailerSection).toBeInViewport();
  await movieDetail.goto(movie.movie_id, '#details');
  await expect(movieDetail.details).toBeInViewport();
});

test('Play Trailer scrolls to the trailer and starts it in place of the facade', async ({ movieDetail }) => {
  await movieDetail.goto(movie.movie_id);
  await expect(movieDetail.trailerSection.locator('iframe')).toHaveCount(0);
  await movieDetail.playTrailer.click();
  await expect(movieDetail.trailerSection).toBeInViewport();
  await expect(movieDetail.trailerFrame(movie.movie_title)).toHaveAttribute(
    'src',
    /\/embed\/[A-Za-z0-9_-]{11}\?autoplay=1$/,
  );
  await expect(movieDetail.trailerFacade(movie.movie_title)).toHaveCount(0);
});

test('Watch Now sends a visitor to sign in, saying why, and back to the title after signing in', async ({
  movieDetail,
  page,
}) => {
  const member = await createMember('Ece Kaya', 'watch-now-return', { planDays: 30 });
  await movieDetail.goto(movie.movie_id);
  await movieDetail.watchNow.click();
  await expect(page).toHaveURL(new RegExp(`/signin\\?next=%2Fwatch%2F${movie.movie_id}$`));
  await expect(page.getByRole('status').filter({ hasText: WATCH_GATE_TEXTS.signInToWatch })).toBeVisible();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: AUTH_LABELS.logIn }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: movie.movie_title })).toBeVisible();
});

test('Watch Now without a plan: the plans say why, and paying leads back to the title', async ({
  movieDetail,
  page,
}) => {
  test.setTimeout(120_000);
  await signedInMember(page, 'Ozan Çelik', 'watch-now-pay');
  await movieDetail.goto(movie.movie_id);
  await movieDetail.watchNow.click();
  await expect(page).toHaveURL(new RegExp(`/choosepayment\\?next=%2Fwatch%2F${movie.movie_id}$`));
  await expect(page.getByText(WATCH_GATE_TEXTS.choosePlanToWatch)).toBeVisible();
  const plans = new ChoosePlanPage(page);
  await plans.expectPlanList();
  const plan = planOfType(await packages(page.request), 'monthly');
  const checkout = await plans.payByCard(plan);
  await checkout.pay(plan).click();
  const complete = new CheckoutCompletePage(page);
  await expect(complete.confirmed).toBeVisible({ timeout: 30_000 });
  await complete.startWatching.click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: movie.movie_title })).toBeVisible();
});

test('share links for five networks carry the page address', async ({ movieDetail, page }) => {
  await movieDetail.goto(movie.movie_id);
  await movieDetail.share.scrollIntoViewIfNeeded();
  const encoded = encodeURIComponent(new URL(page.url()).origin + `/moviedetail/${movie.movie_id}`);
  await expect(movieDetail.share.getByRole('link')).toHaveCount(SHARE_NETWORKS.length);
  for (const { name, host } of SHARE_NETWORKS) {
    const link = movieDetail.shareLink(name);
    await expect(link, name).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href).hostname, `${name} host`).toMatch(host);
    expect(href, `${name} carries the page address`).toContain(encoded);
    await expect(link).toHaveAttribute('target', '_blank');
  }
});

test('/movies/{id} shows the same page', async ({ movieDetail }) => {
  await movieDetail.goto(movie.movie_id, '', 'movies');
  await movieDetail.expectTitle(movie.movie_title);
  await expect(movieDetail.subtitles).toBeVisible();
});

test('an unknown id shows Title not found with a way home, served with a 404', async ({ page }) => {
  const response = await page.goto('/moviedetail/987654321');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Title not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('the served HTML carries Open Graph and Twitter tags for the title', async ({ request, baseURL }) => {
  for (const route of ['moviedetail', 'movies']) {
    const response = await request.get(`/${route}/${movie.movie_id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/text\/html/);
    const html = await response.text();
    const meta = (attr: 'property' | 'name', key: string) =>
      new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
    const escaped = movie.movie_title.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(meta('property', 'og:title'), 'og:title').toContain(escaped);
    expect(meta('property', 'og:type')).toBe('video.movie');
    expect(meta('property', 'og:description')?.length ?? 0, 'og:description').toBeGreaterThan(20);
    // Both addresses name the page's own.
    expect(meta('property', 'og:url')).toBe(`${baseURL}/moviedetail/${movie.movie_id}`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/moviedetail/${movie.movie_id}">`);
    expect(meta('property', 'og:image'), 'og:image').toMatch(/^https?:\/\/.+\/uploads\//);
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    expect(meta('name', 'twitter:title')).toContain(escaped);
    expect(html).toMatch(new RegExp(`<title>[^<]*${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }
});
