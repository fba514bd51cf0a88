import { expect, type Locator, type Page } from '@playwright/test';
import { NOTIFICATION_TEXTS } from '@bosphorus/contract';

// The header bell and its dropdown (spec §2 Header; features/notifications).

export class NotificationBell {
  readonly bell: Locator;
  readonly count: Locator;
  readonly panel: Locator;
  readonly list: Locator;
  readonly deleteAll: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    const header = page.getByRole('banner');
    this.bell = header.getByRole('button', { name: /^Notifications/ });
    this.count = this.bell.getByTestId('notification-count');
    this.panel = header.locator('.header-notifications');
    this.list = this.panel.getByRole('list', { name: NOTIFICATION_TEXTS.title });
    this.deleteAll = this.panel.getByRole('button', { name: NOTIFICATION_TEXTS.deleteAll });
    this.empty = this.panel.getByText(NOTIFICATION_TEXTS.empty);
  }

  async expectUnread(count: number) {
    await expect(this.bell).toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(count));
    if (count > 0) await expect(this.count).toHaveText(String(count));
    else await expect(this.count).toHaveCount(0);
  }

  async open() {
    await this.bell.click();
    await expect(this.panel.getByRole('heading', { name: NOTIFICATION_TEXTS.title })).toBeVisible();
  }

  item(text: string | RegExp): Locator {
    return this.list.getByRole('button', { name: text });
  }
}
