import { describe, expect, it } from 'vitest';
import { keepRestoredScroll } from './restored-scroll';

type Router = Parameters<typeof keepRestoredScroll>[0];
type State = Parameters<Parameters<Router['subscribe']>[0]>[0];

/** A router whose state changes the test sends, and a window whose frames it runs. */
function setUp() {
  let listener: ((state: State) => void) | null = null;
  const router: Router = {
    subscribe: (fn) => {
      listener = fn as (state: State) => void;
      return () => {
        listener = null;
      };
    },
  };
  const frames = new Map<number, FrameRequestCallback>();
  let nextFrame = 1;
  const scrolls: number[] = [];
  const win = {
    scrollY: 0,
    requestAnimationFrame: (fn: FrameRequestCallback) => {
      frames.set(nextFrame, fn);
      return nextFrame++;
    },
    cancelAnimationFrame: (id: number) => frames.delete(id),
    scrollTo: (_x: number, y: number) => {
      scrolls.push(y);
      win.scrollY = y;
    },
  };
  /** A navigation's state; a pathname makes a new location object, as each navigation does. */
  const send = (
    location: string | { pathname: string },
    restoreScrollPosition: number | false | null,
    navigation = 'idle',
  ) =>
    listener?.({
      location: typeof location === 'string' ? { pathname: location } : location,
      restoreScrollPosition,
      navigation: { state: navigation },
    } as unknown as State);
  const runFrames = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const fn of due) fn(0);
  };
  return { router, win: win as unknown as Window & typeof win, send, runFrames, scrolls, frames };
}

describe('keepRestoredScroll', () => {
  it('scrolls to the restored position again in the next frame when the page drawn first clamped it', () => {
    const t = setUp();
    keepRestoredScroll(t.router, t.win);
    t.send('/', 2676);
    // ScrollRestoration's own scroll, clamped and then moved by scroll anchoring.
    t.win.scrollY = 3969;
    expect(t.scrolls).toEqual([]);
    t.runFrames();
    expect(t.scrolls).toEqual([2676]);
  });

  it('does nothing when the page is already there', () => {
    const t = setUp();
    keepRestoredScroll(t.router, t.win);
    t.send('/', 2676);
    t.win.scrollY = 2676;
    t.runFrames();
    expect(t.scrolls).toEqual([]);
  });

  it('leaves new pages (top or hash) and navigations under way to ScrollRestoration', () => {
    const t = setUp();
    keepRestoredScroll(t.router, t.win);
    t.send('/moviedetail/1', null);
    t.send('/moviedetail/2', false);
    t.send('/', 2676, 'loading');
    expect(t.frames.size).toBe(0);
  });

  it('acts once per location: a later state change of the same page keeps the viewer’s own scrolling', () => {
    const t = setUp();
    keepRestoredScroll(t.router, t.win);
    const home = { pathname: '/' };
    t.send(home, 2676);
    t.runFrames();
    expect(t.scrolls).toEqual([2676]);
    // The viewer scrolls on; a fetcher's update sends the same location again.
    t.win.scrollY = 4000;
    t.send(home, 2676);
    t.runFrames();
    expect(t.scrolls).toEqual([2676]);
    // Back to '/' again later is a new location object: restored again.
    t.send('/', 2676);
    t.runFrames();
    expect(t.scrolls).toEqual([2676, 2676]);
  });

  it('stops when asked, with its frame cancelled', () => {
    const t = setUp();
    const stop = keepRestoredScroll(t.router, t.win);
    t.send('/', 2676);
    stop();
    t.win.scrollY = 100;
    t.runFrames();
    t.send('/', 300);
    t.runFrames();
    expect(t.scrolls).toEqual([]);
  });
});
