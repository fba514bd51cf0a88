import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  BILLING_ERRORS,
  ISSUE_REPORT_FIELDS,
  MESSAGES,
  PLAYER_MESSAGES,
  RELOAD_PLAYER_DELAY_MS,
  daysLeft,
  formatWholeDollars,
  planDurationLabel,
  type MovieDetail,
  type Package,
} from '@bosphorus/contract';
import { toast } from '../pages/auth-pages.js';
import {
  ChoosePlanPage,
  DemoCheckoutPage,
  DemoPortalPage,
  PLAN_TEXTS,
  SubscriptionPage,
  siteDate,
} from '../pages/plans-page.js';
import { WATCH_TEXTS, WatchPage } from '../pages/watch-page.js';
import { expirePlan } from '../support/admin.js';
import { grantPlan, packages, payThroughDemo, planOfType } from '../support/billing.js';
import { api, richMovie } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';
import { cueLines, oneOf } from '../support/media.js';

// Issue 8 end to end: a new user chooses a plan, pays through the clearly
// marked demo checkout (the same webhook and fulfilment code as a real
// provider), and watches with English subtitles; a declined card and a
// cancel grant nothing; the subscription page and the demo portal; a plan
// that ended sends the person back to the plans.

/**
 * How far back a rebuilt player may start: the page knows the position from
 * the player's progress reports, one every 5 s while it plays (PROGRESS_INTERVAL_MS
 * in apps/web/src/player/player.ts), and starts the new frame at that whole second.
 */
const POSITION_SLACK_S = 6;

let plans: Package[];
let movie: MovieDetail;
test.beforeAll(async ({ request }) => {
  plans = await packages(request);
  movie = await richMovie(request);
});

