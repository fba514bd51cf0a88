import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, KNOWN_SERIES_QUERY, KNOWN_SERIES_TITLE } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { AUTH_LABELS } from '@bosphorus/contract';
import { freshEmail, PASSWORD, RegisterPage, VerificationDialog } from '../pages/auth-pages.js';

// DESIGN §6: every screen is checked with axe-core; no serious or critical
// violation. Each page is analysed once its content has arrived.

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

function describe(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    // The trailer is YouTube's document, not ours (and offline here).
    .exclude('iframe[src*="youtube"]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.length, `axe found serious or critical violations on ${page.url()}:\n${describe(serious)}\n`).toBe(0);
}

test.describe('axe: no serious or critical violations', () => {
  // axe walks the whole document: give it room on a busy two-core machine.
  test.slow();

  test('home @smoke @viewport', async ({ home, page }) => {
    await home.goto();
    await expect(home.rowCards('Top Series').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('All Series', async ({ list, page }) => {
    await list.goto('series');
    await list.waitForCards();
    await expectNoSeriousViolations(page);
  });

  test('All Movies with an open filter @viewport', async ({ list, page }) => {
    await list.goto('movies');
    await list.waitForCards();
    await list.openFilter('Genre');
    await expectNoSeriousViolations(page);
  });

  test('movie detail', async ({ movieDetail, page, request }) => {
    const { movies } = await api.movies(request, { page: 1 });
    await movieDetail.goto(movies[0]!.movie_id);
    await expect(movieDetail.castHeading).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('series detail', async ({ seriesDetail, page, request }) => {
    const { series } = await api.series(request, { search: KNOWN_SERIES_QUERY });
    const id = series.find((s) => s.serie_title === KNOWN_SERIES_TITLE)!.serie_id;
    await seriesDetail.goto(id);
    await expect(seriesDetail.episodesHeading).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('services', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('account screens', async ({ page }) => {
    for (const [path, heading] of [
      ['/signin', AUTH_LABELS.welcomeBack],
      ['/register', AUTH_LABELS.createAccount],
      ['/forgotpassword', AUTH_LABELS.forgotPassword],
      ['/newpassword?token=abc', 'Choose a new password'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousViolations(page);
    }
  });

  test('the verification popup', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill('Axe Tester', freshEmail('axe'), PASSWORD);
    await register.submit.click();
    await expect(new VerificationDialog(page).dialog).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('menu open on narrow screens @viewport', async ({ layout, page }) => {
    test.skip(!layout.isCollapsed(), 'the menu exists below 1024 px');
    await page.goto('/');
    await layout.openMenu();
    await expectNoSeriousViolations(page);
  });
});
