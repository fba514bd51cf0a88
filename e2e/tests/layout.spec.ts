import { copyrightYear } from '@bosphorus/contract';
import { COMPANY_LINKS, COPYRIGHT_TEXT, SOCIAL_LINKS } from '../pages/layout.js';
import { api } from '../support/catalogue.js';
import { expect, test } from '../support/fixtures.js';
import { signedInMember } from '../support/session.js';

// Spec §1 footer, §2 Header; ui-contract "Everywhere".

test.describe('layout for a visitor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/services');
  });

  test('header offers Home, Services and Sign in, and nothing for members @smoke @viewport', async ({ layout }) => {
    await expect(layout.logo).toBeVisible();
    await layout.revealHeaderLinks();
    for (const name of ['Home', 'Services', 'Sign in']) await expect(layout.headerLink(name)).toBeVisible();
    // Logged-in links (spec §2 Header) stay away from visitors.
    for (const name of ['Turkish Series', 'Turkish Movies', 'Favorites']) {
      await expect(layout.headerLink(name)).toHaveCount(0);
    }
    await expect(layout.header.getByRole('search')).toHaveCount(0);
    await expect(layout.header.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  });

  test('header links lead to their pages @viewport', async ({ layout, page }) => {
    await layout.revealHeaderLinks();
    await layout.headerLink('Home').click();
    await expect(page).toHaveURL(/\/$/);
    await layout.revealHeaderLinks();
    await layout.headerLink('Sign in').click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the logo leads home', async ({ layout, page }) => {
    await layout.logo.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('below 1024 px the nav folds into a menu that opens and closes @viewport', async ({ layout }) => {
    test.skip(!layout.isCollapsed(), 'the menu button exists only below the 1024 px breakpoint');
    await expect(layout.openMenuButton).toBeVisible();
    await expect(layout.openMenuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(layout.headerLink('Services')).toBeHidden();

    await layout.openMenu();
    await expect(layout.headerLink('Home')).toBeVisible();
    await expect(layout.headerLink('Services')).toBeVisible();

    await layout.closeMenu();
    await expect(layout.headerLink('Services')).toBeHidden();
  });

  test('from 1024 px the nav is shown without a menu button', async ({ layout }) => {
    test.skip(layout.isCollapsed(), 'wide layouts only');
    await expect(layout.mainNav).toBeVisible();
    await expect(layout.mainNav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(layout.mainNav.getByRole('link', { name: 'Services', exact: true })).toBeVisible();
    await expect(layout.openMenuButton).toBeHidden();
  });

  test('the layout folds exactly below 1024 px', async ({ layout, page }) => {
    test.skip(layout.isCollapsed(), 'resizes a desktop window');
    await page.setViewportSize({ width: 1023, height: 800 });
    await expect(layout.openMenuButton).toBeVisible();
    await expect(layout.headerLink('Services')).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(layout.openMenuButton).toBeHidden();
    await expect(layout.headerLink('Services')).toBeVisible();
  });

  test('footer: five social links in a new tab, Company links, © 2025 and no Explore @smoke', async ({ layout }) => {
    await layout.footer.scrollIntoViewIfNeeded();
    for (const name of SOCIAL_LINKS) {
      const link = layout.socialLink(name);
      await expect(link, `${name} link`).toBeVisible();
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener|noreferrer/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(layout.companyNav).toBeVisible();
    for (const { name, path } of COMPANY_LINKS) {
      await expect(layout.companyNav.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    await expect(layout.footer.getByText(COPYRIGHT_TEXT, { exact: true })).toBeVisible();
    expect(COPYRIGHT_TEXT).toContain(String(copyrightYear()));
    // Explore links are for logged-in users only (spec §1).
    await expect(layout.exploreNav).toHaveCount(0);
  });

  test('footer: chat links, the Android app and the store badge', async ({ layout }) => {
    for (const name of ['Chat on WhatsApp', 'Chat on Telegram']) {
      await expect(layout.footer.getByRole('link', { name, exact: true }), name).toBeVisible();
    }
    // docs/decisions/0005: both the download and the badge open the store listing.
    for (const name of ['Download the Android app', 'Get it on Google Play']) {
      const link = layout.footer.getByRole('link', { name, exact: true });
      await expect(link, name).toBeVisible();
      await expect(link).toHaveAttribute('href', /^https:\/\/play\.google\.com\/store\/apps\/details\?id=/);
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(layout.companyNav.getByRole('link', { name: /^About/ })).toHaveAttribute('href', '/services');
  });

  test('promotion banner shows the server text, or nothing when there is none', async ({ layout, request }) => {
    const promo = await api.promotion(request);
    if (!promo.text) {
      await expect(layout.promotion).toHaveCount(0);
      return;
    }
    await expect(layout.promotion).toBeVisible();
    await expect(layout.promotion).toContainText(promo.text);
    await expect(layout.promotion).toHaveClass(new RegExp(`promo--${promo.color ?? '(red|blue)'}`));
  });

  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });

    test('the promotion scrolls until its button pauses it, and scrolls again on resume', async ({ layout }) => {
      await expect(layout.promotion, 'the demo catalogue has a promotion').toBeVisible();
      const track = layout.promotionTrack;
      const scroll = () =>
        track.evaluate((el) =>
          el.getAnimations().map((a) => ({ name: (a as CSSAnimation).animationName, state: a.playState })),
        );
      await expect.poll(scroll).toEqual([{ name: 'promo-scroll', state: 'running' }]);
      const moved = () => track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
      const before = await moved();
      await expect.poll(moved, 'the text moves left').toBeLessThan(before);
      await layout.promotion.getByRole('button', { name: 'Pause scrolling' }).click();
      await expect.poll(scroll).toEqual([{ name: 'promo-scroll', state: 'paused' }]);
      const held = await moved();
      await layout.page.waitForTimeout(500);
      expect(await moved(), 'paused text stands still').toBe(held);
      await layout.promotion.getByRole('button', { name: 'Resume scrolling' }).click();
      // The banner also holds still under the pointer and while focus is in it.
      await expect.poll(scroll).toEqual([{ name: 'promo-scroll', state: 'paused' }]);
      await layout.page.mouse.move(1, 600);
      await layout.logo.focus();
      await expect.poll(scroll).toEqual([{ name: 'promo-scroll', state: 'running' }]);
    });
  });

  test('with reduced motion the promotion stands still, wrapped', async ({ layout }) => {
    await expect(layout.promotion, 'the demo catalogue has a promotion').toBeVisible();
    expect(await layout.promotionTrack.evaluate((el) => el.getAnimations().length)).toBe(0);
    expect(
      await layout.promotion
        .locator('.promo__text')
        .first()
        .evaluate((el) => getComputedStyle(el).whiteSpace),
    ).toBe('normal');
  });

  test('skip link moves to the main content', async ({ layout, page }) => {
    await expect(layout.main).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(layout.skipLink).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test('no page scrolls sideways @viewport', async ({ page, request }) => {
  const { movies } = await api.movies(request, { page: 1 });
  const { series } = await api.series(request, { page: 1 });
  const main = page.getByRole('main');
  const pages = [
    { path: '/', ready: main.getByRole('region', { name: 'Top Series', exact: true }).getByRole('link').first() },
    { path: '/allseries', ready: main.getByRole('list', { name: 'Results' }).getByRole('link').first() },
    { path: '/allmovies', ready: main.getByRole('list', { name: 'Results' }).getByRole('link').first() },
    { path: `/moviedetail/${movies[0]!.movie_id}`, ready: main.getByRole('heading', { level: 1 }) },
    { path: `/seriesdetail/${series[0]!.serie_id}`, ready: main.getByRole('heading', { level: 1 }) },
    { path: '/services', ready: main.getByRole('heading', { level: 1 }) },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(widths.page, `${path} is no wider than the window`).toBeLessThanOrEqual(widths.window);
  }
});

test.describe('layout for a member', () => {
  test('the footer adds Explore links once signed in @viewport', async ({ page, layout }) => {
    await signedInMember(page, 'Ayşe Footer', 'footer');
    await page.goto('/services');
    await expect(layout.exploreNav).toBeVisible();
    for (const name of ['Turkish Series', 'Turkish Movies', 'Favorites', 'History']) {
      await expect(layout.exploreNav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await layout.revealHeaderLinks();
    await expect(layout.headerLink('Services')).toHaveCount(0);
  });
});
