import type { Page } from '@playwright/test';
import { NOTIFICATION_TEXTS } from '@bosphorus/contract';
import { toast } from '../pages/auth-pages.js';
import { NotificationBell } from '../pages/notifications.js';
import { admin } from '../support/admin.js';
import { allSeries, KNOWN_SERIES_TITLE } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Issue 9, new-episode notifications: a subscriber follows a series for its
// new episodes (the library's route, POST /user/{id}/user_notifications/{serie_id}/preference), the
// operator publishes an episode (`npm run admin -- publish-episode`, through
// the test server's control port), the header bell counts it, the dropdown
// lists it, opening it plays the episode, Delete All empties the list.

/**
 * Follows the series as the signed-in user, through the API with the page's
 * own session, hearing of new episodes as they air (issue 28: a new follow
 * would otherwise hear only when English subtitles are ready).
 */
async function follow(page: Page, serieId: number) {
  const status = await page.evaluate(async (id) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { user_id?: number };
    const res = await fetch(`/api/user/${user.user_id}/user_notifications/${id}/preference`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('authToken')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `notification_preference=new_episodes&user_id=${user.user_id}`,
    });
    return res.status;
  }, serieId);
  expect(status, 'POST /user/{id}/user_notifications/{serie_id}/preference').toBe(200);
}

test('@smoke follow a series, an episode is published, the bell shows it and opens the episode', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // A series of its own per screen size: each run's followers are its own.
  // Publishing adds an episode to it while other specs run, so it is taken
  // from the end of the list and is never the flagship series that the
  // detail, player and list specs look at.
  const projects = ['desktop', 'phone', 'tv'];
  const series = (await allSeries(request)).filter((s) => s.serie_title !== KNOWN_SERIES_TITLE).reverse();
  const show = series[Math.max(0, projects.indexOf(testInfo.project.name)) % series.length]!;

  await signedInMember(page, 'Zeynep Kaya', 'bell', { planDays: 30 });
  const bell = new NotificationBell(page);
  await bell.expectUnread(0);
  await follow(page, show.serie_id);

  const published = await admin('publish-episode', String(show.serie_id));
  expect(published.code, published.out.join('\n')).toBe(0);
  const episodeId = Number(published.out[0]);
  expect(episodeId).toBeGreaterThan(0);

  // The bell asks again on focus and every minute; a reload asks now.
  await page.reload();
  await bell.expectUnread(1);
  await bell.open();
  const item = bell.item(new RegExp(show.serie_title));
  await expect(item).toContainText(/S\d+ E\d+ · .+ is now available/);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/watchEpisodes/${episodeId}$`));
  await bell.expectUnread(0);

  await bell.open();
  await expect(item).toBeVisible();
  await bell.deleteAll.click();
  await expect(toast(page, NOTIFICATION_TEXTS.deletedAll)).toBeVisible();
  await expect(bell.empty).toBeVisible();
  await expect(bell.list).toHaveCount(0);
});
