import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Cheap challenges for tests (the default is about half a second of browser work). */
export const FAST_CAPTCHA = { cost: 10, maxCounter: 200 };

/** Solves an ALTCHA challenge the way the browser widget does: base64 of {challenge, solution}. */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
