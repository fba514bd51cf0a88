import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

  it('keeps the process alive while a job runs, and not once the pool is idle', async () => {
    // A process whose only work is a hash: it must wait for the answer (a
    // job holds the process) and then end on its own (an idle pool holds
    // nothing); before, a script that had hashed a password never ended.
    const script = [
      `const { HashPool } = await import(${JSON.stringify(new URL('./hash-pool.ts', import.meta.url).href)});`,
      'const pool = new HashPool(2);',
      `const [one, two] = await Promise.all([pool.hash('a', ${JSON.stringify(OPTIONS)}), pool.hash('b', ${JSON.stringify(OPTIONS)})]);`,
      'console.log(one.slice(0, 9), two.slice(0, 9));',
    ].join('\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-hash-pool-'));
    try {
      const file = path.join(dir, 'hash-once.mts');
      fs.writeFileSync(file, script);
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
        timeout: 20_000,
        killSignal: 'SIGKILL',
      });
      expect(stdout.trim()).toBe('$argon2id $argon2id');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