test('a new member: monthly plan by card → demo checkout → Watch Now → plays with an English cue → Backup Server → Reload Player → Report @smoke @viewport', async ({
  page,
  movieDetail,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const { email } = await signedInMember(page, 'Aylin Demir', 'pay');
  const monthly = planOfType(plans, 'monthly');

  // The plan list: every plan with its whole-dollar price and duration unit (spec §9).
  const choose = new ChoosePlanPage(page);
  await choose.goto();
  for (const plan of plans) {
    await expect(choose.plan(plan)).toHaveAccessibleDescription(
      `${formatWholeDollars(plan.amount)} for ${planDurationLabel(plan.duration, plan.type)}`,
    );
  }
  await expect(choose.card, 'the card is the default method').toBeChecked();
  // Spec §5 Plan: a plan must be chosen.
  await choose.payAndEnter.click();
  await expect(choose.pleaseChoose).toBeVisible();
  await expect(page).toHaveURL(/\/choosepayment$/);

  // Pay & Enter → the demo checkout, which says it takes no money → Pay.
  await payThroughDemo(page, monthly);
  await expect(page.getByRole('main').getByRole('link', { name: PLAN_TEXTS.startWatching })).toBeVisible();

  // Watch Now on a movie now opens its player (spec §4 Watch Now).
  await movieDetail.goto(movie.movie_id);
  await movieDetail.watchNow.click();
  await expect(page).toHaveURL(new RegExp(`/watch/${movie.movie_id}$`));
  const watch = new WatchPage(page);
  await expect(watch.title).toHaveText(movie.movie_title);
  await expect(watch.frameElement).toBeVisible();
  const box = (await watch.frameElement.boundingBox())!;
  expect(box.width, 'frame at most 1100 px wide (spec §9)').toBeLessThanOrEqual(1100);
  expect(box.height, 'frame at most 600 px high (spec §9)').toBeLessThanOrEqual(600);

  // Spec §7 Player loading: the player page with a playback token (never the access token).
  const src = new URL((await watch.frameElement.getAttribute('src'))!);
  expect(src.pathname).toBe('/player');
  expect(src.origin, 'the main server first').toBe(new URL(baseURL!).origin);
  expect([...src.searchParams.keys()]).toEqual(['token', 'user_id', 'video_id', 'video_type']);
  expect(src.searchParams.get('video_id')).toBe(String(movie.movie_id));
  expect(src.searchParams.get('video_type')).toBe('movie');
  expect(src.searchParams.get('token'), 'not a JWT (the access token)').not.toMatch(/^eyJ|\.eyJ/);
  await expect(watch.mainServer).toHaveAttribute('aria-pressed', 'true');

  // Inside the frame: Watch Now's press started it (issue 26); the time
  // advances and an English cue is drawn by our overlay.
  await watch.player.expectAdvancing();
  await expect(watch.player.cue).toBeVisible();
  await expect(watch.player.cue).toHaveText(oneOf(cueLines('en')));

  // Backup Server: the player reloads on the backup origin and plays on from about the same point.
  const before = await watch.player.currentTime();
  await watch.markFrame();
  await watch.backupServer.click();
  await expect(watch.backupServer).toHaveAttribute('aria-pressed', 'true');
  await expect(watch.mainServer).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => watch.frameIsMarked(), { message: 'a new player document' }).toBe(false);
  const backupOrigin = process.env.E2E_MEDIA_BACKUP_ORIGIN;
  if (backupOrigin) expect(await watch.frameOrigin(), 'the backup origin').toBe(backupOrigin);
  await expect
    .poll(() => watch.player.currentTime(), { timeout: 20_000, message: 'the backup player plays on by itself' })
    .toBeGreaterThan(0);
  expect(await watch.player.currentTime(), 'the backup player starts where the main one was').toBeGreaterThanOrEqual(
    Math.floor(before) - POSITION_SLACK_S,
  );
  await watch.player.expectAdvancing(0.3);
  await expect(watch.player.cue).toHaveText(oneOf(cueLines('en')));

  // Reload Player: the frame goes away and is rebuilt after 100 ms (spec §4, §9), still playing.
  await watchFrameSwaps(page);
  const beforeReload = await watch.player.currentTime();
  await watch.markFrame();
  await watch.reload.click();
  await expect.poll(() => frameSwapGap(page), { message: 'the frame is removed, then built again' }).not.toBeNull();
  expect(await frameSwapGap(page), 'the frame stays hidden for the reload delay').toBeGreaterThanOrEqual(
    RELOAD_PLAYER_DELAY_MS - 5,
  );
  await expect(watch.frameElement).toBeVisible();
  expect(await watch.frameIsMarked(), 'a new player document').toBe(false);
  await expect(watch.backupServer, 'a reload keeps the chosen server').toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => watch.player.currentTime(), { timeout: 20_000, message: 'the reloaded player plays on by itself' })
    .toBeGreaterThan(0);
  expect(await watch.player.currentTime(), 'the reloaded player keeps the position').toBeGreaterThanOrEqual(
    Math.floor(beforeReload) - POSITION_SLACK_S,
  );
  await watch.player.expectAdvancing(0.3);

  // Report: the dialog; an empty note is refused on the page; a note is sent with every §3 field.
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/report') reports.push(r.postData() ?? '');
  });
  await watch.report.click();
  await expect(watch.reportDialog).toBeVisible();
  const dialogBox = (await watch.reportDialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(dialogBox.width, 'dialog 400 px wide (spec §9), never wider than the screen').toBeLessThanOrEqual(
    Math.min(400, viewport.width),
  );
  if (viewport.width > 440) expect(dialogBox.width).toBeGreaterThanOrEqual(380);
  const note = watch.reportDialog.getByRole('textbox', { name: WATCH_TEXTS.reportNote });
  const send = watch.reportDialog.getByRole('button', { name: WATCH_TEXTS.reportSend, exact: true });
  await send.click();
  await expect(watch.reportDialog.getByRole('alert')).toHaveText(WATCH_TEXTS.reportNoteRequired);
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toBeFocused();
  expect(reports, 'nothing is sent without a note').toEqual([]);

  await note.fill('The picture froze for a moment after I switched to the backup server.');
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/report',
  );
  await send.click();
  expect((await answered).status()).toBe(200);
  await expect(toast(page, PLAYER_MESSAGES.reportSent)).toBeVisible();
  await expect(watch.reportDialog).toBeHidden();
  expect(reports).toHaveLength(1);
  const form = new URLSearchParams(reports[0]);
  for (const field of ISSUE_REPORT_FIELDS) expect(form.has(field), `report field ${field}`).toBe(true);
  expect(form.get('note')).toBe('The picture froze for a moment after I switched to the backup server.');
  expect(form.get('usermail')).toBe(email);
  expect(form.get('serie_title')).toBe(movie.movie_title);
  expect(form.get('link')).toMatch(new RegExp(`/watch/${movie.movie_id}$`));
  expect(form.get('current_video_url')).toMatch(/\/player\?/);
  expect(new URL(form.get('current_video_url')!).searchParams.has('token'), 'no playback token in a report').toBe(
    false,
  );
  expect(form.get('screen_resolution')).toMatch(/^\d+x\d+$/);
  testInfo.annotations.push({ type: 'report', description: `${[...form.keys()].length} fields sent` });
});

