// A small in-process cache for public answers (catalogue pages are the same
// for every visitor). Bounded in entries; entries expire after ttlMs. With
// several instances each keeps its own copy: the catalogue changes rarely and
// the TTL bounds how stale a copy can be.

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V) {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  /**
   * Returns the cached value or computes, stores and returns it. Concurrent
   * misses share one computation. A key deleted while its value is being
   * computed gets that value (it may predate the change) but does not keep it.
   */
  private readonly pending = new Map<string, { promise: Promise<V>; dropped: boolean }>();
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.pending.get(key);
    if (running) return running.promise;
    const fill = { dropped: false } as { promise: Promise<V>; dropped: boolean };
    fill.promise = compute()
      .then((value) => {
        if (!fill.dropped) this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === fill) this.pending.delete(key);
      });
    this.pending.set(key, fill);
    return fill.promise;
  }

  delete(key: string) {
    this.entries.delete(key);
    this.dropPending((k) => k === key);
  }

  deleteWhere(match: (key: string) => boolean) {
    for (const key of [...this.entries.keys()]) if (match(key)) this.entries.delete(key);
    this.dropPending(match);
  }

  clear() {
    this.entries.clear();
    this.dropPending(() => true);
  }

  /** Computations under way for matching keys are not kept, and later callers compute afresh. */
  private dropPending(match: (key: string) => boolean) {
    for (const [key, fill] of this.pending) {
      if (!match(key)) continue;
      fill.dropped = true;
      this.pending.delete(key);
    }
  }
}
