// The request context: everything a domain function may know about who is calling and in which scope.
// Built once per request by the transport adapter (lib/http/context.ts); domain code never reads headers.
import type { Db } from "./db/client.ts";
import type { Sql } from "./db/sql/index.ts";
import type { CurrencyInfo } from "./money.ts";
import type { ChannelInfo } from "./store/settings.ts";
import { Forbidden, Unauthenticated } from "./errors.ts";

/** Which API a request is for: the customer-facing Shop API or the operator-facing Admin API. */
export type Surface = "shop" | "admin";

export type Principal =
  | { kind: "anonymous" }
  /** A bearer was sent but is no credential of this surface. */
  | { kind: "invalid" }
  | { kind: "customer"; customerId: number; tokenId: number }
  /** `isActive`: whether the cart was still open when the gate read it (a transaction on it checks again). */
  | { kind: "guestCart"; cartId: number; cartToken: string; isActive: boolean }
  /** `sessionId`: set when the admin panel's session is the credential (then `tokenId` is 0). */
  | { kind: "admin"; adminId: number; tokenId: number; isOwner: boolean; permissions: "all" | ReadonlySet<string>; sessionId?: number };

export interface RequestContext {
  /** Prisma: the back office's data path. */
  db: Db;
  /** The typed SQL layer (lib/db/sql): the hot paths' data path, on the same connections. */
  sql: Sql;
  surface: Surface;
  channel: ChannelInfo;
  locale: string;
  currency: CurrencyInfo;
  baseCurrency: CurrencyInfo;
  ip: string | null;
  storefrontKeyId: number | null;
  principal: Principal;
  /** Where the service is reached, for absolute URLs in answers (image URLs, gateway redirects). */
  baseUrl: string;
  /**
   * The request's Origin header as sent, when there is one: a storefront's relative return paths resolve against
   * it if it is an allowed origin (lib/checkout/return-urls.ts). Untrusted; nothing else reads it.
   */
  origin?: string | null;
}

export function customerId(ctx: RequestContext, status = 401): number {
  if (ctx.principal.kind === "customer") return ctx.principal.customerId;
  throw new Unauthenticated(
    ctx.principal.kind === "anonymous" ? "A customer bearer token is required." : "The customer bearer token is invalid.",
    "unauthenticated",
    status,
  );
}

export function adminPrincipal(ctx: RequestContext) {
  if (ctx.principal.kind === "admin") return ctx.principal;
  throw new Unauthenticated("A valid integration token is required.");
}

export function hasPermission(ctx: RequestContext, permission: string): boolean {
  const p = ctx.principal;
  return p.kind === "admin" && (p.permissions === "all" || p.permissions.has(permission));
}

export function requirePermission(ctx: RequestContext, permission: string | null): void {
  adminPrincipal(ctx);
  if (permission && !hasPermission(ctx, permission)) {
    throw new Forbidden(`This token lacks the "${permission}" permission.`);
  }
}
