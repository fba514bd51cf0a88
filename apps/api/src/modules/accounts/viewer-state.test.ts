import { describe, expect, it } from 'vitest';
import { createChangeFeed } from '../../lib/change-feed.js';
import { createViewerState } from './viewer-state.js';

// The guard and canPlay read an account's state from memory until the change
// feed says it changed (decision 0028); lib/change-feed.test.ts shows the
// feed reaching other instances.

async function setUp(live: boolean) {
  const reads: number[] = [];
  let state: { banned: boolean; planEndsAt: Date | null } | null = { banned: false, planEndsAt: null };
  const feed = createChangeFeed();
  if (live) await feed.start({ listen: async () => ({ close: async () => {} }), query: async () => [] });
  const viewers = createViewerState({
    repo: {
      viewerState: async (id) => {
        reads.push(id);
        return state && { playbackNotBefore: null, ...state };
      },
    },
    feed,
  });
  return { reads, feed, viewers, set: (next: typeof state) => (state = next) };
}

describe('viewer state', () => {
  it('reads an account once, then answers from memory until its change is announced', async () => {
    const { reads, feed, viewers, set } = await setUp(true);
    expect(await viewers.status(7)).toEqual({ banned: false });
    expect(await viewers.viewer(7)).toEqual({ userId: 7, canPlay: false });
    expect(reads).toEqual([7]);
    set({ banned: true, planEndsAt: new Date(Date.now() + 60_000) });
    expect(await viewers.status(7)).toEqual({ banned: false }); // not announced: still held
    feed.changed('account', 8);
    expect(await viewers.status(7)).toEqual({ banned: false }); // another account's change
    feed.changed('account', 7);
    expect(await viewers.status(7)).toEqual({ banned: true });
    expect(await viewers.viewer(7)).toEqual({ userId: 7, canPlay: true });
    expect(reads).toEqual([7, 7]);
    set(null);
    feed.changed('account', 7);
    expect(await viewers.status(7)).toBeNull(); // deleted
  });

  it('a held plan that runs out stops playing without any announcement', async () => {
    const { viewers, set } = await setUp(true);
    set({ banned: false, planEndsAt: new Date(Date.now() + 40) });
    expect((await viewers.viewer(3)).canPlay).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await viewers.viewer(3)).canPlay).toBe(false);
  });

  it('reads the database on every call while the feed is not live', async () => {
    const { reads, viewers } = await setUp(false);
    await viewers.status(5);
    await viewers.status(5);
    expect(reads).toEqual([5, 5]);
  });
});
