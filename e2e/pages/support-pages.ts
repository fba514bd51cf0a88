import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { SUPPORT_TEXTS } from '@bosphorus/contract';

// FAQ, policy pages and the contact form (spec §2 Profile area; decision 0025).

export class FaqPage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/profile/faq');
    await expect(this.page.getByRole('heading', { level: 1, name: SUPPORT_TEXTS.faqTitle })).toBeVisible();
    await expect(this.question(0)).toBeVisible();
  }
  /** The n-th question: a button inside the accordion's heading. */
  question(index: number): Locator {
    return this.page.getByRole('main').getByRole('heading', { level: 2 }).nth(index).getByRole('button');
  }
  /** The answer a question controls (aria-controls). */
  async answerOf(question: Locator): Promise<Locator> {
    const id = await question.getAttribute('aria-controls');
    return this.page.locator(`[id="${id}"]`);
  }
}

export class PolicyPage {
  constructor(readonly page: Page) {}
  get main() {
    return this.page.getByRole('main');
  }
  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
}

export class ContactForm {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/profile/contact');
    await expect(this.page.getByRole('heading', { level: 1, name: SUPPORT_TEXTS.contactTitle })).toBeVisible();
  }
  field(name: keyof typeof SUPPORT_TEXTS.contactLabels): Locator {
    return this.page.getByRole('main').getByLabel(SUPPORT_TEXTS.contactLabels[name], { exact: true });
  }
  get send() {
    return this.page.getByRole('button', { name: SUPPORT_TEXTS.contactSend });
  }
  get formError() {
    return this.page.locator('.form-error');
  }
  /** Solves the ALTCHA check in the page (the same widget as sign-up). */
  async solveCaptcha() {
    await this.page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
    await expect(this.page.locator('altcha-widget [data-state="verified"]')).toBeAttached({ timeout: 30_000 });
  }
}

/**
 * DESIGN §6: no serious or critical axe violation in the page's content as it
 * is now (the header, footer and side menu are checked by accessibility.spec.ts).
 */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
