import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { API_ERRORS } from '@bosphorus/contract';
import { HttpFailure } from './errors.js';
import { clientAddress } from './security.js';

// docs/auth.md "Limits": several counters per call (per IP, per account
// e-mail, per user), each with its own window. @fastify/rate-limit's
// createRateLimit gives the counters (in Redis when REDIS_URL is set, in
// memory otherwise); a preHandler (the body is parsed by then) checks them
// in order and answers 429 with Retry-After. RATE_LIMIT=off turns them off.
//
// Account calls mostly count FAILURES instead (decision 0026): a shared
// address (carrier-grade NAT, a campus) signs in and registers freely, and
// only what looks like guessing or abuse is throttled. A failure counter
// (FailureRule) starts its window at the first failure; the failure that
// reaches `max` restarts it, so the lock lasts a whole window after it.

export interface LimitRule {
  /** Prefix of the counter key; also keeps calls sharing a rule together. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The counted subject (an IP, an e-mail, a user id), or null to skip. */
  key(req: FastifyRequest): string | null;
}

export const SECOND = 1_000;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const byIp = (req: FastifyRequest) => clientAddress(req);

/** The e-mail of the form field `field`, folded, or null when absent. */
export function byEmailField(field: string) {
  return (req: FastifyRequest) => {
    const value = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
  };
}

/** The client address and the e-mail of the form field `field` together, or null without an e-mail. */
export function byIpAndEmailField(field: string) {
  const email = byEmailField(field);
  return (req: FastifyRequest) => {
    const subject = email(req);
    return subject === null ? null : `${clientAddress(req)}|${subject}`;
  };
}

export const byUser = (req: FastifyRequest) => (req.userId ? String(req.userId) : null);

export type LimitHandler = (req: FastifyRequest) => Promise<void>;

export function createLimits(app: FastifyInstance, enabled: boolean, redis: Redis | null = null) {
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
  function limit(...rules: LimitRule[]): LimitHandler {
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
  }

  const counters: FailureCounters | null = enabled
    ? redis
      ? redisCounters(redis, (error) => app.log.warn({ err: error }, 'redis unavailable: failure limits skipped'))
      : memoryCounters()
    : null;

  return Object.assign(limit, {
    /** The failure counters (null when limits are off). */
    counters,
    /**
     * Hooks for a route limited by its failures: `preHandler` answers 429
     * (with Retry-After) while any rule has reached its maximum; `onSend`
     * counts the answer against every rule when `isFailure(status)`.
     */
    failures(isFailure: (status: number) => boolean, ...rules: FailureRule[]) {
      return {
        preHandler: async (req: FastifyRequest) => {
          if (counters) await assertNotLocked(counters, req, rules);
        },
        onSend: async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          if (counters && isFailure(reply.statusCode)) await countFailure(counters, req, rules);
          return payload;
        },
      };
    },
  });
}
export type Limits = ReturnType<typeof createLimits>;

// ───────────── failure counters ─────────────
export interface FailureRule {
  /** Prefix of the counter key. */
  name: string;
  /** Failures allowed in the window; the next attempt is refused. */
  max: number;
  windowMs: number;
  /** The counted subject (an IP, an e-mail), or null to skip. */
  key(req: FastifyRequest): string | null;
  /** The 429's `error` (default API_ERRORS.tooManyRequests). */
  message?: string;
}

export interface CounterState {
  count: number;
  /** Milliseconds until the window ends (0 when there is no counter). */
  ttlMs: number;
}

export interface FailureCounters {
  peek(key: string): Promise<CounterState>;
  /** Counts one failure; the one reaching `max` restarts the window (the lock lasts a full window). */
  add(key: string, windowMs: number, max: number): Promise<CounterState>;
}

const counterKey = (rule: FailureRule, subject: string) => `${rule.name}:${subject}`;

export function retryAfter(state: CounterState): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(state.ttlMs / 1000))) };
}

/** The state of one rule's counter for this request's subject (null when the rule skips it). */
export async function counterOf(counters: FailureCounters, req: FastifyRequest, rule: FailureRule) {
  const subject = rule.key(req);
  return subject === null ? null : counters.peek(counterKey(rule, subject));
}

/** True when the counter has reached its rule's maximum within its window. */
export const isAtMax = (rule: FailureRule, state: CounterState | null) =>
  state !== null && state.count >= rule.max && state.ttlMs > 0;

/** 429 while any rule has reached its maximum. */
export async function assertNotLocked(counters: FailureCounters, req: FastifyRequest, rules: FailureRule[]) {
  for (const rule of rules) {
    const subject = rule.key(req);
    if (subject === null) continue;
    const state = await counters.peek(counterKey(rule, subject));
    if (state.count >= rule.max && state.ttlMs > 0) {
      throw new HttpFailure(429, { error: rule.message ?? API_ERRORS.tooManyRequests }, retryAfter(state));
    }
  }
}

/** Counts a failure against every rule; the states after it, in order (null for a skipped rule). */
export async function countFailure(counters: FailureCounters, req: FastifyRequest, rules: FailureRule[]) {
  const states: (CounterState | null)[] = [];
  for (const rule of rules) {
    const subject = rule.key(req);
    states.push(subject === null ? null : await counters.add(counterKey(rule, subject), rule.windowMs, rule.max));
  }
  return states;
}

/** Counters of one instance. Expired entries are swept as new ones arrive. */
export function memoryCounters(now: () => number = Date.now): FailureCounters {
  const entries = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = 0;
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.endsAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const state = (entry: { count: number; endsAt: number } | undefined): CounterState =>
    entry ? { count: entry.count, ttlMs: entry.endsAt - now() } : { count: 0, ttlMs: 0 };
  return {
    async peek(key) {
      return state(live(key));
    },
    async add(key, windowMs, max) {
      const t = now();
      if (t >= nextSweep) {
        for (const [k, entry] of entries) if (entry.endsAt <= t) entries.delete(k);
        nextSweep = t + MINUTE;
      }
      let entry = live(key);
      if (!entry) {
        entry = { count: 0, endsAt: t + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      if (entry.count === max) entry.endsAt = t + windowMs;
      return state(entry);
    },
  };
}

// INCR, with the window (re)started at the first failure and at the one
// reaching max; atomic in Redis, so instances sharing it count together.
const ADD_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or n == tonumber(ARGV[2]) or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return {n, redis.call('PTTL', KEYS[1])}`;

/** Counters shared through Redis; an unreachable Redis skips them (like the other limits). */
export function redisCounters(redis: Redis, onError: (error: unknown) => void): FailureCounters {
  const prefix = 'bos-fail:';
  const open: CounterState = { count: 0, ttlMs: 0 };
  return {
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return count === null || ttl <= 0 ? open : { count: Number(count), ttlMs: ttl };
      } catch (error) {
        onError(error);
        return open;
      }
    },
    async add(key, windowMs, max) {
      try {
        const [count, ttl] = (await redis.eval(ADD_SCRIPT, 1, prefix + key, windowMs, max)) as [number, number];
        return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
      } catch (error) {
        onError(error);
        return open;
      }
    },
  };
}
