import type { Browser, Page } from '@playwright/test';
import { ADMIN_TEXTS, AUTH_MESSAGES } from '@bosphorus/contract';
import { TOKEN_STORAGE_KEY } from '../../apps/web/src/lib/auth-store.js';
import { WATCH_TEXTS, WatchPage } from '../pages/watch-page.js';
import { knownSeries } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { createMember, operatorOn, signedInMember, signInThroughApi } from '../support/session.js';

// Issue 17, the operator console: an operator bans a viewer (the viewer's
// next call is refused) and answers an issue report (status resolved), all
// through the console's screens and by keyboard where a person would.

/** A viewer signed in in a browser context of their own. */
async function viewerIn(browser: Browser, baseURL: string | undefined, tag: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const viewer = await createMember('İzleyici Şule', tag);
  await signInThroughApi(page, viewer);
  return { context, page, viewer };
}

/** A call the viewer's page makes with its own access token: the status it got. */
function viewerCall(page: Page, path: string, init: { method?: string; form?: Record<string, string> } = {}) {
  return page.evaluate(
    async ({ key, path, init }) => {
      const token = localStorage.getItem(key) ?? '';
      const res = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    },
    { key: TOKEN_STORAGE_KEY, path, init },
  );
}

test('an operator finds a viewer and bans them; the viewer is refused at once', async ({ page, browser, baseURL }) => {
  await operatorOn(page, 'console-ban-op');
  const { context, page: viewerPage, viewer } = await viewerIn(browser, baseURL, 'console-ban-viewer');
  expect((await viewerCall(viewerPage, `/api/user/${viewer.id}`)).status).toBe(200);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/viewers$/);
  await expect(page.getByRole('heading', { level: 1, name: ADMIN_TEXTS.viewers })).toBeVisible();
  const search = page.getByRole('searchbox', { name: ADMIN_TEXTS.userSearch });
  await search.fill(viewer.email.toUpperCase());
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: viewer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Open ${viewer.email}` }).click();

  const panel = page.getByRole('dialog', { name: viewer.email, exact: true });
  await expect(panel.getByRole('heading', { name: ADMIN_TEXTS.sessions })).toBeVisible();
  await panel.getByRole('button', { name: ADMIN_TEXTS.banAction, exact: true }).click();
  // The one question names what the action does; Enter on its button confirms.
  const confirm = panel.getByRole('group', { name: ADMIN_TEXTS.banAction, exact: true });
  await expect(confirm).toContainText(ADMIN_TEXTS.confirmBan(viewer.email));
  await expect(confirm.getByRole('button', { name: ADMIN_TEXTS.banAction, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(ADMIN_TEXTS.banned(viewer.email, 1));
  await expect(panel.getByRole('button', { name: ADMIN_TEXTS.unbanAction })).toBeVisible();
  await expect(panel).toContainText(ADMIN_TEXTS.noSessions);

  // The viewer's next call is refused.
  const refused = await viewerCall(viewerPage, `/api/user/${viewer.id}`);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe(AUTH_MESSAGES.banned);

  // Escape closes the panel; the table shows the ban; the audit log has it.
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Banned');
  await page.getByRole('link', { name: ADMIN_TEXTS.auditLog }).click();
  await expect(page.getByRole('row').filter({ hasText: 'user.ban' }).first()).toBeVisible();
  await context.close();
});

test('an operator reads an issue report with its fields and resolves it', async ({ page, browser, baseURL }) => {
  await operatorOn(page, 'console-report-op');
  const { context, page: viewerPage, viewer } = await viewerIn(browser, baseURL, 'console-report-viewer');
  const note = `Ses görüntüden geride ${Date.now()}`;
  const sent = await viewerCall(viewerPage, '/api/report', {
    method: 'POST',
    form: {
      note,
      link: `${baseURL}/watchEpisodes/1`,
      usermail: viewer.email,
      serie_title: 'Kuruluş Osman',
      episode_title: 'Bölüm 1',
      position_seconds: '125',
    },
  });
  expect(sent.status).toBe(200);
  await context.close();

  await page.goto('/admin/inbox');
  await expect(page.getByRole('button', { name: new RegExp(`^${ADMIN_TEXTS.inboxKinds.reports}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const row = page.getByRole('row').filter({ hasText: note });
  await expect(row).toContainText(ADMIN_TEXTS.inboxStatuses.new);
  await expect(row).toContainText(viewer.email);
  await row.getByRole('button', { name: 'Open' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toContainText('Kuruluş Osman');
  await expect(panel).toContainText('Bölüm 1');
  await expect(panel.getByRole('link', { name: ADMIN_TEXTS.openPlayer })).toHaveAttribute(
    'href',
    '/admin/subtitles?type=episode&id=1&t=125',
  );
  await panel.getByRole('button', { name: ADMIN_TEXTS.markAs(ADMIN_TEXTS.inboxStatuses.seen) }).click();
  await expect(panel).toBeHidden();
  // Seen items leave the New list; under All it is Seen, and resolved from its row.
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: ADMIN_TEXTS.allStatuses });
  await expect(row).toContainText(ADMIN_TEXTS.inboxStatuses.seen);
  await row.getByRole('button', { name: ADMIN_TEXTS.markAs(ADMIN_TEXTS.inboxStatuses.resolved) }).click();
  await expect(row).toContainText(ADMIN_TEXTS.inboxStatuses.resolved);
  await expect(page.getByRole('status').filter({ hasText: ADMIN_TEXTS.statusChanged('Resolved') })).toBeVisible();
});

