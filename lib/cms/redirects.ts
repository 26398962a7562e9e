// Permanent redirects of CMS page slugs: recorded when an admin changes a url_key, followed by the storefront.
// They are not tied to the page row, so they outlive the page (SPEC.md "CMS page update").
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";

export const pagePath = (urlKey: string) => `/page/${urlKey}`;

/** old → new, 301; chains are flattened, and a slug taken back into use stops redirecting. */
export async function recordPageRedirect(tx: Tx, pageId: number, locale: string, from: string, to: string) {
  const fromPath = pagePath(from);
  const toPath = pagePath(to);
  await tx.urlRedirect.deleteMany({ where: { fromPath: toPath, locale } });
  await tx.urlRedirect.updateMany({ where: { toPath: fromPath, locale }, data: { toPath } });
  await tx.urlRedirect.upsert({
    where: { fromPath_locale: { fromPath, locale } },
    create: { fromPath, toPath, statusCode: 301, entityType: "cms_page", entityId: pageId, locale },
    update: { toPath, statusCode: 301, entityType: "cms_page", entityId: pageId },
  });
}

/** The url_key a retired slug now leads to, preferring the request locale's redirect; null when none. */
export async function followPageRedirect(ctx: Pick<RequestContext, "db" | "locale">, urlKey: string): Promise<string | null> {
  const hits = await ctx.db.urlRedirect.findMany({ where: { fromPath: pagePath(urlKey) }, orderBy: { id: "desc" } });
  const hit = hits.find((h) => h.locale === ctx.locale) ?? hits.find((h) => h.locale === "") ?? hits[0];
  return hit ? hit.toPath.replace(/^\/page\//, "") : null;
}
