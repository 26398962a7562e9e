// Integration tokens: the database work behind ./integrations.ts. A token issued, regenerated or changed by a token
// stays inside the caller's own IP allowlist, expiry and rate cap, and grants no more than the caller holds.
//
// The input arrives checked by the declaration's schema (shape, scope, lifetime, rate cap); what is checked here is
// only what needs the store or the caller, once each; the row is written by lib/integrations/tokens.ts
// `writeIntegrationToken`, as the CLI's fully checked `issueIntegrationToken` writes it.
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { Conflict, Forbidden, NotFound, Validation } from "../../errors.ts";
import { randomSecret, sha256 } from "../../auth/secrets.ts";
import { normaliseAllowlist } from "../../auth/ip.ts";
import {
  assertWithinBounds,
  callerBounds,
  customPermissions,
  DEFAULT_LIFETIME_DAYS,
  effectivePermissions,
  writeIntegrationToken,
  type TokenBounds,
  type TokenScope,
} from "../../integrations/tokens.ts";
import { assertCanGrant } from "../input.ts";


export interface IssueFields {
  name: string;
  adminId?: number;
  scope?: TokenScope;
  permissions?: string[];
  /** Days until expiry; null: never. */
  expiresInDays?: number | null;
  allowedIps?: string | string[] | null;
  rateLimit?: number | null;
}

/** A token just made or given a new secret: `token` is `<id>|<secret>`, shown once. */
export interface IssuedToken {
  id: number;
  token: string;
}

/** The token about to exist may do no more than the token that asks for it. */
async function checkGrant(ctx: RequestContext, adminId: number, scope: TokenScope, permissions: string[] | undefined) {
  const admin = await ctx.db.adminUser.findUnique({ where: { id: adminId }, include: { role: true } });
  if (!admin) throw Validation.field("adminId", `There is no admin user ${adminId}.`);
  const granted = effectivePermissions(scope, scope === "custom" ? (permissions ?? []) : [], admin.role);
  assertCanGrant(ctx, granted === "all" ? "all" : [...granted]);
}

/**
 * The expiry a token gets: `days` when given (then it may not pass the caller's own expiry), else the default
 * lifetime (`fallback`) cut to the caller's expiry, so a restricted caller asking for nothing in particular succeeds.
 */
function expiryFor(bounds: TokenBounds | null, days: number | null | undefined, fallback: number | null): Date | null {
  const at = (d: number | null) => (d === null ? null : new Date(Date.now() + d * 86400_000));
  if (days !== undefined) {
    assertWithinBounds(bounds, { expiresAt: at(days) });
    return at(days);
  }
  const wanted = at(fallback);
  return bounds?.expiresAt && (!wanted || wanted > bounds.expiresAt) ? bounds.expiresAt : wanted;
}

/** For oneself or, as store owner, for a sub-admin. */
export async function issueToken(ctx: RequestContext, input: IssueFields): Promise<IssuedToken> {
  const me = adminPrincipal(ctx);
  const adminId = input.adminId ?? me.adminId;
  if (adminId !== me.adminId && !me.isOwner) throw new Forbidden("Only the store owner can issue tokens for other admins.");
  const scope = input.scope ?? "all";
  if (scope !== "custom" && input.permissions?.length) {
    throw Validation.field("permissions", "Permissions are given only with the custom scope.");
  }
  await checkGrant(ctx, adminId, scope, input.permissions);
  // What the caller leaves out it passes on: its own allowlist and rate cap, and no later expiry than its own.
  const bounds = await callerBounds(ctx);
  const allowedIps = input.allowedIps === undefined ? (bounds?.allowedIps ?? null) : normaliseAllowlist(input.allowedIps);
  const rateLimit = input.rateLimit === undefined ? (bounds?.rateLimit ?? null) : input.rateLimit;
  assertWithinBounds(bounds, { allowedIps, rateLimit });
  const expiresAt = expiryFor(bounds, input.expiresInDays, DEFAULT_LIFETIME_DAYS);
  const permissions = customPermissions(scope, input.permissions);
  const { id, token } = await writeIntegrationToken(ctx.db, { adminId, createdById: me.adminId, name: input.name, scope, permissions, allowedIps, rateLimit, expiresAt });
  return { id, token };
}

/** Rename, or change the IP allowlist or rate cap (scope and secret stay). */
export async function updateToken(ctx: RequestContext, id: number, input: { name?: string; allowedIps?: string | string[] | null; rateLimit?: number | null }): Promise<void> {
  const allowedIps = input.allowedIps === undefined ? undefined : normaliseAllowlist(input.allowedIps);
  // Also keeps a token from lifting its own restrictions: its bounds are its current values.
  assertWithinBounds(await callerBounds(ctx), { allowedIps, rateLimit: input.rateLimit });
  await ctx.db.integrationToken.update({
    where: { id },
    data: { name: input.name, allowedIps, rateLimit: input.rateLimit },
  });
}

export async function revokeToken(ctx: RequestContext, id: number): Promise<void> {
  const { count } = await ctx.db.integrationToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new Conflict("The token is already revoked.");
}

/** A new secret (the old one stops at once) and a new lifetime; a revoked token stays revoked. */
export async function regenerateToken(ctx: RequestContext, id: number, input: { expiresInDays?: number | null }): Promise<IssuedToken> {
  const row = await ctx.db.integrationToken.findUnique({ where: { id } });
  if (!row) throw new NotFound("Integration token");
  if (row.revokedAt) throw new Conflict("A revoked token cannot be regenerated; issue a new one.");
  await checkGrant(ctx, row.adminId, row.scope as TokenScope, Array.isArray(row.permissions) ? (row.permissions as string[]) : []);
  // The caller gets the new secret, so the whole token must lie inside the caller's own restrictions.
  const bounds = await callerBounds(ctx);
  assertWithinBounds(bounds, { allowedIps: row.allowedIps, rateLimit: row.rateLimit });
  const expiresAt = expiryFor(bounds, input.expiresInDays, row.expiresAt ? DEFAULT_LIFETIME_DAYS : null);
  const secret = randomSecret(30);
  await ctx.db.integrationToken.update({ where: { id }, data: { secretHash: sha256(secret), expiresAt } });
  return { id, token: `${id}|${secret}` };
}
