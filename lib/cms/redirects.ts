// Permanent redirects of CMS page slugs: recorded when an admin changes a url_key, followed by the storefront.
// They are not tied to the page row, so they outlive the page (SPEC.md "CMS page update").
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";

export const pagePath = (urlKey: string) => `/page/${urlKey}`;

const PROBE = "http://same-site.invalid";

/**
 * True for a path on this site: it starts with one "/", holds no backslash, whitespace or control character
 * (browsers read "/\\evil" as "//evil"), and the URL parser resolves it against any origin to that same origin.
 * `//other.example`, `https://other.example` and `javascript:` are all refused, so no redirect leads off-site.
 */
export function isSameSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || /[\\\s\p{Cc}]/u.test(path)) return false;
  try {
    return new URL(path, PROBE).origin === PROBE;
  } catch {
    return false;
  }
}

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
  // Only redirects to another page count: a row leading elsewhere (or off-site) is never followed here.
  const rows = await ctx.db.urlRedirect.findMany({ where: { fromPath: pagePath(urlKey) }, orderBy: { id: "desc" } });
  const hits = rows.filter((h) => h.toPath.startsWith("/page/") && isSameSitePath(h.toPath));
  const hit = hits.find((h) => h.locale === ctx.locale) ?? hits.find((h) => h.locale === "") ?? hits[0];
  return hit ? hit.toPath.replace(/^\/page\//, "") : null;
}
