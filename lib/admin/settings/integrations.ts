// Integration tokens over the Admin API (the "Integration menu"): list, issue for oneself or (store owner only) for
// a sub-admin, revoke, regenerate. The secret is part of the answer only when it is issued or regenerated.
// A token issued, regenerated or changed by a token stays inside the caller's own IP allowlist, expiry and rate cap.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { operation } from "../../operations/define.ts";
import { intParam, recordId } from "../../operations/fields.ts";
import { Conflict, Forbidden, NotFound, Validation } from "../../errors.ts";
import { randomSecret, sha256 } from "../../auth/secrets.ts";
import { normaliseAllowlist } from "../../auth/ip.ts";
import {
  assertWithinBounds, callerBounds, effectivePermissions, issueIntegrationToken, type TokenBounds, type TokenScope,
} from "../../integrations/tokens.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { assertCanGrant, deepCamel } from "../input.ts";

const SCOPES = ["all", "custom", "role"] as const;
const DEFAULT_LIFETIME_DAYS = 365;

export const AdminIntegrationToken = z
  .object({
    id: z.int(),
    name: z.string(),
    adminId: z.int(),
    adminEmail: z.string(),
    createdById: z.int().nullable(),
    scope: z.enum(SCOPES),
    permissions: z.array(z.string()),
    allowedIps: z.array(z.string()),
    rateLimit: z.int().nullable(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    /** active | revoked | expired */
    status: z.string(),
    /** `<id>|<secret>`: present only in the answer that issues or regenerates the token. */
    token: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminIntegrationToken", iri: "/api/admin/settings/integrations" });

type TokenRow = {
  id: number; name: string; adminId: number; createdById: number | null; scope: string; permissions: unknown;
  allowedIps: string | null; rateLimit: number | null; expiresAt: Date | null; revokedAt: Date | null;
  lastUsedAt: Date | null; createdAt: Date; updatedAt: Date; admin: { email: string };
};

function toToken(row: TokenRow, now = new Date()) {
  return {
    ...row,
    scope: row.scope as TokenScope,
    adminEmail: row.admin.email,
    permissions: Array.isArray(row.permissions) ? (row.permissions as string[]) : [],
    allowedIps: row.allowedIps ? row.allowedIps.split(",") : [],
    status: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
    token: null,
  };
}

/** The owner manages every token; any other admin only their own. */
const ownTokens = (ctx: RequestContext) => {
  const me = adminPrincipal(ctx);
  return me.isOwner ? {} : { adminId: me.adminId };
};

const ipList = z.union([z.string().max(2000), z.array(z.string().max(100)).max(100)]).nullable();
const lifetime = z.preprocess(
  (v) => (v === "never" ? null : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.int({ message: "must be a whole number of days, or null / \"never\" for no expiry" }).min(1).max(36500).nullable(),
);

const IssueInput = z.object({
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  adminId: recordId().optional(),
  scope: z.enum(SCOPES, { message: "must be all, custom or role" }).optional(),
  permissions: z.array(z.string().max(100)).max(200).optional(),
  expiresInDays: lifetime.optional(),
  allowedIps: ipList.optional(),
  rateLimit: intParam().pipe(z.int().min(1).max(1_000_000)).nullable().optional(),
});

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

export const integrationTokens = adminResource({
  path: "settings/integrations",
  one: "IntegrationToken",
  many: "IntegrationTokens",
  permission: "settings.integrations",
  model: "integrationToken",
  output: AdminIntegrationToken,
  include: () => ({ admin: { select: { email: true } } }),
  toOutput: (_ctx, row: TokenRow) => toToken(row),
  visible: ownTokens,
  filters: z.object({
    adminId: intParam().optional(),
    status: z.enum(["active", "revoked", "expired"], { message: "must be active, revoked or expired" }).optional(),
  }),
  where: (_ctx, f) => {
    const now = new Date();
    return {
      ...(f.adminId ? { adminId: f.adminId } : {}),
      ...(f.status === "revoked" ? { revokedAt: { not: null } } : {}),
      ...(f.status === "expired" ? { revokedAt: null, expiresAt: { lte: now } } : {}),
      ...(f.status === "active" ? { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } : {}),
    };
  },
  sort: {
    fields: { id: (d) => ({ id: d }), name: (d) => ({ name: d }), created_at: (d) => ({ createdAt: d }), expires_at: (d) => ({ expiresAt: d }), last_used_at: (d) => ({ lastUsedAt: d }) },
    default: "-id",
  },
  update: {
    input: z.object({
      name: IssueInput.shape.name.optional(),
      allowedIps: ipList.optional(),
      rateLimit: IssueInput.shape.rateLimit,
    }),
    summary: "Rename a token or change its IP allowlist or rate cap (scope and secret stay).",
    run: async (ctx, id, input) => {
      const allowedIps = input.allowedIps === undefined ? undefined : normaliseAllowlist(input.allowedIps);
      // Also keeps a token from lifting its own restrictions: its bounds are its current values.
      assertWithinBounds(await callerBounds(ctx), { allowedIps, rateLimit: input.rateLimit });
      await ctx.db.integrationToken.update({
        where: { id },
        data: { name: input.name, allowedIps, rateLimit: input.rateLimit },
      });
    },
  },
  remove: true,
});

export const createAdminIntegrationToken = operation({
  name: "createAdminIntegrationToken",
  surface: "admin",
  kind: "mutation",
  summary:
    "Issue an integration token for yourself or, as store owner, for a sub-admin: scope all, custom (a permission " +
    "subset) or role; expiry in days (365 by default, null for never), IP allowlist, rate cap. `token` is shown once.",
  access: { admin: "settings.integrations.create" },
  input: IssueInput.strict(),
  output: AdminIntegrationToken,
  rest: { method: "POST", paths: ["/api/admin/settings/integrations"], status: 201, input: deepCamel },
  run: async (ctx, input) => {
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
    const issued = await issueIntegrationToken(ctx.db, { ...input, adminId, scope, allowedIps, rateLimit, expiresAt, createdById: me.adminId });
    return { ...(await integrationTokens.load(ctx, issued.id)), token: issued.token };
  },
});

export const revokeAdminIntegrationToken = resourceAction(integrationTokens, {
  verb: "revoke",
  summary: "Revoke a token: every later call with it answers 401.",
  permission: "settings.integrations.edit",
  run: async (ctx, id) => {
    const { count } = await ctx.db.integrationToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) throw new Conflict("The token is already revoked.");
  },
});

export const regenerateAdminIntegrationToken = resourceAction(integrationTokens, {
  verb: "regenerate",
  summary:
    "Replace a token's secret (the old one stops at once) and restart its lifetime: `expiresInDays`, else the " +
    "default of 365 days, or never again for a token that never expired. The new `token` is shown once. A revoked token cannot be regenerated.",
  permission: "settings.integrations.edit",
  input: z.object({ expiresInDays: lifetime.optional() }),
  output: AdminIntegrationToken,
  run: async (ctx, id, input) => {
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
    return { ...(await integrationTokens.load(ctx, id)), token: `${id}|${secret}` };
  },
});

export const operations = [
  integrationTokens.list,
  integrationTokens.get,
  createAdminIntegrationToken,
  integrationTokens.update,
  integrationTokens.remove,
  revokeAdminIntegrationToken,
  regenerateAdminIntegrationToken,
];
