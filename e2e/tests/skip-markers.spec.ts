import type { APIRequestContext } from '@playwright/test';
import {
  AUTH_FIELDS,
  loginBody,
  MARKERS_TEXTS,
  PLAYBACK_TEXTS,
  PLAYER_PAGE_TEXTS,
  type EpisodeMarker,
} from '@bosphorus/contract';
import { WatchPage } from '../pages/watch-page.js';
import { admin, control } from '../support/admin.js';
import { expect, test } from '../support/fixtures.js';
import { frameHasFocus } from '../support/remote.js';
import { createMember, signedInMember, signInThroughApi, type Member } from '../support/session.js';

// Issue 28, the skip buttons: an operator sets an episode's intro in the
// console's API (detection's markers are stored the same way); over the
// intro the player shows "Skip intro", which takes the focus; a click, a
// tap on a phone (a large button across the picture) or Enter (a remote's
// OK) takes the video to the intro's end. The episode is one of a series of
// its own (support/serve.ts /new-series), so no other spec meets its marker.
// On the TV project the same by the remote's keys alone, arrows included.
// In the console, the operator fixes the intro on its timeline (a drag, the
// arrow keys, Save) and finds the edit in the audit log.

const INTRO = { start: 2, end: 9 };

/** A new series' first episode with an intro set by an operator (and its second episode's id). */
async function episodeWithIntro(request: APIRequestContext, tag: string): Promise<number> {
  return (await seriesWithIntro(request, tag))[0];
}

async function seriesWithIntro(request: APIRequestContext, tag: string): Promise<[number, number, Member]> {
  const made = await control('/new-series', { title: `Skip ${tag} ${Date.now()}` });
  expect(made.code, made.out.join('\n')).toBe(0);
  const episodeId = Number(made.out[0]);
  const second = Number(made.out[1]);
  const operator = await createMember('Operatör', `markers-${tag}`);
  expect((await admin('grant-admin', operator.email)).code).toBe(0);
  const signIn = await request.post('/api/auth/token', {
    form: { [AUTH_FIELDS.loginEmail]: operator.email, [AUTH_FIELDS.loginPassword]: operator.password },
  });
  expect(signIn.status()).toBe(200);
  const { token } = loginBody.parse(((await signIn.json()) as { body: unknown }).body);
  const added = await request.post(`/api/admin/media/episodes/${episodeId}/markers`, {
    headers: { authorization: `Bearer ${token}` },
    data: { kind: 'intro', start_seconds: INTRO.start, end_seconds: INTRO.end },
  });
  expect(added.status(), await added.text()).toBe(201);
  const seen = await request.get(`/api/episodes/${episodeId}/markers`);
  expect(((await seen.json()) as { body: { markers: EpisodeMarker[] } }).body.markers).toEqual([
    { kind: 'intro', start_seconds: INTRO.start, end_seconds: INTRO.end },
  ]);
  return [episodeId, second, operator];
}

async function openAtIntro(watch: WatchPage, episodeId: number) {
  await watch.gotoEpisode(episodeId);
  await watch.player.play();
  const skip = watch.player.frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.skip.intro, exact: true });
  await expect(skip).toBeVisible({ timeout: 30_000 });
  const at = await watch.player.currentTime();
  expect(at, 'the button shows over the intro').toBeGreaterThanOrEqual(INTRO.start - 0.5);
  expect(at).toBeLessThan(INTRO.end);
  await expect(skip, 'it takes the focus when it appears').toBeFocused();
  return skip;
}

test('"Skip intro" appears over the intro and a click or a tap skips it; on a phone it is large @viewport', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const episodeId = await episodeWithIntro(request, `click-${testInfo.project.name}`);
  await signedInMember(page, 'Deniz Aksoy', `skip-click-${testInfo.project.name}`, { planDays: 30 });
  const watch = new WatchPage(page);
  const skip = await openAtIntro(watch, episodeId);
  if (testInfo.project.name === 'phone') {
    const [button, stage] = await Promise.all([skip.boundingBox(), watch.player.video.boundingBox()]);
    expect(button!.width, 'a phone gets a button across the picture').toBeGreaterThan(stage!.width * 0.8);
    expect(button!.height).toBeGreaterThanOrEqual(48);
    await skip.tap();
  } else await skip.click();
  await expect
    .poll(() => watch.player.currentTime(), { message: 'the video is past the intro' })
    .toBeGreaterThanOrEqual(INTRO.end - 0.2);
  await expect(skip).toBeHidden();
});

test('"Skip intro" with the keyboard or a remote: Enter (OK) on the focused button skips', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const episodeId = await episodeWithIntro(request, 'keys');
  await signedInMember(page, 'Deniz Aksoy', 'skip-keys', { planDays: 30 });
  const watch = new WatchPage(page);
  const skip = await openAtIntro(watch, episodeId);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => watch.player.currentTime(), { message: 'the video is past the intro' })
    .toBeGreaterThanOrEqual(INTRO.end - 0.2);
  await expect(skip).toBeHidden();
});

