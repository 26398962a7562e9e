// What a guess costs: customer login, registration, forgotten-password requests and the panel sign-in each have a
// budget per account (the email, trimmed and lower-cased) and one per client address, in windows of their own,
// counted in the same store as the request budgets (Redis when configured). Over either: 429 with Retry-After.
// Login and panel sign-in give the account's point back once the password proved right, so only failures add up
// there; the address counts every attempt, so one address cannot spray many accounts.
import { RateLimited } from "../errors.ts";
import { consume, refund } from "./index.ts";

export type AttemptKind = "login" | "register" | "forgotPassword" | "resetPassword" | "panelSignIn";

interface Rule {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

/** Defaults, and the env prefix that overrides each: `<PREFIX>_LIMIT_PER_ACCOUNT`, `_PER_ADDRESS`, `_WINDOW`. */
const DEFAULTS: Record<AttemptKind, Rule & { env: string }> = {
  login: { env: "LOGIN", perAccount: 10, perAddress: 100, windowSeconds: 900 },
  register: { env: "REGISTER", perAccount: 5, perAddress: 20, windowSeconds: 3600 },
  forgotPassword: { env: "FORGOT_PASSWORD", perAccount: 5, perAddress: 20, windowSeconds: 3600 },
  resetPassword: { env: "RESET_PASSWORD", perAccount: 10, perAddress: 50, windowSeconds: 3600 },
  panelSignIn: { env: "PANEL_SIGN_IN", perAccount: 10, perAddress: 50, windowSeconds: 900 },
};

const positive = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Read on every attempt (a few env look-ups), so an operator's or a test's setting needs no restart of the module. */
export function attemptRule(kind: AttemptKind): Rule {
  const d = DEFAULTS[kind];
  return {
    perAccount: positive(`${d.env}_LIMIT_PER_ACCOUNT`, d.perAccount),
    perAddress: positive(`${d.env}_LIMIT_PER_ADDRESS`, d.perAddress),
    windowSeconds: positive(`${d.env}_LIMIT_WINDOW`, d.windowSeconds),
  };
}

export interface Attempt {
  /** The credentials were right: the account's point is given back (the address keeps its count). */
  succeeded(): Promise<void>;
}

/** A request with no known address shares one bucket with every other such request. */
const NO_ADDRESS = "-";

/** Counts one attempt of `kind` on `account` from `ip`; throws RateLimited when either budget is used up. */
export async function spendAttempt(kind: AttemptKind, account: string, ip: string | null): Promise<Attempt> {
  const rule = attemptRule(kind);
  const opts = { windowSeconds: rule.windowSeconds };
  const accountKey = account.trim().toLowerCase();
  const [byAddress, byAccount] = await Promise.all([
    consume(`attempt:${kind}:address`, ip ?? NO_ADDRESS, rule.perAddress, opts),
    consume(`attempt:${kind}:account`, accountKey, rule.perAccount, opts),
  ]);
  const retryAfter = Math.max(byAddress.retryAfter, byAccount.retryAfter);
  if (retryAfter) throw new RateLimited(retryAfter, "Too many attempts: try again later.");
  return {
    succeeded: () => refund(`attempt:${kind}:account`, accountKey, rule.perAccount, opts),
  };
}
