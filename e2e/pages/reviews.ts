import { expect, type Locator, type Page } from '@playwright/test';
import { REVIEW_TEXTS } from '@bosphorus/contract';

// The reviews section of the detail and watch pages (spec §2, §4 Reviews,
// §8 Review; decision 0021): what a reader finds by role and name.

export class ReviewsSection {
  readonly section: Locator;
  readonly form: Locator;
  readonly signInLink: Locator;
  constructor(readonly page: Page) {
    this.section = page.locator('section#reviews');
    this.form = this.section.getByRole('form', { name: REVIEW_TEXTS.writeReview });
    this.signInLink = this.section.getByRole('link', { name: REVIEW_TEXTS.signInToReview });
  }

  /** Chooses the stars with the keyboard (a radio group), types the text and posts it. */
  async write({ stars, text, spoiler }: { stars: number; text: string; spoiler: boolean }) {
    const first = this.form.getByRole('radio', { name: '1 star' });
    await first.focus();
    await first.press('Space');
    for (let i = 1; i < stars; i++) await this.page.keyboard.press('ArrowRight');
    await expect(this.form.getByRole('radio', { name: `${stars} stars` })).toBeChecked();
    await this.form.getByRole('textbox', { name: REVIEW_TEXTS.reviewLabel }).fill(text);
    if (spoiler) await this.form.getByRole('checkbox', { name: REVIEW_TEXTS.containsSpoilers }).check();
    await this.form.getByRole('button', { name: REVIEW_TEXTS.postReview }).click();
  }

  /** The review article of this author that contains (or hides) this text. */
  review(author: string): Locator {
    return this.section.getByRole('article', { name: author });
  }

  async reply(review: Locator, author: string, text: string) {
    await review.getByRole('button', { name: REVIEW_TEXTS.replyLabel(author) }).click();
    await review.getByRole('textbox', { name: REVIEW_TEXTS.replyLabel(author) }).fill(text);
    await review.getByRole('button', { name: REVIEW_TEXTS.postReply }).click();
  }
}