test('a declined card grants nothing; Cancel returns to the plans, where a new checkout can start', async ({
  page,
  request,
}) => {
  await signedInMember(page, 'Kaan Öztürk', 'declined');
  const yearly = planOfType(plans, 'yearly');
  const choose = new ChoosePlanPage(page);
  await choose.goto(`?plan_id=${yearly.id}`);
  await expect(choose.plan(yearly), '?plan_id= preselects').toBeChecked();
  await choose.payAndEnter.click();
  const checkout = new DemoCheckoutPage(page);
  await checkout.expectOpen(yearly);

  await checkout.decline.click();
  await expect(checkout.declined).toBeVisible();
  await expect(page, 'a decline stays on the checkout').toHaveURL(/\/demo-pay\/checkout\//);
  await expect(checkout.pay(yearly), 'the person may try again').toBeVisible();

  await checkout.cancel.click();
  await expect(page).toHaveURL(/\/choosepayment\?canceled=1$/);
  await expect(choose.canceledNote).toBeVisible();
  await choose.expectPlanList();

  // No plan was granted: the subscription page says so and Watch Now still leads to the plans.
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await expect(subscription.noSubscription).toBeVisible();
  await expect(subscription.side.getByText(PLAYER_MESSAGES.activeUntil)).toHaveCount(0);
  const { movies } = await api.movies(request, { page: 1 });
  await page.goto(`/watch/${movies[0]!.movie_id}`);
  await expect(page).toHaveURL(new RegExp(`/choosepayment\\?next=%2Fwatch%2F${movies[0]!.movie_id}$`));

  // The canceled checkout does not block a new one.
  await choose.expectPlanList();
  await choose.payByCard(planOfType(plans, 'monthly'));
});

test('/profile/subscription after paying: plan, price, end date, days left; the demo portal cancels at period end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInMember(page, 'Nazlı Kaya', 'subscription');
  const monthly = planOfType(plans, 'monthly');
  await payThroughDemo(page, monthly);

  const subscription = new SubscriptionPage(page);
  const current = page.waitForResponse((r) => /\/api\/subscriptions\/\d+\/current$/.test(new URL(r.url()).pathname));
  await subscription.goto();
  const answer = (await (await current).json()) as {
    plan_name: string;
    price: number;
    interval: string;
    end_date: string;
    source: string;
    cancel_at_period_end: boolean;
  };
  expect(answer).toMatchObject({
    plan_name: monthly.title,
    price: monthly.amount,
    interval: planDurationLabel(monthly.duration, monthly.type),
    source: 'demo',
    cancel_at_period_end: false,
  });
  const days = daysLeft(answer.end_date);
  expect(days, 'a month from today').toBeGreaterThanOrEqual(28);
  expect(days).toBeLessThanOrEqual(31);

  await expect(subscription.main.getByRole('heading', { name: monthly.title, exact: true })).toBeVisible();
  await expect(subscription.fact('Price')).toHaveText(formatWholeDollars(monthly.amount));
  await expect(subscription.fact('Interval')).toHaveText(planDurationLabel(monthly.duration, monthly.type));
  await expect(subscription.fact(PLAYER_MESSAGES.activeUntil)).toHaveText(siteDate(answer.end_date));
  await expect(subscription.fact('Days left')).toHaveText(`${days} days`);
  await expect(subscription.cancelWarning).toHaveCount(0);
  // The side menu (spec §2 Profile area): 'Active until' with the date and the days left.
  await expect(subscription.side).toContainText(
    `${PLAYER_MESSAGES.activeUntil} ${siteDate(answer.end_date)} ${days} days left`,
  );

  // Manage → the demo portal → cancel at period end → back: the warning shows.
  await subscription.manage.click();
  const portal = new DemoPortalPage(page);
  await expect(page).toHaveURL(/\/demo-pay\/portal\//);
  await expect(portal.banner).toBeVisible();
  await expect(portal.status).toContainText(/renews on/);
  await portal.cancelAtPeriodEnd.click();
  await expect(portal.status).toContainText(/ends on/);
  await expect(portal.resume).toBeVisible();
  await portal.back.click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(subscription.cancelWarning).toBeVisible();
  await expect(subscription.cancelWarning).toContainText(siteDate(answer.end_date));
  // Still active until the end of the period.
  await expect(subscription.fact(PLAYER_MESSAGES.activeUntil)).toHaveText(siteDate(answer.end_date));
  await expect(subscription.main.getByText(BILLING_ERRORS.cancelingMessage)).toBeVisible();
});

test('a user whose plan ended is sent to the plans', async ({ page, movieDetail }) => {
  test.setTimeout(120_000);
  const { email } = await signedInMember(page, 'Oğuz Çelik', 'ended', { planDays: 1 });
  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);

  await expirePlan(email);
  // In the open app (it still believes in the plan): the movie's Watch Now.
  await watch.main.getByRole('link', { name: 'Movie details' }).click();
  await expect(movieDetail.title).toHaveText(movie.movie_title);
  await movieDetail.watchNow.click();
  // The plans, then back to the movie (issue 15, decision 0074).
  await expect(page).toHaveURL(new RegExp(`/choosepayment\\?next=%2Fwatch%2F${movie.movie_id}$`));
  const choose = new ChoosePlanPage(page);
  await choose.expectPlanList();

  // A fresh visit of the player's address.
  await page.goto(`/watch/${movie.movie_id}`);
  await expect(page).toHaveURL(new RegExp(`/choosepayment\\?next=%2Fwatch%2F${movie.movie_id}$`));
  await choose.expectPlanList();
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await expect(subscription.noSubscription).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toHaveCount(0);
});

