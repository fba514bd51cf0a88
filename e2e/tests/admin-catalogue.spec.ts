import {
  CATALOGUE_TEXTS,
  ENGLISH_SUBTITLES_TEXTS,
  INGEST_TEXTS,
  LIBRARY_TEXTS,
  MARKERS_TEXTS,
  NOTIFICATION_TEXTS,
} from '@bosphorus/contract';
import { makeVideo, windows1254 } from '../../apps/api/src/modules/ingest/test-media.js';
import { NotificationBell } from '../pages/notifications.js';
import { WatchPage } from '../pages/watch-page.js';
import { expect, test } from '../support/fixtures.js';
import { operatorOn, signedInMember } from '../support/session.js';

// Issue 17, the console's Catalogue section end to end: an operator creates
// a series, a season and a scheduled episode, uploads the episode's video
// (one small clip) and a Turkish SRT in Windows-1254, and publishes it now;
// a follower of the series gets the notification at once, and (a
// subscriber) watches the episode with the Turkish line showing ş ğ ı İ.
// Issue 28: the follower chooses, on the series page, to hear of new episodes
// and English subtitles; the episode is out with Turkish subtitles only, so
// its list and the player say "English subtitles coming"; the operator's
// English track then tells the follower, whose bell opens the episode.
// Nothing waits for a cache: a finished transcode, a subtitle and a publish
// are announced on the change feed.

const TURKISH = 'Şu işi ğ ı İ bitirdik';
const SRT = `1\r\n00:00:00,100 --> 00:00:03,900\r\n${TURKISH}\r\n`;
const ENGLISH_SRT = '1\n00:00:00,100 --> 00:00:03,900\nWe finished the job\n';

/** The upload: a 4 s clip at 480×270, made by the API tests' own helper. */
const shortVideo = () => makeVideo({ seconds: 4, width: 480, height: 270 });

