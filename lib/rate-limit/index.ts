// Request budgets per credential, and attempt budgets per account and address (./attempts.ts). Fixed windows; the
// store is in-process memory by default and Redis when REDIS_URL is set, so several instances share one budget.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { redis, redisConfigured, redisPrefix } from "../redis/index.ts";

/** Length of a rate-limit window, in seconds. */
export const WINDOW_SECONDS = Number(process.env.RATE_LIMIT_WINDOW_SECONDS ?? 60);
/** The configured default budget per storefront key and window (SPEC.md: 100). */
export const DEFAULT_LIMIT = Number(process.env.STOREFRONT_RATE_LIMIT ?? 100);

export interface Budget {
  limit: number;
  remaining: number;
  /** Unix time (seconds) at which the window ends. */
  resetAt: number;
  /** Seconds until a request will be accepted again; 0 while the budget lasts. */
  retryAfter: number;
}

const limiters = new Map<string, RateLimiterAbstract>();

async function limiterFor(prefix: string, points: number, duration: number): Promise<RateLimiterAbstract> {
  const key = `${prefix}:${points}:${duration}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    const options = { keyPrefix: `${redisPrefix()}:${prefix}`, points, duration };
    // Should Redis fail, each instance counts on in its own memory (the insurance limiter) rather than refuse.
    limiter = redisConfigured()
      ? new RateLimiterRedis({ ...options, storeClient: await redis(), rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(key, limiter);
  }
  return limiter;
}

export interface ConsumeOptions {
  /** Points this call spends (a GraphQL document spends one per root field); at least 1. */
  cost?: number;
  /** Window length in seconds; WINDOW_SECONDS unless given. */
  windowSeconds?: number;
}

/**
 * Spends `cost` points of `subject`'s budget of `points` per window, all or nothing: a call the budget cannot pay
 * for in full is refused and spends nothing, so one oversized request does not use up what smaller ones could.
 */
export async function consume(prefix: string, subject: string, points: number, opts: ConsumeOptions = {}): Promise<Budget> {
  const cost = Math.max(1, Math.ceil(opts.cost ?? 1));
  const limiter = await limiterFor(prefix, points, opts.windowSeconds ?? WINDOW_SECONDS);
  const now = Date.now();
  try {
    const res = await limiter.consume(subject, cost);
    return {
      limit: points,
      remaining: res.remainingPoints,
      resetAt: Math.ceil((now + res.msBeforeNext) / 1000),
      retryAfter: 0,
    };
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    // The counter was raised before the refusal was known (one atomic increment): take the refused points back.
    await limiter.reward(subject, cost).catch(() => undefined);
    return {
      limit: points,
      remaining: Math.max(0, points - (e.consumedPoints - cost)),
      resetAt: Math.ceil((now + e.msBeforeNext) / 1000),
      retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
    };
  }
}

/** Gives back `cost` points spent by consume (an attempt that turned out to be no guess, e.g. a right password). */
export async function refund(prefix: string, subject: string, points: number, opts: ConsumeOptions = {}): Promise<void> {
  const limiter = await limiterFor(prefix, points, opts.windowSeconds ?? WINDOW_SECONDS);
  await limiter.reward(subject, Math.max(1, Math.ceil(opts.cost ?? 1)));
}

/** No refusal is meant by a tally: its points are only a ceiling rate-limiter-flexible needs. */
const TALLY_POINTS = 1_000_000_000;

/** Counts one more event of `subject` in its window (shared across instances over Redis) and returns the count so far. */
export async function tally(prefix: string, subject: string, windowSeconds: number): Promise<number> {
  const limiter = await limiterFor(prefix, TALLY_POINTS, windowSeconds);
  return (await limiter.consume(subject, 1)).consumedPoints;
}

/** Starts `subject`'s tally from zero again. */
export async function clearTally(prefix: string, subject: string, windowSeconds: number): Promise<void> {
  const limiter = await limiterFor(prefix, TALLY_POINTS, windowSeconds);
  await limiter.delete(subject);
}
