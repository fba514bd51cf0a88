import type { Locator, Page } from '@playwright/test';

// What a person can actually see and touch: carousels keep off-screen slides
// in the document, so "visible" in the DOM sense is not enough.

/** A control named `name`, whether built as a button or a link. */
export function control(scope: Page | Locator, name: string | RegExp): Locator {
  const exact = typeof name === 'string' ? { name, exact: true } : { name };
  return scope.getByRole('button', exact).or(scope.getByRole('link', exact));
}

interface Seen {
  /** Share of the element's width not clipped by scrolling ancestors or the window. */
  shownWidthRatio: number;
  /** Centre of the element lies inside the container's box. */
  centreInContainer: boolean;
  /** It has a box and neither it nor an ancestor is transparent, hidden or inert. */
  shown: boolean;
}

/** Measures every match of `locator` in one round trip (carousels have many cards). */
async function measureAll(locator: Locator, container: Locator): Promise<Seen[]> {
  const handle = await container.elementHandle();
  if (!handle) return [];
  try {
    return await locator.evaluateAll((elements, box) => {
      const c = (box as Element).getBoundingClientRect();
      return elements.map((el) => {
        const rect = el.getBoundingClientRect();
        let left = Math.max(rect.left, 0);
        let right = Math.min(rect.right, window.innerWidth);
        let shown = rect.width > 0 && rect.height > 0;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) < 0.05) shown = false;
          if (node.hasAttribute('inert')) shown = false;
          if (node !== el && style.overflowX !== 'visible') {
            const clip = node.getBoundingClientRect();
            left = Math.max(left, clip.left);
            right = Math.min(right, clip.right);
          }
        }
        const cx = rect.left + rect.width / 2;
        const cy = rect.top + rect.height / 2;
        return {
          shownWidthRatio: rect.width > 0 ? Math.max(0, right - left) / rect.width : 0,
          centreInContainer: cx >= c.left && cx <= c.right && cy >= c.top && cy <= c.bottom,
          shown,
        };
      });
    }, handle);
  } finally {
    await handle.dispose();
  }
}

/** The matches of `locator` a person sees inside `container` (centre inside, mostly shown, not inert). */
export async function onScreen(locator: Locator, container: Locator): Promise<Locator[]> {
  const seen = await measureAll(locator, container);
  return seen.flatMap((m, i) => (m.shown && m.centreInContainer && m.shownWidthRatio > 0.5 ? [locator.nth(i)] : []));
}

/** The matches of `locator` shown whole (horizontally, 1% slack for sub-pixel widths). */
export async function fullyVisibleWithin(locator: Locator, container: Locator): Promise<Locator[]> {
  const seen = await measureAll(locator, container);
  return seen.flatMap((m, i) => (m.shown && m.shownWidthRatio >= 0.99 ? [locator.nth(i)] : []));
}

/**
 * Presses at `from`, moves `dx` pixels sideways in small steps and lets go:
 * a touch drag on touch devices (through the DevTools protocol, as a finger
 * would), a mouse drag elsewhere.
 */
export async function dragAcross(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  const { x, y } = from;
  const steps = 12;
  const touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps });
    await page.mouse.up();
  }
}

export interface LayoutShift {
  /** The sum of the shifts made with no recent input. */
  total: number;
  /**
   * For a failure's message: each of those shifts, with its time, value and
   * what moved ("412 ms 0.0132: DIV.detail-hero 0,268 390×420 → 0,300 390×420").
   */
  shifts: string[];
}

/** The page's layout shifts since it began loading, once its load has settled. */
export async function layoutShift(page: Page): Promise<LayoutShift> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<LayoutShift>((resolve) => {
        interface Source {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
        const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
        const name = (node: Node | null | undefined) =>
          node instanceof Element
            ? `${node.tagName}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`
            : (node?.nodeName ?? 'a removed node');
        const seen: LayoutShift = { total: 0, shifts: [] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            seen.total += entry.value;
            const moved = (entry.sources ?? []).map(
              (s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
            );
            seen.shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)}: ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // Two frames and a little: what a late part would still move.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(seen), 300)));
      }),
  );
}
