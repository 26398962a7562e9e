// URL redirects: the permanent ones of CMS page slugs, recorded when an admin changes a url_key (not tied to the
// page row, so they outlive the page: SPEC.md "CMS page update"), and those an owner makes
// (lib/admin/marketing/url-redirects.ts). The reference storefront answers them before any page renders
// (proxy.ts), from a table held in memory.
import type { RequestContext } from "../context.ts";
import type { Db, Tx } from "../db/client.ts";
import { cached } from "../cache/index.ts";
import { resolveScope, storeSettings, STORE_SETTINGS_TABLES } from "../store/settings.ts";

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

/**
 * Paths that are not the storefront's pages: the APIs and their explorers, the admin panel, the payment gateway's
 * return, Next's files and the catalog's images. No redirect is followed there, whatever a record says, and the
 * admin API refuses a redirect from one (it would never be followed).
 */
const NOT_STOREFRONT = /^\/(?:api|admin|payment-gateway|_next|storage)(?:[/?#]|$)|^\/favicon\.ico$/i;

/** The path as written and percent-decoded (a request may spell `/api` as `/%61pi`); the written one when it does not decode. */
function spellings(path: string): string[] {
  try {
    const decoded = decodeURIComponent(path);
    return decoded === path ? [path] : [path, decoded];
  } catch {
    return [path];
  }
}

export const isStorefrontPath = (path: string): boolean => spellings(path).every((p) => !NOT_STOREFRONT.test(p));

/** The statuses a stored redirect answers with; any other stored value answers 301, as the admin API writes by default. */
const STATUSES = new Set([301, 302, 303, 307, 308]);
export type RedirectStatus = 301 | 302 | 303 | 307 | 308;

/** A path as requests carry it: Next answers `/x/` with a redirect to `/x` before the proxy sees it. */
const keyOf = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/**
 * Longest life of the held table, in ms. Writes to redirects (or to the store settings, which name the storefront's
 * locale) drop it at once, here or, through the broadcast, on another instance (lib/db/broadcast.ts); the lifetime
 * only bounds staleness should a notice be lost. An expired table keeps answering while a fresh one loads.
 */
const HELD_MS = 60_000;

/**
 * Every redirect the storefront follows, by source path: those of the storefront's locale (the default channel's
 * default locale, which the reference storefront shops in) and those for every locale (locale ""), the
 * storefront's own winning. A record leading off this site (written before the admin API checked targets, or
 * straight into the database) is left out: no redirect of this store leads to another origin.
 */
const heldRedirects = cached(
  { name: "storefront redirects", tags: [...STORE_SETTINGS_TABLES, "UrlRedirect"], ttl: HELD_MS, staleWhileRefresh: true },
  async (db: Db) => {
    const { locale } = resolveScope(await storeSettings(db), {});
    const rows = await db.urlRedirect.findMany({
      where: { locale: { in: [locale, ""] } },
      select: { fromPath: true, toPath: true, statusCode: true, locale: true },
      orderBy: { id: "asc" },
    });
    const table = new Map<string, { toPath: string; status: RedirectStatus; own: boolean }>();
    for (const r of rows) {
      if (!isSameSitePath(r.toPath) || !isStorefrontPath(r.fromPath)) continue;
      const key = keyOf(r.fromPath);
      const own = r.locale === locale;
      if (table.get(key)?.own && !own) continue;
      table.set(key, { toPath: r.toPath, status: (STATUSES.has(r.statusCode) ? r.statusCode : 301) as RedirectStatus, own });
    }
    return table;
  },
);

/**
 * Where the storefront sends a request for `path` (with its query `search`, "" or "?…"), and with which status: the
 * record's target, a path of this site. A record may name its source with a query (`/old?id=3`), which wins over the
 * path alone; one matched by the path alone passes the request's query on when its target names none. Null when
 * the path has no redirect, is not a storefront page, or would lead to itself.
 */
export async function storefrontRedirect(db: Db, path: string, search = ""): Promise<{ location: string; status: RedirectStatus } | null> {
  if (!isStorefrontPath(path)) return null;
  const table = await heldRedirects(db);
  if (table.size === 0) return null;
  const paths = spellings(keyOf(path));
  const withQuery = search ? paths.map((p) => table.get(p + search)).find((h) => h !== undefined) : undefined;
  const hit = withQuery ?? paths.map((p) => table.get(p)).find((h) => h !== undefined);
  if (!hit) return null;
  const target = new URL(hit.toPath, PROBE);
  if (!withQuery && !target.search && search) target.search = search;
  const self = keyOf(target.pathname) + target.search;
  if (paths.some((p) => p + search === self)) return null;
  return { location: target.pathname + target.search + target.hash, status: hit.status };
}
