// Turns an HTTP request into a RequestContext: the only place that reads credentials and scope headers. Every
// transport opens the gate of the operation's surface here (REST lib/http/rest.ts, GraphQL lib/graphql/handler.ts),
// and each surface has its credentials, tried in order:
//   shop:  the storefront key (401 missing_key / 403 invalid_key) and its rate budget, then the optional bearer
//          (a customer token or a guest cart token);
//   admin: the integration token when an Authorization header is sent (401 unauthenticated), its IP allowlist and
//          rate cap; else the admin panel's session cookie, with its CSRF token and same-origin check on writes.
//          A storefront key is ignored.
import { getDb, getSql } from "../db/client.ts";
import type { Principal, RequestContext } from "../context.ts";
import type { Surface } from "../operations/define.ts";
import { RateLimited, Unauthenticated } from "../errors.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { keyBudgetSubject, verifyStorefrontKey } from "../storefront-keys/index.ts";
import { resolveCustomerToken } from "../customers/tokens.ts";
import { resolveCartToken } from "../cart/token.ts";
import { resolveIntegrationToken } from "../integrations/tokens.ts";
import { requireSession, sessionToken } from "../admin-session/http.ts";
import { consume, DEFAULT_LIMIT, type Budget } from "../rate-limit/index.ts";
import { clientIp } from "./client-ip.ts";
import { ownOrigin } from "./origin.ts";
import { noteRequest } from "../log/index.ts";

export interface Gate {
  ctx: RequestContext;
  /** Headers every answer to this request carries (rate-limit counters). */
  headers: Headers;
}


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

interface GateOptions {
  /** Shop: false lets a request without a storefront key through as anonymous (the GraphiQL page shell only). */
  requireKey?: boolean;
  /** Requests of the budget this one spends (a GraphQL document: one per root field); 1 unless given. */
  cost?: number;
}

/** The request context minus its credential: database, scope, caller address. */
type Base = Omit<RequestContext, "principal" | "storefrontKeyId">;

/** One credential resolver per surface. */
const GATES: Record<Surface, (req: Request, base: Base, opts: GateOptions) => Promise<Gate>> = {
  shop: storefrontGate,
  admin: (req, base, opts) =>
    // A client that sends Authorization means its token; the panel's browser sends only its cookie.
    !req.headers.has("authorization") && sessionToken(req) ? panelSessionGate(req, base) : integrationTokenGate(req, base, opts),
};

export async function openGate(req: Request, surface: Surface, opts: GateOptions = {}): Promise<Gate> {
  const [db, sql] = await Promise.all([getDb(), getSql()]);
  const url = new URL(req.url);
  const settings = await storeSettings(db);
  // SPEC.md reserves the REST query keys `locale` and `channel` for the scope. A key in the URL wins over its
  // header: it is the narrower, per-request choice (a client may send the header on every call) and it is part of
  // what a cache keys the answer on. Either way an unknown code falls back to the default silently.
  const fromQuery = (key: string) => url.searchParams.get(key)?.trim() || null;
  const scope = resolveScope(settings, {
    channel: fromQuery("channel") ?? req.headers.get("x-channel"),
    locale: fromQuery("locale") ?? req.headers.get("x-locale"),
    currency: req.headers.get("x-currency"),
  });
  const base = { db, sql, surface, ip: clientIp(req), ...scope, baseUrl: ownOrigin(req), origin: req.headers.get("origin") };
  const gate = await GATES[surface](req, base, opts);
  noteRequest(callerOf(gate.ctx));
  return gate;
}

/**
 * Who called, for the request's log line: ids only, never a secret. `credentialId` is the row of the credential: the
 * customer's or integration token's, or with `panel: true` the admin panel's session (a field named after tokens or
 * sessions would be blotted out of the line as a secret).
 */
