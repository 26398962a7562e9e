// Integration tokens authenticate the Admin API: `<id>|<secret>`, tied to one admin user, shown once, stored as
// SHA-256. What a token may do is its scope intersected with its owner's role, checked on every call.
import { inBackground, type Db } from "../db/client.ts";
import type { Principal, RequestContext } from "../context.ts";
import { Forbidden, NotFound, Unauthenticated, Validation } from "../errors.ts";
import { parseIdToken, randomSecret, sameHash, sha256 } from "../auth/secrets.ts";
import { allowlistWithin, ipAllowed, normaliseAllowlist } from "../auth/ip.ts";
import { isPermission, PERMISSIONS } from "../admin-users/permissions.ts";

export type TokenScope = "all" | "custom" | "role";
export const DEFAULT_LIFETIME_DAYS = 365;

export interface IntegrationTokenInput {
  adminId: number;
  createdById?: number | null;
  name?: string;
  scope?: TokenScope;
  permissions?: string[];
  /** Days until expiry; `null` means never. Default 365. */
  expiresInDays?: number | null;
  /** An exact expiry (`null`: never); when given it wins over `expiresInDays`. */
  expiresAt?: Date | null;
  allowedIps?: string | string[] | null;
  rateLimit?: number | null;
}

/** A custom scope names known permissions, at least one; other scopes carry none. */
export function customPermissions(scope: TokenScope, permissions: string[] | undefined): string[] {
  if (scope !== "custom") return [];
  const list = permissions ?? [];
  const unknown = list.filter((p) => !isPermission(p));
  if (unknown.length) throw Validation.field("permissions", `Unknown permissions: ${unknown.join(", ")}.`);
  if (list.length === 0) throw Validation.field("permissions", "A custom scope needs at least one permission.");
  return list;
}

interface TokenRow {
  adminId: number;
  createdById: number;
  name: string;
  scope: TokenScope;
  permissions: string[];
  allowedIps: string | null;
  rateLimit: number | null;
  expiresAt: Date | null;
}

/** Writes a checked token with a fresh secret; `token` (`<id>|<secret>`) is shown once and stored only hashed. */
export async function writeIntegrationToken(db: Db, data: TokenRow) {
  const secret = randomSecret(30);
  const row = await db.integrationToken.create({ data: { ...data, secretHash: sha256(secret) } });
  return { id: row.id, name: row.name, token: `${row.id}|${secret}`, expiresAt: row.expiresAt };
}

/** A token from unchecked input (the CLI, tests): every field checked here. */
export async function issueIntegrationToken(db: Db, input: IntegrationTokenInput, now = new Date()) {
  const scope = input.scope ?? "all";
  if (!["all", "custom", "role"].includes(scope)) throw Validation.field("scope", "Scope must be all, custom or role.");
  const permissions = customPermissions(scope, input.permissions);
  const days = input.expiresInDays === undefined ? DEFAULT_LIFETIME_DAYS : input.expiresInDays;
  if (days !== null && (!Number.isInteger(days) || days < 1)) {
    throw Validation.field("expiresInDays", "The lifetime must be a positive number of days, or never.");
  }
  if (input.rateLimit != null && (!Number.isInteger(input.rateLimit) || input.rateLimit < 1)) {
    throw Validation.field("rateLimit", "The rate limit must be a positive whole number.");
  }
  const admin = await db.adminUser.findUnique({ where: { id: input.adminId }, select: { id: true } });
  if (!admin) throw new NotFound("Admin user");
  return writeIntegrationToken(db, {
    adminId: input.adminId,
    createdById: input.createdById ?? input.adminId,
    name: input.name?.trim() || "Integration",
    scope,
    permissions,
    allowedIps: normaliseAllowlist(input.allowedIps),
    rateLimit: input.rateLimit ?? null,
    expiresAt: input.expiresAt !== undefined ? input.expiresAt : days === null ? null : new Date(now.getTime() + days * 86400_000),
  });
}

type AdminPrincipal = Extract<Principal, { kind: "admin" }>;

