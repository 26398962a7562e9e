// Cross-origin access, per API (SPEC.md, README "CORS"). The Shop API is made for storefronts on other origins
// (its keys live in browsers), so it answers any origin unless SHOP_CORS_ORIGINS narrows it; the Admin API answers
// none unless ADMIN_CORS_ORIGINS names some. Preflights are answered in proxy.ts, actual answers by `withCors` in the
// bindings; both read the policy below. No imports beyond types: proxy.ts loads this file.
// The admin panel's session cookie is no credential of another origin, whatever the settings: no answer allows
// credentials (no Access-Control-Allow-Credentials), a preflight never allows the CSRF header every write with the
// cookie needs (lib/admin-session/http.ts, which also refuses a write whose Origin is another host), and SameSite=Strict
// keeps the cookie off requests other sites start. The panel's session routes (/admin/api/session…) are never bound
// here, so they never answer cross-origin.
import type { Surface } from "../operations/define.ts";

export const EXPOSED_HEADERS = [
  "X-Total-Count", "X-Page", "X-Per-Page", "X-Total-Pages",
  "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After", "X-Request-Id", "ETag",
].join(", ");

export const ALLOWED_HEADERS = [
  "X-STOREFRONT-KEY", "Authorization", "Content-Type", "Accept", "X-LOCALE", "X-CURRENCY", "X-CHANNEL", "X-Request-Id", "If-Match",
  // Sent by MCP clients running in a browser (the endpoints are stateless: no session id is ever issued).
  "Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID",
].join(", ");

export const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";

/** Seconds a browser may reuse a preflight (Chromium caps it at 7200). */
export const MAX_AGE = "7200";

type Policy = { any: true } | { any: false; origins: Set<string> };

function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/** Read on every request, so that a changed setting (or a test) takes effect without a restart of the module. */
export function corsPolicy(surface: Surface): Policy {
  const raw = (surface === "shop" ? process.env.SHOP_CORS_ORIGINS : process.env.ADMIN_CORS_ORIGINS)?.trim();
  if (!raw) return surface === "shop" ? { any: true } : { any: false, origins: new Set() };
  if (raw === "*") return { any: true };
  const origins = new Set<string>();
  for (const entry of raw.split(",")) {
    const origin = originOf(entry.trim());
    if (origin) origins.add(origin);
  }
  return { any: false, origins };
}

/**
 * The CORS headers of an actual answer to a request from `requestOrigin`: none for an origin the API does not
 * allow. With a list of origins the answer depends on the Origin header, so it says `Vary: Origin` to caches even
 * when it allows nothing.
 */
export function corsFor(surface: Surface, requestOrigin: string | null): Headers {
  const headers = new Headers();
  const policy = corsPolicy(surface);
  if (policy.any) {
    headers.set("Access-Control-Allow-Origin", "*");
  } else {
    headers.set("Vary", "Origin");
    const origin = requestOrigin ? originOf(requestOrigin) : null;
    if (!origin || !policy.origins.has(origin)) return headers;
    headers.set("Access-Control-Allow-Origin", origin);
  }
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  return headers;
}

/** The answer to a preflight (OPTIONS with Access-Control-Request-Method): 204, with the Allow-* headers if allowed. */
export function preflight(surface: Surface, requestOrigin: string | null): Response {
  const headers = corsFor(surface, requestOrigin);
  headers.delete("Access-Control-Expose-Headers");
  if (headers.has("Access-Control-Allow-Origin")) {
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", MAX_AGE);
  }
  return new Response(null, { status: 204, headers });
}

/** The API a path under /api belongs to: /api/admin/… is the Admin API, every other /api path the Shop API. */
export function surfaceOfPath(pathname: string): Surface {
  return /^\/api\/admin(\/|$)/.test(pathname) ? "admin" : "shop";
}

/** Puts the CORS headers for the request's Origin on whatever the handler answers. */
export function withCors<A extends unknown[]>(
  surface: Surface,
  handler: (req: Request, ...rest: A) => Promise<Response>,
): (req: Request, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const origin = req.headers.get("origin");
    let res = await handler(req, ...rest);
    const cors = corsFor(surface, origin);
    try {
      res.headers.delete("Access-Control-Allow-Origin");
    } catch {
      // Immutable headers (a fetched or redirect response): a copy can carry them.
      res = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    }
    cors.forEach((value, name) => (name === "vary" ? res.headers.append(name, value) : res.headers.set(name, value)));
    return res;
  };
}