/** Records, in the page, when the player frame is next removed and when one is added after that. */
async function watchFrameSwaps(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eFrames: { removed?: number; added?: number } };
    w.__e2eFrames = {};
    new MutationObserver((records) => {
      for (const r of records) {
        if ([...r.removedNodes].some((n) => n.nodeName === 'IFRAME')) w.__e2eFrames.removed ??= performance.now();
        if (w.__e2eFrames.removed !== undefined && [...r.addedNodes].some((n) => n.nodeName === 'IFRAME')) {
          w.__e2eFrames.added ??= performance.now();
        }
      }
    }).observe(document.querySelector('main')!, { childList: true, subtree: true });
  });
}

/** Milliseconds between the frame's removal and its rebuild, or null while either is still to come. */
async function frameSwapGap(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const f = (window as unknown as { __e2eFrames: { removed?: number; added?: number } }).__e2eFrames;
    return f.removed !== undefined && f.added !== undefined ? f.added - f.removed : null;
  });
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results: AxeResults = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const text = serious
    .map(
      (v) =>
        `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `      ${n.target.join(' ')}: ${n.html.slice(0, 200)}\n        ${n.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(serious.length, `axe found serious or critical violations on ${page.url()}:\n${text}\n`).toBe(0);
}

test('axe: the plans, the subscription page and the movie player have no serious violations @viewport', async ({
  page,
}) => {
  test.slow();
  const { email } = await signedInMember(page, 'Axe Plans', 'axe-plans');
  const choose = new ChoosePlanPage(page);
  await choose.goto();
  await expect(choose.plan(plans[0]!)).toBeAttached();
  await expectNoSeriousViolations(page);

  await grantPlan(page, email);
  const subscription = new SubscriptionPage(page);
  await subscription.goto();
  await expect(subscription.fact(PLAYER_MESSAGES.activeUntil)).toBeVisible();
  await expectNoSeriousViolations(page);

  const watch = new WatchPage(page);
  await watch.gotoMovie(movie.movie_id);
  await expect(watch.player.bigPlay).toBeVisible({ timeout: 20_000 });
  await expect(watch.main.getByRole('heading', { name: MESSAGES.reviews, exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
});
