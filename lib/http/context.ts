// Turns an HTTP request into a RequestContext: the only place that reads credentials and scope headers.
// Shop: storefront key (401 missing_key / 403 invalid_key), its rate budget, then the optional bearer.
// Admin: the integration token (401 unauthenticated), its IP allowlist and rate cap; a storefront key is ignored.
import { getDb } from "../db/client.ts";
import type { Principal, RequestContext } from "../context.ts";
import type { Surface } from "../operations/define.ts";
import { RateLimited, Unauthenticated } from "../errors.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { verifyStorefrontKey } from "../storefront-keys/index.ts";
import { resolveCustomerToken } from "../customers/tokens.ts";
import { resolveCartToken } from "../cart/token.ts";
import { resolveIntegrationToken } from "../integrations/tokens.ts";
import { consume, DEFAULT_LIMIT, type Budget } from "../rate-limit/index.ts";
import { clientIp } from "./client-ip.ts";

export interface Gate {
  ctx: RequestContext;
  /** Headers every answer to this request carries (rate-limit counters). */
  headers: Headers;
}

// The caller's address, believing forwarded headers only as far as TRUST_PROXY says.
export { clientIp } from "./client-ip.ts";

export function bearerOf(req: Request): string | null {
  const auth = req.headers.get("authorization");
  if (!auth) return null;
  const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
  return m ? m[1].trim() : null;
}

function rateHeaders(budget: Budget, reportedLimit: number): Headers {
  return new Headers({
    "X-RateLimit-Limit": String(reportedLimit),
    "X-RateLimit-Remaining": String(budget.remaining),
    "X-RateLimit-Reset": String(budget.resetAt),
  });
}

/** Errors raised after the gate keeps these headers; this carries them to the error response. */
export class GateError extends Error {
  constructor(readonly cause: unknown, readonly headers: Headers) {
    super("gate");
  }
}

/** `cost`: requests of the budget this one spends (a GraphQL document: one per root field); 1 unless given. */
export async function openGate(req: Request, surface: Surface, opts: { requireKey?: boolean; cost?: number } = {}): Promise<Gate> {
  const db = await getDb();
  const ip = clientIp(req);
  const url = new URL(req.url);
  const settings = await storeSettings(db);
  const scope = resolveScope(settings, {
    channel: req.headers.get("x-channel"),
    locale: req.headers.get("x-locale"),
    currency: req.headers.get("x-currency"),
  });
  const base = { db, surface, ip, ...scope, baseUrl: process.env.PUBLIC_URL ?? url.origin };
  const bearer = bearerOf(req);

  if (surface === "admin") {
    const { principal, rateLimit } = await resolveIntegrationToken(db, bearer, ip);
    const headers = new Headers();
    if (rateLimit) {
      const budget = await consume("token", String(principal.tokenId), rateLimit, { cost: opts.cost });
      rateHeaders(budget, rateLimit).forEach((v, k) => headers.set(k, v));
      if (budget.retryAfter) throw new GateError(new RateLimited(budget.retryAfter), retryHeaders(headers, budget));
    }
    return { ctx: { ...base, storefrontKeyId: null, principal }, headers };
  }

  const key = req.headers.get("x-storefront-key");
  if (!key) {
    if (opts.requireKey === false) return { ctx: { ...base, storefrontKeyId: null, principal: { kind: "anonymous" } }, headers: new Headers() };
    throw new Unauthenticated("The X-STOREFRONT-KEY header is required.", "missing_key");
  }
  const verified = await verifyStorefrontKey(db, key, ip);
  const budget = await consume("storefront", String(verified.id), verified.rateLimit ?? DEFAULT_LIMIT, { cost: opts.cost });
  const headers = rateHeaders(budget, DEFAULT_LIMIT);
  if (budget.retryAfter) throw new GateError(new RateLimited(budget.retryAfter), retryHeaders(headers, budget));
  const principal = await shopPrincipal(db, bearer);
  return { ctx: { ...base, storefrontKeyId: verified.id, principal }, headers };
}

function retryHeaders(headers: Headers, budget: Budget): Headers {
  headers.set("Retry-After", String(budget.retryAfter));
  return headers;
}

async function shopPrincipal(db: RequestContext["db"], bearer: string | null): Promise<Principal> {
  if (!bearer) return { kind: "anonymous" };
  const customer = await resolveCustomerToken(db, bearer);
  if (customer) return { kind: "customer", ...customer };
  const cart = await resolveCartToken(db, bearer);
  if (cart) return { kind: "guestCart", cartId: cart.cartId, cartToken: bearer.toLowerCase() };
  return { kind: "invalid" };
}
