// Every HTML page gets a Content-Security-Policy with a fresh nonce: Next.js reads the nonce from the request's
// CSP header while rendering and puts it on its own scripts, so no inline script runs without it. Pages are
// rendered per request for that reason (app/layout.tsx). The JSON APIs are left out of the matcher (they carry
// their headers themselves, lib/http/respond.ts), except the two explorer pages that live under /api, and CORS
// preflights on /api: answered here, once for every route (lib/http/cors.ts), before any route is looked up.
// In production the pages also carry Strict-Transport-Security, the same value as the API answers.
// A storefront page with a stored URL redirect (a CMS page's retired slug, or one an owner made) is answered here
// with the record's own status, 301 or 302, before anything renders (lib/cms/redirects.ts: the table is held in
// memory until a redirect changes, so a page view costs no query). Proxy runs in the Node.js runtime in Next.js 16,
// in the server's own process, so it reaches the database as the routes do. The APIs, the panel and static files
// are never redirected.
import { NextResponse, type NextRequest } from "next/server";
import { preflight, surfaceOfPath } from "./lib/http/cors.ts";
import { strictTransportSecurity } from "./lib/http/transport-security.ts";
import { getDb } from "./lib/db/client.ts";
import { storefrontRedirect } from "./lib/cms/redirects.ts";
import { log } from "./lib/log/index.ts";

function contentSecurityPolicy(nonce: string, pathname: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': the chunks Next's nonced runtime loads (the Swagger UI bundle among them) are trusted;
    // React needs eval only in development, for its error overlays.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React's `style` prop, Swagger UI) are harmless next to a script policy; a nonce here
    // would switch 'unsafe-inline' off and block them.
    "style-src 'self' 'unsafe-inline'",
    // Product images come from the store's public origin (PUBLIC_URL, or the origin the API was called on), which need
    // not be the page's, or from a CDN; an image runs no script.
    "img-src * data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The payment gateway's form is answered with a redirect to the storefront, which may be another allowed origin
    // (STOREFRONT_ORIGINS); form-action would follow it, so that page goes without.
    ...(pathname.startsWith("/payment-gateway/") ? [] : ["form-action 'self'"]),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The stored redirect of a page request, if any; a lookup that fails (the database down) redirects nothing. */
async function redirectOf(request: NextRequest): Promise<NextResponse | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const { pathname, search } = request.nextUrl;
  try {
    const moved = await storefrontRedirect(await getDb(), pathname, search);
    if (!moved) return null;
    const response = NextResponse.redirect(new URL(moved.location, request.nextUrl), moved.status);
    const hsts = strictTransportSecurity();
    if (hsts) response.headers.set("Strict-Transport-Security", hsts);
    return response;
  } catch (e) {
    log.warn({ err: e instanceof Error ? e.message : String(e), path: pathname }, "storefront redirects not read; the page is served as it is");
    return null;
  }
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (request.method === "OPTIONS" && pathname.startsWith("/api/") && request.headers.has("access-control-request-method")) {
    return preflight(surfaceOfPath(pathname), request.headers.get("origin"));
  }
  const moved = await redirectOf(request);
  if (moved) return moved;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(nonce, request.nextUrl.pathname);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  const hsts = strictTransportSecurity();
  if (hsts) response.headers.set("Strict-Transport-Security", hsts);
  return response;
}

export const config = {
  matcher: [
    {
      // Everything but the APIs (/api/…, the panel's session routes /admin/api/…), the catalog's images
      // (/storage/…) and Next's static files.
      source: "/((?!api/|admin/api/|storage/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // The API explorers are pages.
    "/api/shop",
    "/api/admin",
    // CORS preflights (a browser's OPTIONS always carries Access-Control-Request-Method); not the panel's session
    // routes /admin/api/…, which never answer cross-origin.
    { source: "/api/:path+", has: [{ type: "header", key: "access-control-request-method" }] },
  ],
};
