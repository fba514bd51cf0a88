import { expect, type Locator, type Page } from '@playwright/test';

// The TV remote in browser tests (issue 14): arrows, OK (Enter) and the
// remote's own Back key, which a keyboard does not have: Tizen's Return
// (10009) is sent through the browser's protocol as the TV sends it.

export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

export class Remote {
  presses = 0;
  constructor(readonly page: Page) {}

  async press(key: Arrow | 'Enter', times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      this.presses++;
      await this.page.keyboard.press(key);
    }
  }

  /** Samsung's Return key (keyCode 10009), as a Tizen TV delivers it. */
  async back(): Promise<void> {
    this.presses++;
    const cdp = await this.page.context().newCDPSession(this.page);
    const key = { key: 'XF86Back', code: 'BrowserBack', windowsVirtualKeyCode: 10009, nativeVirtualKeyCode: 10009 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...key });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
    await cdp.detach();
  }

  /** The focused element of the page (not of a frame in it). */
  get focused(): Locator {
    return this.page.locator('*:focus');
  }

  /** Fails unless `target` has focus and is seen on screen. */
  async expectFocusOn(target: Locator): Promise<void> {
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
  }

  /**
   * A page just opened: its entry takes focus once the page's code and data
   * are in, which on a busy machine can take longer than one expectation.
   */
  async expectPageEntry(target: Locator): Promise<void> {
    await expect(target).toBeFocused({ timeout: 30_000 });
    await expect(target).toBeInViewport();
  }

  /**
   * Walks the focus to `target` the way a viewer does, looking at the
   * screen: down or up while the target is below or above the focused
   * element, then left or right; at most `max` presses. Returns the presses.
   */
  async walkTo(target: Locator, max: number): Promise<number> {
    for (let i = 0; i <= max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return i;
      if (i === max) break;
      const [from, to] = await Promise.all([this.focused.boundingBox(), target.boundingBox()]);
      if (!from || !to) throw new Error('the focused element or the target is not drawn');
      const key: Arrow =
        to.y >= from.y + from.height - 2
          ? 'ArrowDown'
          : to.y + to.height <= from.y + 2
            ? 'ArrowUp'
            : to.x > from.x
              ? 'ArrowRight'
              : 'ArrowLeft';
      await this.press(key);
    }
    throw new Error(`${max} presses did not bring the focus to the element`);
  }
}

/** The page's focused element is the frame (its document has the keys). */
export async function frameHasFocus(frame: Locator): Promise<boolean> {
  return frame.evaluate((el) => el === document.activeElement);
}

/** How far the focused card's scaled box and its ring reach past the area its row shows, each side (px; ≤ 0: inside). */
export interface CardRoom {
  /** The card's scale (1.06 when focused on a TV, once its transition is over). */
  scale: number;
  /** The ring's width as drawn (its box-shadow's spread, scaled). */
  ring: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The focused card measured against what its row lets be seen: the window
 * cut by every ancestor that clips (the carousel's viewport, anything
 * around it). The card's box is read with its transform; its ring is the
 * first box-shadow of its picture, drawn outside the picture's box.
 */
export async function focusedCardRoom(page: Page): Promise<CardRoom> {
  return page.evaluate(() => {
    const card = document.activeElement as HTMLElement;
    const picture = card.querySelector(
      '.title-card__poster, .wide-card__image, .episode-card__still, .see-all-card__face',
    );
    if (!picture) throw new Error(`the focused element is not a card: ${card.outerHTML.slice(0, 120)}`);
    const scale = new DOMMatrix(getComputedStyle(card).transform).a;
    // "rgb(215, 38, 61) 0px 0px 0px 4px, …": the first shadow's spread.
    const spread = /(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px/.exec(
      getComputedStyle(picture).boxShadow,
    );
    const ring = spread ? parseFloat(spread[4]!) * scale : 0;
    const box = card.getBoundingClientRect();
    const pic = picture.getBoundingClientRect();
    const reach = {
      left: Math.min(box.left, pic.left - ring),
      right: Math.max(box.right, pic.right + ring),
      top: Math.min(box.top, pic.top - ring),
      bottom: Math.max(box.bottom, pic.bottom + ring),
    };
    const seen = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    for (let node = card.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      if (style.overflowX !== 'visible') {
        seen.left = Math.max(seen.left, clip.left);
        seen.right = Math.min(seen.right, clip.right);
      }
      if (style.overflowY !== 'visible') {
        seen.top = Math.max(seen.top, clip.top);
        seen.bottom = Math.min(seen.bottom, clip.bottom);
      }
    }
    return {
      scale,
      ring,
      left: seen.left - reach.left,
      right: reach.right - seen.right,
      top: seen.top - reach.top,
      bottom: reach.bottom - seen.bottom,
    };
  });
}
