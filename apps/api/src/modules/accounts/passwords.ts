import type { Algorithm, Options } from '@node-rs/argon2';
import { AUTH_ERRORS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bosphorus/contract';
import { HASH_THREADS, HashPool } from './hash-pool.js';

// DESIGN §4: argon2id, never logged, never returned. Passwords are kept
// exactly as typed (no trimming, no Unicode normalisation); their length is
// counted in code points, so an emoji is one character.

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2: Options = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum: not importable as a value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** At most this many hashes or verifications run at once (one per thread); the rest queue. */
export const HASH_CONCURRENCY = HASH_THREADS;

export const hashPool = new HashPool(HASH_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return hashPool.hash(password, ARGON2);
}

// Verified against when the account does not exist or has no password, so
// an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword('not a password of anyone');
    const dummy = await dummyHash;
    await hashPool.verify(dummy, password);
    return false;
  }
  return hashPool.verify(stored, password);
}

/** Characters as a person counts them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  let n = 0;
  for (const _ of password) n++;
  return n;
}

/** The rule of spec §5 / DESIGN §4, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return AUTH_ERRORS.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AUTH_ERRORS.passwordTooLong;
  return null;
}
