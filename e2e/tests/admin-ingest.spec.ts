import { INGEST_TEXTS } from '@bosphorus/contract';
import { makeVideo, windows1254 } from '../../apps/api/src/modules/ingest/test-media.js';
import { WatchPage } from '../pages/watch-page.js';
import { control } from '../support/admin.js';
import { expect, test } from '../support/fixtures.js';
import { operatorOn, signedInMember } from '../support/session.js';

// Issue 17, media ingest through the console: an operator uploads a short
// video for a movie that has none (made for the test), waits for the
// transcode, uploads a Turkish SRT in Windows-1254, and a subscriber then
// watches the movie with the Turkish line showing ş ğ ı İ.

const TURKISH = 'Şu işi ğ ı İ bitirdik';
const SRT = `1\r\n00:00:00,100 --> 00:00:03,900\r\n${TURKISH}\r\n`;

/** The upload: a 4 s clip at 480×270, made by the API tests' own helper. */
const shortVideo = () => makeVideo({ seconds: 4, width: 480, height: 270 });

test('an operator uploads a video and a Windows-1254 SRT; a subscriber watches it with ş ğ ı İ', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Kısa Film ${Date.now()}`;
  const created = await control('/new-movie', { title });
  expect(created.code, created.out.join('\n')).toBe(0);
  const movieId = Number(created.out[0]);

  await operatorOn(page, 'ingest-operator');

  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { name: INGEST_TEXTS.media, level: 1 })).toBeVisible();
  await expect(page.getByText(/^ffmpeg \d/)).toBeVisible();
  await page.getByLabel(INGEST_TEXTS.videoType).selectOption('movie');
  await page.getByLabel(INGEST_TEXTS.videoId, { exact: true }).fill(String(movieId));
  await page.getByLabel(INGEST_TEXTS.file, { exact: true }).setInputFiles(shortVideo());
  await page.getByRole('button', { name: INGEST_TEXTS.upload }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText(INGEST_TEXTS.states.done, { exact: true })).toBeVisible({ timeout: 240_000 });

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subtitles\\?type=movie&id=${movieId}$`));
  const turkish = page.getByRole('region', { name: 'Türkçe' });
  await turkish
    .getByLabel(INGEST_TEXTS.subtitleFile)
    .setInputFiles({ name: 'kisa-film.tr.srt', mimeType: 'application/x-subrip', buffer: windows1254(SRT) });
  await turkish.getByRole('button', { name: INGEST_TEXTS.uploadSubtitles }).click();
  await expect(turkish.getByText(INGEST_TEXTS.encodingWas('windows-1254'))).toBeVisible();
  await expect(turkish.getByRole('listitem').first()).toContainText(TURKISH);
  await expect(page.locator('.ingest__preview video')).toHaveAttribute('src', /\/media\/.+\/progressive\.mp4$/);

  // The preview above asked the media route for this title before its
  // subtitles existed; the new track is announced on the change feed, so
  // the server's file list of the title is dropped and a viewer sees it at
  // once (decision 0091): no waiting out the cache.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signedInMember(viewerPage, 'Deniz Yılmaz', 'ingest-viewer', { planDays: 30 });
  const watch = new WatchPage(viewerPage);
  await watch.gotoMovie(movieId);
  await watch.player.play();
  await expect(watch.player.cue).toHaveText(TURKISH, { timeout: 20_000 });
  await viewerContext.close();
});

// Issue 27: the upload arrived but creating its job failed ("Failed to
// fetch": the connection dropped). The console offers that step again; and
// after a reload the upload is listed with its title, and Use makes its job.
test('an upload whose job was not made is queued again from the console, and from its list after a reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const title = `Yarım Kalan ${Date.now()}`;
  const created = await control('/new-movie', { title });
  expect(created.code, created.out.join('\n')).toBe(0);
  const movieId = Number(created.out[0]);
  await operatorOn(page, 'ingest-stranded');

  // Every POST that would make the job drops its connection, until we let it through.
  let dropping = true;
  let dropped = 0;
  // (The app adds ?user_id= to its calls: matched by path.)
  await page.route(
    (url) => url.pathname === '/api/admin/media/jobs',
    async (route) => {
      if (route.request().method() !== 'POST' || !dropping) return route.fallback();
      dropped += 1;
      return route.abort('connectionreset');
    },
  );

  await page.goto('/admin/media');
  await page.getByLabel(INGEST_TEXTS.videoType).selectOption('movie');
  await page.getByLabel(INGEST_TEXTS.videoId, { exact: true }).fill(String(movieId));
  await page.getByLabel(INGEST_TEXTS.file, { exact: true }).setInputFiles(shortVideo());
  await page.getByRole('button', { name: INGEST_TEXTS.upload }).click();
  const alert = page.getByRole('alert').filter({ hasText: INGEST_TEXTS.queueFailed('') });
  await expect(alert).toBeVisible({ timeout: 60_000 });
  expect(dropped).toBe(1);
  // Trying that step again while it still fails: it is offered again.
  await alert.getByRole('button', { name: INGEST_TEXTS.retryQueue }).click();
  await expect.poll(() => dropped).toBe(2);
  await expect(alert.getByRole('button', { name: INGEST_TEXTS.retryQueue })).toBeEnabled();
  const jobRows = page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'clip.mp4' });

  // A reload: the upload waits in its list, with the title it was sent for.
  await page.reload();
  await expect(page.getByRole('heading', { name: INGEST_TEXTS.media, level: 1 })).toBeVisible();
  const stranded = page.getByRole('region', { name: INGEST_TEXTS.stranded });
  const upload = stranded.getByRole('row').filter({ hasText: INGEST_TEXTS.forTitle('movie', movieId, title) });
  // Listed 30 s after it finished (decision 0118: a job being made stays off the list); the page polls.
  await expect(upload).toHaveCount(1, { timeout: 60_000 });
  await expect(upload).toContainText('clip.mp4');
  dropping = false;
  await upload.getByRole('button', { name: INGEST_TEXTS.assignUpload('clip.mp4') }).click();
  const panel = page.getByRole('dialog', { name: INGEST_TEXTS.assignUpload('clip.mp4') });
  await expect(panel.getByLabel(INGEST_TEXTS.videoId, { exact: true })).toHaveValue(String(movieId));
  await panel.getByRole('button', { name: INGEST_TEXTS.startTranscode }).click();
  await expect(panel).toBeHidden();
  // The upload has its job now: it leaves the list, and the job runs to the end.
  await expect(upload).toHaveCount(0);
  await expect(jobRows).toHaveCount(1, { timeout: 30_000 });
  await expect(jobRows.getByText(INGEST_TEXTS.states.done, { exact: true })).toBeVisible({ timeout: 240_000 });
  expect(dropped).toBe(2);
});
