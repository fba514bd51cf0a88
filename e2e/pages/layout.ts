import { expect, type Locator, type Page } from '@playwright/test';
import { LAYOUT_BREAKPOINT_PX } from '@bosphorus/contract';

// Header, footer and promotion banner present on every screen
// (docs/ui-contract.md "Everywhere").

export const SOCIAL_LINKS = ['Facebook', 'Twitter', 'YouTube', 'Instagram', 'WhatsApp'] as const;

export const COMPANY_LINKS = [
  { name: 'Contact Us', path: '/profile/contact' },
  { name: 'FAQs', path: '/profile/faq' },
  { name: 'Privacy Policy', path: '/profile/privacy-policy' },
  { name: 'Terms & Conditions', path: '/profile/term-condition' },
  { name: 'Copyright Policy', path: '/profile/copyright-policy' },
] as const;

/** The footer's line: this year, from the clock (issue 15). */
export const COPYRIGHT_TEXT = `© ${new Date().getFullYear()} Bosphorus. All rights reserved.`;

export class Layout {
  readonly header: Locator;
  readonly logo: Locator;
  readonly mainNav: Locator;
  readonly openMenuButton: Locator;
  readonly closeMenuButton: Locator;
  readonly promotion: Locator;
  /** The banner's moving part: its text and the copy that makes the loop seamless. */
  readonly promotionTrack: Locator;
  readonly footer: Locator;
  readonly companyNav: Locator;
  readonly exploreNav: Locator;
  readonly skipLink: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.logo = this.header.getByRole('link', { name: 'Bosphorus home' });
    this.mainNav = page.getByRole('navigation', { name: 'Main' });
    this.openMenuButton = page.getByRole('button', { name: 'Open menu' });
    this.closeMenuButton = page.getByRole('button', { name: 'Close menu' });
    this.promotion = page.getByRole('region', { name: 'Promotion' });
    this.promotionTrack = this.promotion.locator('.promo__track');
    this.footer = page.getByRole('contentinfo');
    this.companyNav = this.footer.getByRole('navigation', { name: 'Company' });
    this.exploreNav = page.getByRole('navigation', { name: 'Explore' });
    this.skipLink = page.getByRole('link', { name: 'Skip to content' });
    this.main = page.locator('main#main');
  }

  /** True when the layout is the collapsed (mobile) one: below 1024 px (spec §9). */
  isCollapsed(): boolean {
    return (this.page.viewportSize()?.width ?? 1440) < LAYOUT_BREAKPOINT_PX;
  }

  headerLink(name: string): Locator {
    return this.header.getByRole('link', { name, exact: true });
  }

  socialLink(name: string): Locator {
    return this.footer.getByRole('link', { name, exact: true });
  }

  /** Makes the header's links reachable: opens the menu on narrow screens. */
  async revealHeaderLinks(): Promise<void> {
    if (this.isCollapsed()) await this.openMenu();
  }

  async openMenu(): Promise<void> {
    await expect(this.openMenuButton).toHaveAttribute('aria-expanded', 'false');
    await this.openMenuButton.click();
    await expect(this.closeMenuButton).toBeVisible();
  }

  async closeMenu(): Promise<void> {
    await this.closeMenuButton.click();
    await expect(this.openMenuButton).toHaveAttribute('aria-expanded', 'false');
  }
}
