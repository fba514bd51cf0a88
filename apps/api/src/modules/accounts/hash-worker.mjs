// A password-hashing thread (hash-pool.ts). It runs argon2id synchronously,
// one job at a time, at a low CPU priority, so that a flood of sign-ins
// takes mostly the CPU that browsing leaves over — but not so low that the
// sign-ins starve behind busy browsing and time out (HASH_THREAD_NICE).
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  // Linux: this thread's own id, whose nice value is then raised alone.
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) os.setPriority(tid, workerData.nice);
} catch {
  // Elsewhere the thread keeps the normal priority.
}

parentPort.on('message', ({ id, op, password, stored, options }) => {
  try {
    const result = op === 'hash' ? hashSync(password, options) : verifySync(stored, password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    // A malformed stored hash verifies as false, like a wrong password.
    parentPort.postMessage({
      id,
      result: op === 'verify' ? false : undefined,
      error: op === 'hash' ? String(error) : undefined,
    });
  }
});
