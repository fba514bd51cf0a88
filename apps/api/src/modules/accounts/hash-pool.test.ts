import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { HASH_THREAD_NICE, HashPool } from './hash-pool.js';

// Password hashing runs in a bounded pool of low-priority threads.

const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Nice values of this process's threads (Linux /proc; field 19 of stat). */
function threadNices(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

describe('HashPool', () => {
  const pool = new HashPool(2);
  afterAll(() => pool.close());

  it('hashes and verifies argon2id off the event loop', async () => {
    const stored = await pool.hash('Boğaziçi 🌉 köprüsü', OPTIONS);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await pool.verify(stored, 'Boğaziçi 🌉 köprüsü')).toBe(true);
    expect(await pool.verify(stored, 'Bogazici 🌉 koprusu')).toBe(false);
    expect(await pool.verify('not a hash', 'x')).toBe(false);
  });

  it('runs at most one job per thread and queues the rest in order', async () => {
    const stored = await pool.hash('secret password', OPTIONS);
    let peak = 0;
    let queued = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, pool.stats.active);
      queued = Math.max(queued, pool.stats.waiting);
    }, 1);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.verify(stored, i === 7 ? 'secret password' : 'no')),
    );
    clearInterval(watch);
    expect(results).toEqual([false, false, false, false, false, false, false, true]);
    expect(peak).toBeLessThanOrEqual(2);
    expect(queued).toBeGreaterThan(0);
    expect(pool.stats.threads).toBeLessThanOrEqual(2);
  });

  it.runIf(process.platform === 'linux')('runs its threads at a low CPU priority', async () => {
    await pool.hash('warm up', OPTIONS);
    expect(HASH_THREAD_NICE).toBe(10);
    expect(threadNices().filter((n) => n === HASH_THREAD_NICE).length).toBeGreaterThanOrEqual(1);
  });
});
