// Storefront keys over the Admin API: create (the key is shown once), list, change limits, deactivate, rotate.
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { createKey, deactivateKey, rotateKey, updateKey } from "./storefront-key-service.ts";

export const AdminStorefrontKey = z
  .object({
    id: z.int(),
    name: z.string(),
    /** The first characters of the key, to recognise it. */
    keyPrefix: z.string(),
    /** active | inactive */
    status: z.string(),
    rateLimit: z.int().nullable(),
    allowedIps: z.array(z.string()),
    expiresAt: z.string().nullable(),
    rotatedFromId: z.int().nullable(),
    lastUsedAt: z.string().nullable(),
    /** The key itself: present only in the answer that creates or rotates it. */
    key: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminStorefrontKey", iri: "/api/admin/settings/storefront-keys" });

const ipList = z.union([z.string().max(2000), z.array(z.string().max(100)).max(100)]).nullable();
const rateLimit = intParam().pipe(z.int().min(1).max(1_000_000)).nullable();
const expiry = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }).nullable();

const KeyInput = z.object({
  name: z.string().trim().min(1, { message: "is required" }).max(100),
  rateLimit: rateLimit.optional(),
  allowedIps: ipList.optional(),
  expiresAt: expiry.optional(),
});

export const storefrontKeys = adminResource({
  path: "settings/storefront-keys",
  one: "StorefrontKey",
  many: "StorefrontKeys",
  permission: "settings.storefront-keys",
  model: "storefrontKey",
  output: AdminStorefrontKey,
  toOutput: (_ctx, k) => ({ ...k, allowedIps: k.allowedIps ? k.allowedIps.split(",") : [], key: null }),
  filters: z.object({ status: z.enum(["active", "inactive"], { message: "must be active or inactive" }).optional() }),
  where: (_ctx, f) => (f.status ? { status: f.status } : {}),
  sort: { fields: { id: (d) => ({ id: d }), name: (d) => ({ name: d }), last_used_at: (d) => ({ lastUsedAt: d }) }, default: "id" },
  create: {
    input: KeyInput,
    summary: "Create a storefront key; `key` is shown in this answer only.",
    run: createKey,
  },
  update: {
    input: KeyInput.partial(),
    summary: "Rename a key or change its rate limit, IP allowlist or expiry.",
    run: updateKey,
  },
  remove: true,
});

export const deactivateAdminStorefrontKey = resourceAction(storefrontKeys, {
  verb: "deactivate",
  summary: "Deactivate a key: shop calls with it answer 403 invalid_key.",
  permission: "settings.storefront-keys.edit",
  run: deactivateKey,
});

export const rotateAdminStorefrontKey = resourceAction(storefrontKeys, {
  verb: "rotate",
  summary: "Deactivate a key and issue its successor with the same settings, valid 12 months; `key` is shown once.",
  permission: "settings.storefront-keys.edit",
  output: AdminStorefrontKey,
  status: 201,
  run: async (ctx, id) => {
    const next = await rotateKey(ctx, id);
    return { ...(await storefrontKeys.load(ctx, next.id)), key: next.key };
  },
});

export const operations = [
  storefrontKeys.list,
  storefrontKeys.get,
  storefrontKeys.create,
  storefrontKeys.update,
  storefrontKeys.remove,
  deactivateAdminStorefrontKey,
  rotateAdminStorefrontKey,
];
