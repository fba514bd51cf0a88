import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/auth.js';

// docs/auth.md "Limits": several counters per call (per IP, per account
// e-mail, per user), each with its own window. @fastify/rate-limit's
// createRateLimit gives the counters (in Redis when REDIS_URL is set, in
// memory otherwise); a preHandler (the body is parsed by then) checks them
// in order and answers 429 with Retry-After. RATE_LIMIT=off turns them off.

export interface LimitRule {
  /** Prefix of the counter key; also keeps calls sharing a rule together. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The counted subject (an IP, an e-mail, a user id), or null to skip. */
  key(req: FastifyRequest): string | null;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const byIp = (req: FastifyRequest) => req.ip;

/** The e-mail of the form field `field`, folded, or null when absent. */
export function byEmailField(field: string) {
  return (req: FastifyRequest) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  };
}

export const byUser = (req: FastifyRequest) => (req.userId ? String(req.userId) : null);

export type LimitHandler = (req: FastifyRequest) => Promise<void>;

export function createLimits(app: FastifyInstance, enabled: boolean) {
  const cache = new Map<LimitRule, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiterOf = (rule: LimitRule) => {
    let limiter = cache.get(rule);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (req) => `${rule.name}:${rule.key(req) ?? ''}`,
      });
      cache.set(rule, limiter);
    }
    return limiter;
  };

  /** A preHandler checking every rule (none when limits are off). */
  return function limit(...rules: LimitRule[]): LimitHandler {
    if (!enabled || !app.hasDecorator('createRateLimit')) return async () => {};
    const limiters = rules.map((rule) => ({ rule, check: limiterOf(rule) }));
    return async (req) => {
      for (const { rule, check } of limiters) {
        if (rule.key(req) === null) continue;
        const result = await check(req);
        if (!result.isAllowed && result.isExceeded) {
          throw new HttpFailure(
            429,
            { error: API_ERRORS.tooManyRequests },
            { 'retry-after': String(Math.max(1, result.ttlInSeconds)) },
          );
        }
      }
    };
  };
}
export type Limits = ReturnType<typeof createLimits>;