test('"Skip recaps and intros automatically": off in the first episode of a series watched, then the intro goes by itself', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const [first, second] = await seriesWithIntro(request, 'auto');
  const member = await signedInMember(page, 'Deniz Aksoy', 'skip-auto', { planDays: 30 });
  const watch = new WatchPage(page);
  // The viewer turns the setting on under the player.
  await watch.gotoEpisode(first);
  const setting = page.getByRole('checkbox', { name: PLAYBACK_TEXTS.autoSkip });
  await expect(setting).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes(`/api/user/${member.id}/player-settings`));
  await setting.check();
  expect((await saved).status()).toBe(200);

  // The first episode of the series this viewer watches: the button, no automatic skip.
  await page.reload();
  await expect(setting).toBeChecked();
  await openAtIntro(watch, first);
  await page.waitForTimeout(1_500);
  expect(await watch.player.currentTime(), 'not skipped by itself in the first episode').toBeLessThan(INTRO.end);

  // Once another episode of the series was watched, the intro goes by itself.
  const token = await page.evaluate(() => localStorage.getItem('authToken') ?? '');
  const progress = await request.post(`/api/user/${member.id}/progress`, {
    headers: { authorization: `Bearer ${token}` },
    form: {
      video_type: 'episode',
      video_id: String(second),
      position_seconds: '5',
      duration_seconds: '12',
      client_time: String(Date.now()),
    },
  });
  expect(progress.status(), await progress.text()).toBe(200);
  // A jump, not the intro played through: the video seeks to the intro's end
  // by itself. Every document of the page (the player's frame too) notes its
  // videos' seeks from its first moment, so none is missed, however early.
  await page.addInitScript(() => {
    const seeks: number[] = [];
    Object.assign(window, { __seeks: seeks });
    document.addEventListener('seeked', (e) => seeks.push((e.target as HTMLVideoElement).currentTime), true);
  });
  await watch.gotoEpisode(first);
  await watch.player.play();
  await expect
    .poll(
      () =>
        watch.player.video.evaluate(() =>
          Math.max(0, ...((window as unknown as { __seeks?: number[] }).__seeks ?? [])),
        ),
      { message: 'the player seeks past the intro with no press', timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(INTRO.end - 0.2);
  await expect(watch.player.frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.skip.intro })).toBeHidden();
});

test('"Skip intro" by the remote: it takes the focus as it appears, an arrow goes on to the controls, OK skips @tv', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const episodeId = await episodeWithIntro(request, 'remote');
  await signedInMember(page, 'Deniz Aksoy', 'skip-remote', { planDays: 30 });
  const watch = new WatchPage(page);
  await watch.gotoEpisode(episodeId);
  // The TV's player holds the remote's focus; OK plays.
  await expect.poll(() => frameHasFocus(watch.frameElement), { timeout: 30_000 }).toBe(true);
  await expect(watch.player.bigPlay).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect.poll(() => watch.player.state(), { timeout: 20_000 }).toMatchObject({ paused: false });
  const skip = watch.player.frame.getByRole('button', { name: PLAYER_PAGE_TEXTS.skip.intro, exact: true });
  await expect(skip).toBeVisible({ timeout: 30_000 });
  await expect(skip, 'it takes the focus when it appears').toBeFocused();

  // An arrow goes on to the controls and skips nothing.
  await page.keyboard.press('ArrowDown');
  await expect(watch.player.frame.locator('.bp-bar :focus'), 'the focus is on the controls').toHaveCount(1);
  expect(await watch.player.currentTime(), 'still in the intro').toBeLessThan(INTRO.end - 1);

  // Back before the intro (the test's hand, not the viewer's): the button comes again, focused; OK skips.
  await watch.player.video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  await expect(skip).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await expect
    .poll(() => watch.player.currentTime(), { message: 'the video is past the intro' })
    .toBeGreaterThanOrEqual(INTRO.end - 0.2);
  await expect(skip).toBeHidden();
});

test('an operator fixes the intro on the console timeline by mouse and keys; the audit log shows the edit', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [episodeId, , operator] = await seriesWithIntro(request, 'console');
  await signInThroughApi(page, operator);
  await page.goto(`/admin/subtitles?type=episode&id=${episodeId}`);
  const T = MARKERS_TEXTS.console;
  const card = page.getByRole('region', { name: MARKERS_TEXTS.kinds.intro, exact: true });
  await expect(card.getByTestId('marker-source')).toHaveText(MARKERS_TEXTS.sources.operator);
  const start = card.getByRole('slider', { name: T.handle(MARKERS_TEXTS.kinds.intro, 'start') });
  const end = card.getByRole('slider', { name: T.handle(MARKERS_TEXTS.kinds.intro, 'end') });
  await expect(end).toHaveAttribute('aria-valuenow', String(INTRO.end));

  // The end by the keyboard: two presses of ← take it back a second.
  await end.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(end).toHaveAttribute('aria-valuenow', String(INTRO.end - 1));
  await expect(card.getByRole('textbox', { name: T.end })).toHaveValue('0:08.0');
  // The start by the mouse: dragged to the right.
  const grip = (await start.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  const moved = Number(await start.getAttribute('aria-valuenow'));
  expect(moved, 'the drag moved the start later').toBeGreaterThan(INTRO.start);
  expect(moved).toBeLessThan(INTRO.end - 1);

  const saved = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' && new URL(r.url()).pathname.endsWith(`/episodes/${episodeId}/markers/intro`),
  );
  await card.getByRole('button', { name: T.save }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: T.saved(MARKERS_TEXTS.kinds.intro) })).toBeVisible();
  const seen = await request.get(`/api/episodes/${episodeId}/markers`);
  expect(((await seen.json()) as { body: { markers: EpisodeMarker[] } }).body.markers).toEqual([
    { kind: 'intro', start_seconds: moved, end_seconds: INTRO.end - 1 },
  ]);

  // The audit log names the edit, before and after.
  await page.goto('/admin/audit-log');
  const row = page
    .getByRole('row')
    .filter({ hasText: 'markers.edit' })
    .filter({ hasText: `episode ${episodeId}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`"end_seconds": ${INTRO.end - 1}`);
  await expect(row).toContainText(`"end_seconds": ${INTRO.end}`);
});
