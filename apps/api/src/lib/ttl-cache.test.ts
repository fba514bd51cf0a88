import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('shares one computation between concurrent misses and keeps its value', async () => {
    const cache = new TtlCache<number>(60_000);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await Promise.all([cache.getOrCompute('k', compute), cache.getOrCompute('k', compute)])).toEqual([1, 1]);
    expect(await cache.getOrCompute('k', compute)).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a value whose key was deleted while it was computed (it may predate the change)', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: (value: string) => void;
    const before = cache.getOrCompute('k', () => new Promise((resolve) => (release = resolve)));
    cache.delete('k');
    // A caller after the change does not join the older computation.
    const after = cache.getOrCompute('k', async () => 'new');
    release('old');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(cache.get('k')).toBe('new');
  });

  it('clear and deleteWhere drop computations under way too', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: (value: string) => void;
    const pending = cache.getOrCompute('a:1', () => new Promise((resolve) => (release = resolve)));
    cache.deleteWhere((key) => key.startsWith('a:'));
    release('stale');
    await pending;
    expect(cache.get('a:1')).toBeUndefined();
    const again = cache.getOrCompute('b', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    await again;
    expect(cache.get('b')).toBeUndefined();
  });

  it('expires entries after the TTL and keeps at most maxEntries', async () => {
    const cache = new TtlCache<number>(20, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cache.get('c')).toBeUndefined();
  });
});