/** "2026-11-27T18:05" a day from now, as a datetime-local input takes it. */
function tomorrowLocal(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('an operator adds a series, a season and an episode with its video and Turkish subtitles, and publishes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const seriesTitle = `Boğaz Yalısı ${Date.now()}`;
  await operatorOn(page, 'catalogue-operator');

  // A series with its fields, published.
  await page.goto('/admin/catalogue');
  await expect(page.getByRole('heading', { name: CATALOGUE_TEXTS.catalogue, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: CATALOGUE_TEXTS.newSeries }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('Title', { exact: true }).fill(seriesTitle);
  await panel.getByLabel('Original title', { exact: true }).fill(seriesTitle);
  await panel.getByLabel('Description').fill('Bir yalıda üç kuşak.');
  await panel.getByLabel('Year').fill('2026');
  await panel.getByRole('checkbox', { name: 'Drama' }).check();
  await panel.getByRole('checkbox', { name: CATALOGUE_TEXTS.published }).check();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/catalogue/series',
  );
  await panel.getByRole('button', { name: CATALOGUE_TEXTS.save }).click();
  const seriesId = ((await (await created).json()) as { body: { id: number } }).body.id;
  await expect(panel.getByText(CATALOGUE_TEXTS.saved(seriesTitle))).toBeVisible();

  // A season, and an episode scheduled for tomorrow.
  await panel.getByRole('button', { name: CATALOGUE_TEXTS.addSeason }).click();
  const season = panel.getByRole('region', { name: 'Sezon 1' });
  await expect(season).toBeVisible();
  await season.getByRole('button', { name: CATALOGUE_TEXTS.addEpisode }).click();
  const episodeForm = season.getByRole('form', { name: CATALOGUE_TEXTS.addEpisode });
  await episodeForm.getByLabel('Title', { exact: true }).fill('Bölüm 1');
  await episodeForm.getByLabel('Comes out at (your time)').fill(tomorrowLocal());
  await episodeForm.getByRole('button', { name: CATALOGUE_TEXTS.save }).click();
  const row = season.getByRole('row').filter({ hasText: 'Bölüm 1' });
  await expect(row.getByText('Scheduled')).toBeVisible();
  const mediaHref = await row.getByRole('link', { name: `${CATALOGUE_TEXTS.media}: Bölüm 1` }).getAttribute('href');
  const episodeId = Number(/id=(\d+)/.exec(mediaHref ?? '')?.[1]);
  expect(episodeId).toBeGreaterThan(0);

  // A follower (and subscriber) of the series, in a browser of their own.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signedInMember(viewerPage, 'Deniz Yılmaz', 'catalogue-follower', { planDays: 30 });
  // Follows on the series page, and chooses to hear of new episodes and English subtitles (issue 28).
  await viewerPage.goto(`/seriesdetail/${seriesId}`);
  await viewerPage.getByRole('button', { name: LIBRARY_TEXTS.notificationsLabel(seriesTitle) }).click();
  const choice = viewerPage.getByRole('group', { name: ENGLISH_SUBTITLES_TEXTS.preferenceLegend });
  const option = (name: string) => choice.getByRole('button', { name, exact: true });
  // A new follow hears when English subtitles are ready.
  await expect(option(ENGLISH_SUBTITLES_TEXTS.preferences.english_subtitles)).toHaveAttribute('aria-pressed', 'true');
  await option(ENGLISH_SUBTITLES_TEXTS.preferences.both).click();
  await expect(option(ENGLISH_SUBTITLES_TEXTS.preferences.both)).toHaveAttribute('aria-pressed', 'true');
  const bell = new NotificationBell(viewerPage);
  await bell.expectUnread(0);

  // The episode's video, from the Catalogue's link to its Media page.
  await row.getByRole('link', { name: `${CATALOGUE_TEXTS.media}: Bölüm 1` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/media\\?type=episode&id=${episodeId}$`));
  await expect(page.getByLabel(INGEST_TEXTS.videoId, { exact: true })).toHaveValue(String(episodeId));
  await page.getByLabel(INGEST_TEXTS.file, { exact: true }).setInputFiles(shortVideo());
  await page.getByRole('button', { name: INGEST_TEXTS.upload }).click();
  // The transcode's row (a markers job for the episode follows it, issue 28).
  const job = page.getByRole('row').filter({ hasText: seriesTitle, hasNotText: MARKERS_TEXTS.jobName });
  await expect(job).toBeVisible({ timeout: 60_000 });
  await expect(job.getByText(INGEST_TEXTS.states.done, { exact: true })).toBeVisible({ timeout: 240_000 });

  // Its Turkish subtitles, in Windows-1254.
  await page.goto(`/admin/subtitles?type=episode&id=${episodeId}`);
  // The preview plays the episode before it is out (an operator's token).
  const preview = page.locator('.ingest__preview video');
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => (v.readyState > 0 ? Math.round(v.duration) : 0)), {
      message: 'the preview of the scheduled episode loads',
      timeout: 20_000,
    })
    .toBe(4);
  const turkish = page.getByRole('region', { name: 'Türkçe' });
  await turkish
    .getByLabel(INGEST_TEXTS.subtitleFile)
    .setInputFiles({ name: 'bolum-1.tr.srt', mimeType: 'application/x-subrip', buffer: windows1254(SRT) });
  await turkish.getByRole('button', { name: INGEST_TEXTS.uploadSubtitles }).click();
  await expect(turkish.getByText(INGEST_TEXTS.encodingWas('windows-1254'))).toBeVisible();
  await expect(turkish.getByRole('listitem').first()).toContainText(TURKISH);

  // Published now, from the Catalogue: the follower is told once.
  await page.goto('/admin/catalogue');
  await page.getByRole('searchbox', { name: CATALOGUE_TEXTS.search }).fill(seriesTitle);
  await page.getByRole('button', { name: CATALOGUE_TEXTS.searchButton }).click();
  await page.getByRole('button', { name: `Open ${seriesTitle}` }).click();
  const again = page.getByRole('dialog').getByRole('region', { name: 'Sezon 1' });
  await expect(again.getByRole('row').filter({ hasText: 'Bölüm 1' })).toContainText(CATALOGUE_TEXTS.playable);
  await again.getByRole('button', { name: `${CATALOGUE_TEXTS.publishNow}: Bölüm 1` }).click();
  await expect(again.getByText(CATALOGUE_TEXTS.published1('Bölüm 1', 1))).toBeVisible();
  await expect(again.getByRole('row').filter({ hasText: 'Bölüm 1' })).toContainText(CATALOGUE_TEXTS.out);

  // The bell asks again on focus and every minute; a reload asks now. The
  // series page lists the episode, out with its Turkish subtitles only.
  await viewerPage.reload();
  await expect(
    viewerPage.getByRole('link', { name: /Bölüm 1/ }).getByText(ENGLISH_SUBTITLES_TEXTS.coming),
  ).toBeVisible();
  await bell.expectUnread(1);
  await bell.open();
  const item = bell.item(new RegExp(seriesTitle));
  await expect(item).toContainText(NOTIFICATION_TEXTS.episodeAvailable(1, 1, 'Bölüm 1'));
  await item.click();
  await expect(viewerPage).toHaveURL(new RegExp(`/watchEpisodes/${episodeId}$`));
  const watch = new WatchPage(viewerPage);
  await expect(watch.frameElement).toBeVisible();
  await watch.player.play();
  // The Turkish track plays while the English one is coming.
  await expect(watch.player.cue).toHaveText(TURKISH, { timeout: 20_000 });
  await expect(watch.player.englishComing).toContainText(ENGLISH_SUBTITLES_TEXTS.coming);

  // The operator uploads the English track in the console: the follower is told once.
  const englishAt = Date.now();
  await page.goto(`/admin/subtitles?type=episode&id=${episodeId}`);
  const english = page.getByRole('region', { name: 'English' });
  await english
    .getByLabel(INGEST_TEXTS.subtitleFile)
    .setInputFiles({ name: 'bolum-1.en.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(ENGLISH_SRT) });
  await english.getByRole('button', { name: INGEST_TEXTS.uploadSubtitles }).click();
  await expect(english.getByRole('listitem').first()).toContainText('We finished the job');
  await viewerPage.goto(`/seriesdetail/${seriesId}`);
  await bell.expectUnread(1);
  await bell.open();
  const ready = bell.item(new RegExp(ENGLISH_SUBTITLES_TEXTS.ready(seriesTitle, 1, 1)));
  await expect(ready).toBeVisible();
  await ready.click();
  await expect(viewerPage).toHaveURL(new RegExp(`/watchEpisodes/${episodeId}$`));
  test.info().annotations.push({ type: 'english-subtitles-ms', description: String(Date.now() - englishAt) });
  await viewerContext.close();
});