function callerOf(ctx: RequestContext): Record<string, number | boolean> {
  const p = ctx.principal;
  const who: Record<string, number | boolean> = ctx.storefrontKeyId ? { keyId: ctx.storefrontKeyId } : {};
  if (p.kind === "customer") Object.assign(who, { customerId: p.customerId, credentialId: p.tokenId });
  else if (p.kind === "guestCart") who.cartId = p.cartId;
  else if (p.kind === "admin") Object.assign(who, { adminId: p.adminId, credentialId: p.sessionId ?? p.tokenId }, p.sessionId ? { panel: true } : {});
  return who;
}

async function storefrontGate(req: Request, base: Base, opts: GateOptions): Promise<Gate> {
  const key = req.headers.get("x-storefront-key");
  if (!key) {
    if (opts.requireKey === false) return { ctx: { ...base, storefrontKeyId: null, principal: { kind: "anonymous" } }, headers: new Headers() };
    throw new Unauthenticated("The X-STOREFRONT-KEY header is required.", "missing_key");
  }
  const verified = await verifyStorefrontKey(base.db, key, base.ip);
  const bearer = bearerOf(req);
  // A guest cart's token is looked up while the budget is spent, each a round trip of its own with Redis. The lookup
  // only reads one row by a unique index, so a refused request merely wastes it; a customer's token, whose use is
  // written, is checked once the budget is paid.
  const cart = bearer ? resolveCartToken(await getSql(), bearer) : Promise.resolve(null);
  cart.catch(() => undefined); // a refused request does not wait for it; awaited below, its failure fails the request
  const budget = await consume("storefront", keyBudgetSubject(verified, base.ip), verified.rateLimit ?? DEFAULT_LIMIT, { cost: opts.cost });
  const headers = rateHeaders(budget, DEFAULT_LIMIT);
  if (budget.retryAfter) throw new GateError(new RateLimited(budget.retryAfter), retryHeaders(headers, budget));
  const principal = await shopPrincipal(base.db, bearer, cart);
  return { ctx: { ...base, storefrontKeyId: verified.id, principal }, headers };
}

async function integrationTokenGate(req: Request, base: Base, opts: GateOptions): Promise<Gate> {
  const { principal, rateLimit } = await resolveIntegrationToken(base.db, bearerOf(req), base.ip);
  const headers = new Headers();
  if (rateLimit) {
    const budget = await consume("token", String(principal.tokenId), rateLimit, { cost: opts.cost });
    rateHeaders(budget, rateLimit).forEach((v, k) => headers.set(k, v));
    if (budget.retryAfter) throw new GateError(new RateLimited(budget.retryAfter), retryHeaders(headers, budget));
  }
  return { ctx: { ...base, storefrontKeyId: null, principal }, headers };
}

/**
 * The admin panel's session (lib/admin-session): the signed-in admin with exactly their role's permissions. The
 * panel's calls spend no token budget (tokenId 0) and carry no rate headers; `sessionId` lets a password change keep
 * the session that made it.
 */
async function panelSessionGate(req: Request, base: Base): Promise<Gate> {
  const session = await requireSession(req);
  const { admin } = session;
  const principal: Principal = { kind: "admin", adminId: admin.id, tokenId: 0, sessionId: session.sessionId, isOwner: admin.isOwner, permissions: session.permissions };
  return { ctx: { ...base, storefrontKeyId: null, principal }, headers: new Headers() };
}

function retryHeaders(headers: Headers, budget: Budget): Headers {
  headers.set("Retry-After", String(budget.retryAfter));
  return headers;
}

/** `cartLookup`: the bearer looked up as a guest cart's token (`resolveCartToken`). A customer's token is never one. */
async function shopPrincipal(db: RequestContext["db"], bearer: string | null, cartLookup: ReturnType<typeof resolveCartToken>): Promise<Principal> {
  if (!bearer) return { kind: "anonymous" };
  const customer = await resolveCustomerToken(db, bearer);
  if (customer) return { kind: "customer", ...customer };
  const cart = await cartLookup;
  if (cart) return { kind: "guestCart", cartId: cart.cartId, cartToken: bearer.toLowerCase(), isActive: cart.isActive };
  return { kind: "invalid" };
}
