// What a guess costs. Every kind has a budget per client address (one address cannot spray many accounts) and one
// per account (the email, trimmed and lower-cased), in windows of their own, counted in the same store as the request
// budgets (Redis when configured). Over either: 429 with Retry-After.
// Login and panel sign-in must never let a stranger lock the owner out, so for them the account's budget is counted
// per account AND address (wrong guesses from one address end there, and the owner elsewhere is untouched), and the
// account's failures from anywhere only slow each further attempt down: the answer waits a delay that doubles from
// `_DELAY_BASE_MS` past `_DELAY_AFTER` failures, up to `_DELAY_MAX_MS`; the right password still gets in, and resets it.
import { RateLimited } from "../errors.ts";
import { clearTally, consume, refund, tally } from "./index.ts";

export type AttemptKind = "login" | "register" | "forgotPassword" | "resetPassword" | "panelSignIn" | "euWithdrawal";

export interface SlowDown {
  /** Failures on an account (from any address) answered without delay. */
  after: number;
  /** The first delay; each further failure doubles it. */
  baseMs: number;
  maxMs: number;
}

export interface Rule {
  /** Per account, or for kinds that slow down, per account and address together. */
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
  slowDown: SlowDown | null;
}

type Defaults = Omit<Rule, "slowDown"> & { env: string; slowDown?: SlowDown };

const SLOW_DOWN: SlowDown = { after: 5, baseMs: 250, maxMs: 4000 };

/**
 * Defaults, and the env prefix that overrides each: `<PREFIX>_LIMIT_PER_ACCOUNT`, `_LIMIT_PER_ADDRESS`,
 * `_LIMIT_WINDOW`, and for the kinds that slow down `_DELAY_AFTER`, `_DELAY_BASE_MS`, `_DELAY_MAX_MS`.
 */
const DEFAULTS: Record<AttemptKind, Defaults> = {
  login: { env: "LOGIN", perAccount: 10, perAddress: 100, windowSeconds: 900, slowDown: SLOW_DOWN },
  register: { env: "REGISTER", perAccount: 5, perAddress: 20, windowSeconds: 3600 },
  forgotPassword: { env: "FORGOT_PASSWORD", perAccount: 5, perAddress: 20, windowSeconds: 3600 },
  resetPassword: { env: "RESET_PASSWORD", perAccount: 10, perAddress: 50, windowSeconds: 3600 },
  panelSignIn: { env: "PANEL_SIGN_IN", perAccount: 10, perAddress: 50, windowSeconds: 900, slowDown: SLOW_DOWN },
  // The guest withdrawal form names an order by number and email: both are guessable, so each is an account.
  euWithdrawal: { env: "EU_WITHDRAWAL", perAccount: 10, perAddress: 20, windowSeconds: 3600 },
};

const setting = (name: string, fallback: number, min: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isInteger(n) && n >= min ? n : fallback;
};

/** Read on every attempt (a few env look-ups), so an operator's or a test's setting needs no restart of the module. */
export function attemptRule(kind: AttemptKind): Rule {
  const d = DEFAULTS[kind];
  const s = d.slowDown;
  return {
    perAccount: setting(`${d.env}_LIMIT_PER_ACCOUNT`, d.perAccount, 1),
    perAddress: setting(`${d.env}_LIMIT_PER_ADDRESS`, d.perAddress, 1),
    windowSeconds: setting(`${d.env}_LIMIT_WINDOW`, d.windowSeconds, 1),
    slowDown: s
      ? {
          after: setting(`${d.env}_DELAY_AFTER`, s.after, 0),
          baseMs: setting(`${d.env}_DELAY_BASE_MS`, s.baseMs, 0),
          maxMs: setting(`${d.env}_DELAY_MAX_MS`, s.maxMs, 0),
        }
      : null,
  };
}

/** How long an attempt waits when the account has already seen `failures` failed attempts in the window. */
export function attemptDelayMs(slowDown: SlowDown, failures: number): number {
  if (failures < slowDown.after) return 0;
  // The exponent is capped so a long run of failures cannot overflow to Infinity before the cap applies.
  return Math.min(slowDown.maxMs, slowDown.baseMs * 2 ** Math.min(failures - slowDown.after, 30));
}

/** How a delay is served; a test replaces `sleep` to see the delays without waiting them. */
export const attemptPause = {
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface Attempt {
  /**
   * The credentials were right: the account's point is given back and, for the kinds that slow down, the account's
   * failure count starts again from zero. The address keeps its count.
   */
  succeeded(): Promise<void>;
}

/** A request with no known address shares one bucket with every other such request. */
const NO_ADDRESS = "-";

const normalise = (account: string) => account.trim().toLowerCase();

/**
 * Counts one attempt of `kind` on `account` (or on each of several accounts, e.g. an order number and an email) from
 * `ip`; throws RateLimited when a budget is used up, and for the kinds that slow down waits the account's delay.
 */
export async function spendAttempt(kind: AttemptKind, account: string | readonly [string, ...string[]], ip: string | null): Promise<Attempt> {
  const rule = attemptRule(kind);
  const opts = { windowSeconds: rule.windowSeconds };
  const address = ip ?? NO_ADDRESS;
  const accounts = (typeof account === "string" ? [account] : [...account]).map(normalise);
  // Per account and address, the subject is a JSON pair, so no two different pairs can spell the same subject.
  const accountBucket = rule.slowDown ? `attempt:${kind}:account-address` : `attempt:${kind}:account`;
  const subjectOf = (a: string) => (rule.slowDown ? JSON.stringify([a, address]) : a);
  const spends = [
    { prefix: `attempt:${kind}:address`, subject: address, points: rule.perAddress },
    ...accounts.map((a) => ({ prefix: accountBucket, subject: subjectOf(a), points: rule.perAccount })),
  ];
  const budgets = await Promise.all(spends.map((b) => consume(b.prefix, b.subject, b.points, opts)));
  const retryAfter = Math.max(...budgets.map((b) => b.retryAfter));
  if (retryAfter) {
    // All or nothing: what the refused attempt did spend is given back, so refusals drain no other budget.
    const paid = spends.filter((_, i) => !budgets[i].retryAfter);
    await Promise.all(paid.map((b) => refund(b.prefix, b.subject, b.points, opts)));
    throw new RateLimited(retryAfter, "Too many attempts: try again later.");
  }
  const slowDown = rule.slowDown;
  if (slowDown) {
    // This attempt is counted too (so parallel guesses all count): the failures before it are one fewer.
    const counts = await Promise.all(accounts.map((a) => tally(`attempt:${kind}:failures`, a, rule.windowSeconds)));
    const failures = Math.max(...counts) - 1;
    const delay = attemptDelayMs(slowDown, failures);
    if (delay > 0) await attemptPause.sleep(delay);
  }
  return {
    succeeded: async () => {
      await Promise.all(accounts.map((a) => refund(accountBucket, subjectOf(a), rule.perAccount, opts)));
      if (slowDown) await Promise.all(accounts.map((a) => clearTally(`attempt:${kind}:failures`, a, rule.windowSeconds)));
    },
  };
}
