// Integration tokens over the Admin API (the "Integration menu"): list, issue for oneself or (store owner only) for
// a sub-admin, revoke, regenerate. The secret is part of the answer only when it is issued or regenerated.
// A token issued, regenerated or changed by a token stays inside the caller's own IP allowlist, expiry and rate cap.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { adminPrincipal } from "../../context.ts";
import { operation } from "../../operations/define.ts";
import { intParam, recordId } from "../../operations/fields.ts";
import type { TokenScope } from "../../integrations/tokens.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { deepCamel } from "../input.ts";
import { issueToken, regenerateToken, revokeToken, updateToken } from "./integration-service.ts";

const SCOPES = ["all", "custom", "role"] as const;

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
    run: updateToken,
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
    const issued = await issueToken(ctx, input);
    return { ...(await integrationTokens.load(ctx, issued.id)), token: issued.token };
  },
});

export const revokeAdminIntegrationToken = resourceAction(integrationTokens, {
  verb: "revoke",
  summary: "Revoke a token: every later call with it answers 401.",
  permission: "settings.integrations.edit",
  run: revokeToken,
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
    const issued = await regenerateToken(ctx, id, input);
    return { ...(await integrationTokens.load(ctx, id)), token: issued.token };
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