/** Missing, revoked, expired or IP-blocked token: 401 `unauthenticated` (SPEC.md Errors). */
export async function resolveIntegrationToken(
  db: Db,
  bearer: string | null,
  ip: string | null,
  now = new Date(),
): Promise<{ principal: AdminPrincipal; rateLimit: number | null }> {
  const parsed = bearer ? parseIdToken(bearer) : null;
  if (!parsed) throw new Unauthenticated(bearer ? "The integration token is invalid." : "An integration token is required.");
  const row = await db.integrationToken.findUnique({
    where: { id: parsed.id },
    include: { admin: { include: { role: true } } },
  });
  const problem =
    !row || !sameHash(parsed.secret, row.secretHash)
      ? "The integration token is invalid."
      : row.revokedAt
        ? "The integration token has been revoked."
        : row.expiresAt && row.expiresAt <= now
          ? "The integration token has expired."
          : !row.admin.status
            ? "The admin user of this token is disabled."
            : !ipAllowed(row.allowedIps, ip)
              ? "The integration token is not allowed from this IP address."
              : null;
  if (problem || !row) throw new Unauthenticated(problem ?? "The integration token is invalid.");
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    inBackground(db.integrationToken.update({ where: { id: row.id }, data: { lastUsedAt: now } }));
  }
  return {
    principal: {
      kind: "admin",
      adminId: row.adminId,
      tokenId: row.id,
      isOwner: row.admin.isOwner,
      permissions: effectivePermissions(row.scope as TokenScope, row.permissions, row.admin.role),
    },
    rateLimit: row.rateLimit,
  };
}

/** Token scope ∩ owner's role: widening the token never grants what the role lacks. */
export function effectivePermissions(
  scope: TokenScope,
  tokenPermissions: unknown,
  role: { permissionType: string; permissions: unknown },
): "all" | ReadonlySet<string> {
  const roleSet = role.permissionType === "all" ? null : new Set(asList(role.permissions));
  if (scope !== "custom") return roleSet ?? "all";
  const wanted = asList(tokenPermissions);
  return new Set(roleSet ? wanted.filter((p) => roleSet.has(p)) : wanted);
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/**
 * The restrictions of the token making a call: a token it issues, regenerates or changes stays inside them, so no
 * token outgrows its maker. `null` when the caller is no integration token (the panel's session, an operator).
 */
export interface TokenBounds {
  allowedIps: string | null;
  expiresAt: Date | null;
  rateLimit: number | null;
}

export async function callerBounds(ctx: RequestContext): Promise<TokenBounds | null> {
  const p = ctx.principal;
  if (p.kind !== "admin" || !p.tokenId) return null;
  return ctx.db.integrationToken.findUnique({ where: { id: p.tokenId }, select: { allowedIps: true, expiresAt: true, rateLimit: true } });
}

/** Refuses (403) a token whose restrictions would be wider than the caller's own on any of the fields given. */
export function assertWithinBounds(bounds: TokenBounds | null, wanted: Partial<TokenBounds>): void {
  if (!bounds) return;
  const { allowedIps, expiresAt, rateLimit } = wanted;
  if (allowedIps !== undefined && bounds.allowedIps && !(allowedIps && allowlistWithin(allowedIps, bounds.allowedIps))) {
    throw new Forbidden(`This token may only give IP allowlists inside its own (${bounds.allowedIps}).`, "token_bounds");
  }
  if (expiresAt !== undefined && bounds.expiresAt && !(expiresAt && expiresAt <= bounds.expiresAt)) {
    throw new Forbidden(`This token may only give expiries up to its own (${bounds.expiresAt.toISOString()}).`, "token_bounds");
  }
  if (rateLimit !== undefined && bounds.rateLimit !== null && !(rateLimit !== null && rateLimit <= bounds.rateLimit)) {
    throw new Forbidden(`This token may only give rate caps up to its own (${bounds.rateLimit}).`, "token_bounds");
  }
}

export { PERMISSIONS };
