// Permanent and temporary URL redirects (the CMS records its own when a page's url_key changes).
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { isSameSitePath, isStorefrontPath } from "../../cms/redirects.ts";
import { createRedirect, updateRedirect } from "./url-redirect-service.ts";

export const AdminUrlRedirect = z
  .object({
    id: z.int(), fromPath: z.string(), toPath: z.string(), statusCode: z.int(), entityType: z.string().nullable(), entityId: z.int().nullable(),
    locale: z.string(), createdAt: z.string(),
  })
  .meta({ id: "AdminUrlRedirect", iri: "/api/admin/marketing/url-redirects" });

// Both ends are paths of this site, never an absolute URL: a target such as `//other.example` or `/\other.example`
// would make the store an open redirect, and a source like that could never match a request path. The storefront
// answers a redirect with its status and target (proxy.ts), but never on the APIs, the panel, the payment gateway's
// return or static files, so a source there is refused rather than kept and never followed.
const path = z
  .string()
  .trim()
  .min(1, { message: "is required" })
  .max(2000)
  .regex(/^\/[^\s]*$/, { message: "must be a path starting with /" })
  .refine(isSameSitePath, { message: "must be a path on this site (no scheme, host, \"//\" or backslash)", abort: true });
const fromPath = path.refine(isStorefrontPath, { message: "must be a storefront path: /api, /admin, /payment-gateway, /_next and /storage are never redirected" });
const Fields = z.object({
  fromPath,
  toPath: path,
  statusCode: intParam().pipe(z.union([z.literal(301), z.literal(302)], { message: "must be 301 or 302" })).optional(),
  locale: z.string().trim().max(20).optional(),
});
export const urlRedirects = adminResource({
  path: "marketing/url-redirects",
  one: "UrlRedirect",
  many: "UrlRedirects",
  permission: "marketing.url-redirects",
  model: "urlRedirect",
  output: AdminUrlRedirect,
  filters: z.object({ fromPath: z.string().max(2000).optional(), entityType: z.string().max(30).optional() }),
  where: (_ctx, f) => ({ ...(f.fromPath ? { fromPath: f.fromPath } : {}), ...(f.entityType ? { entityType: f.entityType } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), from_path: (d) => ({ fromPath: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
  create: {
    input: Fields,
    run: createRedirect,
  },
  update: { input: Fields.partial(), run: updateRedirect },
  remove: true,
});
