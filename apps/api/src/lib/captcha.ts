import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../config.js';

// The captcha of registration, social sign-up and contact (DESIGN §4):
//   altcha    — self-hosted proof of work (default): the server signs a
//               challenge, the browser's widget solves it, the server checks
//               the solution and that it was not used before. No third party.
//   recaptcha — Google reCAPTCHA with RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET.
//   off       — explicit; the process logs it at start.

export interface Captcha {
  readonly provider: 'altcha' | 'recaptcha' | 'off';
  /** reCAPTCHA site key for the page; null otherwise. */
  readonly siteKey: string | null;
  /** A new ALTCHA challenge (altcha only). */
  challenge(): Promise<Challenge>;
  /** True when the answer proves a person; never throws. */
  verify(answer: string | undefined, ip: string): Promise<boolean>;
}

export interface CaptchaOptions {
  recaptchaVerifyUrl?: string;
  /** PBKDF2 rounds per try and the range of tries (smaller in tests). */
  cost?: number;
  maxCounter?: number;
  /** How long a challenge may be solved and used. */
  ttlMs?: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';
const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** About half a second of work in a browser (dependencies notes). */
const DEFAULT_COST = 1_000;
const DEFAULT_MAX_COUNTER = 4_000;
const DEFAULT_TTL_MS = 10 * 60_000;
/** Bound on remembered used challenges; the oldest are forgotten first. */
const USED_MAX = 100_000;

export function createCaptcha(config: Config['captcha'], hmacKey: string, opts: CaptchaOptions = {}): Captcha {
  if (config.provider === 'recaptcha') return recaptcha(config, opts.recaptchaVerifyUrl ?? RECAPTCHA_VERIFY_URL);
  if (config.provider === 'off') {
    return {
      provider: 'off',
      siteKey: null,
      challenge: () => Promise.reject(new Error('the captcha is off')),
      verify: async () => true,
    };
  }
  return altcha(hmacKey, opts);
}

function altcha(hmacKey: string, opts: CaptchaOptions): Captcha {
  const cost = opts.cost ?? DEFAULT_COST;
  const maxCounter = opts.maxCounter ?? DEFAULT_MAX_COUNTER;
  const ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
  const keySecret = `${hmacKey}:key`;
  // A solved challenge is good once: nonce → when it stops mattering.
  const used = new Map<string, number>();

  function remember(nonce: string, expiresAt: number): boolean {
    const now = Date.now();
    for (const [key, until] of used) {
      if (until > now && used.size < USED_MAX) break;
      used.delete(key);
    }
    if (used.has(nonce)) return false;
    used.set(nonce, expiresAt);
    return true;
  }

  return {
    provider: 'altcha',
    siteKey: null,
    challenge() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost,
        counter: randomInt(Math.floor(maxCounter / 4), maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + ttlMs),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySecret,
      });
    },
    async verify(answer) {
      if (!answer || answer.length > 10_000) return false;
      let payload: { challenge?: Challenge; solution?: Solution };
      try {
        payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as typeof payload;
      } catch {
        return false;
      }
      if (!payload?.challenge?.parameters || !payload.solution) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
        if (!result.verified) return false;
      } catch {
        return false;
      }
      const params = payload.challenge.parameters;
      return remember(params.nonce, params.expiresAt ? params.expiresAt * 1000 : Date.now() + ttlMs);
    },
  };
}

function recaptcha(config: Config['captcha'], verifyUrl: string): Captcha {
  return {
    provider: 'recaptcha',
    siteKey: config.recaptchaSiteKey,
    challenge: () => Promise.reject(new Error('reCAPTCHA issues its own challenges')),
    async verify(answer, ip) {
      if (!answer || !config.recaptchaSecret) return false;
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: config.recaptchaSecret, response: answer, remoteip: ip }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { success?: unknown };
        return data.success === true;
      } catch {
        return false;
      }
    },
  };
}
