// Request budgets per credential. One fixed window; the store is in-process memory by default and Redis when
// REDIS_URL is set, so several instances share one budget.
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

async function limiterFor(prefix: string, points: number): Promise<RateLimiterAbstract> {
  const key = `${prefix}:${points}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    const options = { keyPrefix: `${redisPrefix()}:${prefix}`, points, duration: WINDOW_SECONDS };
    // Should Redis fail, each instance counts on in its own memory (the insurance limiter) rather than refuse.
    limiter = redisConfigured()
      ? new RateLimiterRedis({ ...options, storeClient: await redis(), rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Spends one request of `subject`'s budget of `points` per window. */
export async function consume(prefix: string, subject: string, points: number): Promise<Budget> {
  const limiter = await limiterFor(prefix, points);
  const now = Date.now();
  try {
    const res = await limiter.consume(subject, 1);
    return {
      limit: points,
      remaining: res.remainingPoints,
      resetAt: Math.ceil((now + res.msBeforeNext) / 1000),
      retryAfter: 0,
    };
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    return {
      limit: points,
      remaining: 0,
      resetAt: Math.ceil((now + e.msBeforeNext) / 1000),
      retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)),
    };
  }
}