test('a report keeps its moment: the console opens the player there for an operator without a plan', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const series = await knownSeries(request);
  const episode = series.seasons.flatMap((s) => s.episodes)[0]!;
  const note = `Görüntü donuyor ${Date.now()}`;

  // A subscriber plays past 10 s (the demo clips last 12 s) and reports.
  const viewerContext = await browser.newContext({ baseURL });
  const viewerPage = await viewerContext.newPage();
  await signedInMember(viewerPage, 'İzleyici Ayşe', 'report-moment-viewer', { planDays: 30 });
  const watch = new WatchPage(viewerPage);
  await watch.gotoEpisode(episode.episode_id);
  await watch.player.play();
  await expect.poll(() => watch.player.currentTime(), { timeout: 30_000 }).toBeGreaterThan(10);
  const sent = viewerPage.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/report');
  await watch.report.click();
  const at = await watch.player.currentTime();
  await watch.reportDialog.getByRole('textbox', { name: WATCH_TEXTS.reportNote }).fill(note);
  await watch.reportDialog.getByRole('button', { name: WATCH_TEXTS.reportSend }).click();
  const reported = Number(new URLSearchParams((await sent).postData() ?? '').get('position_seconds'));
  expect(reported, `the player was at ${at}`).toBeGreaterThanOrEqual(10);
  expect(Math.abs(reported - at)).toBeLessThanOrEqual(1);
  await expect(watch.reportDialog).toBeHidden();
  await viewerContext.close();

  // An operator (no plan) opens it from the console: the player starts there.
  await operatorOn(page, 'report-moment-op');
  await page.goto('/admin/inbox');
  const row = page.getByRole('row').filter({ hasText: note });
  await row.getByRole('button', { name: 'Open' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toContainText(`${ADMIN_TEXTS.position}: 0:${String(reported).padStart(2, '0')}`);
  await panel.getByRole('link', { name: ADMIN_TEXTS.openPlayer }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/subtitles\\?type=episode&id=${episode.episode_id}&t=${reported}$`));
  const video = page.getByRole('main').locator('video');
  // Where it started: the first range it played (or, where the browser did
  // not let it play by itself, where it waits), read however late the poll comes.
  const startedAt = () =>
    video.evaluate((v: HTMLVideoElement) => {
      if (v.played.length > 0) return v.played.start(0);
      return v.readyState > 0 && v.currentTime > 0 ? v.currentTime : -1;
    });
  await expect.poll(startedAt, { timeout: 20_000 }).toBeGreaterThanOrEqual(0);
  const started = await startedAt();
  expect(started).toBeGreaterThanOrEqual(reported - 0.01);
  expect(started).toBeLessThanOrEqual(reported + 1);
  expect(page.url()).not.toContain('/choosepayment');
});

test('a signed-in viewer who is not an operator is told so', async ({ page }) => {
  const viewer = await createMember('Meraklı', 'console-refused');
  await signInThroughApi(page, viewer);
  await page.goto('/admin/viewers');
  await expect(page.getByText(ADMIN_TEXTS.notOperator)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: ADMIN_TEXTS.userSearch })).toHaveCount(0);
});
