// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOAD_DELAY_MS, startTvMode } from './tv-mode';

// The key holder before the spatial navigation's chunk arrives (decision
// 0093): an arrow that will move the focus is held and replayed; an arrow a
// field uses itself (the caret) is the browser's at once.

type Router = Parameters<typeof startTvMode>[0];

function fakeRouter(): Router {
  return {
    state: { location: { pathname: '/allseries' }, navigation: { state: 'idle' } },
    subscribe: () => () => {},
    navigate: async () => {},
  } as unknown as Router;
}

function press(target: Element, key: string): KeyboardEvent {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(e);
  return e;
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  document.body.innerHTML = '';
});

describe('startTvMode before the navigation has arrived', () => {
  it('holds Down pressed in a search field (it leaves the field) and replays it once the navigation is installed', async () => {
    document.body.innerHTML = '<input type="search" aria-label="Search" value="abc">';
    const field = document.querySelector('input')!;
    field.focus();
    field.setSelectionRange(1, 1);
    const seen: { key: string; trusted: boolean }[] = [];
    field.addEventListener('keydown', (e) => seen.push({ key: e.key, trusted: e.isTrusted }));
    stop = startTvMode(fakeRouter(), window);

    const down = press(field, 'ArrowDown');
    expect(down.defaultPrevented).toBe(true);
    // The caret's own keys on a desktop: not held.
    const left = press(field, 'ArrowLeft');
    expect(left.defaultPrevented).toBe(false);

    // Once the chunk is in, the held Down is dispatched again at the focused field.
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(3);
    expect(seen.map((s) => s.key)).toEqual(['ArrowDown', 'ArrowLeft', 'ArrowDown']);
  });

  it('leaves a slider its Left and Right', () => {
    document.body.innerHTML = '<input type="range" min="0" max="10" value="5" aria-label="Volume">';
    const slider = document.querySelector('input')!;
    slider.focus();
    stop = startTvMode(fakeRouter(), window);
    expect(press(slider, 'ArrowRight').defaultPrevented).toBe(false);
    expect(press(slider, 'ArrowUp').defaultPrevented).toBe(true);
  });

  it('on a touch screen fetches nothing after the load until a key is pressed, and that key still works', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('pointer: coarse'), media: query }));
    document.body.innerHTML = '<input type="search" aria-label="Search" value="abc">';
    const field = document.querySelector('input')!;
    field.focus();
    const seen: string[] = [];
    field.addEventListener('keydown', (e) => seen.push(e.key));
    stop = startTvMode(fakeRouter(), window);
    // Past the delay after which a computer has the navigation: a touch screen still has not asked for it.
    await new Promise((resolve) => setTimeout(resolve, LOAD_DELAY_MS + 500));
    expect(press(field, 'ArrowDown').defaultPrevented, 'held: the navigation is not there yet').toBe(true);
    await expect.poll(() => seen, { timeout: 5000 }).toEqual(['ArrowDown', 'ArrowDown']);
  });
});
