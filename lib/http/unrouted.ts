// The answers of the REST APIs to what no operation serves, in JSON like every other answer and with the API's
// CORS headers: a path under /api/shop or /api/admin that names no operation is a 404 (the catch-all routes
// app/api/{shop,admin}/[...path]/route.ts), and a method a known path does not take is a 405 with `Allow` listing
// the ones it does. Every REST route file re-exports these handlers (`export * from "@/lib/http/unrouted"`); the
// methods it binds itself take precedence over a star export, so only the others land here. This module exports
// nothing else: whatever it exports becomes an export of every route file.
import type { AnyOperation, Surface } from "../operations/define.ts";
import { corsFor, surfaceOfPath } from "./cors.ts";
import { json } from "./respond.ts";

interface Template {
  pattern: RegExp;
  method: string;
  /** Per segment, 0 static and 1 a placeholder: a path takes the route whose key sorts first, as Next.js picks it. */
  rank: string;
}

const templates = new Map<Surface, Promise<Template[]>>();

/** The surface's REST paths as patterns, read from the operations once, on the first answer that needs them. */
function templatesOf(surface: Surface): Promise<Template[]> {
  let found = templates.get(surface);
  if (!found) {
    // Imported when first needed: every route file loads this module, and most never answer from it.
    const load: Promise<AnyOperation[]> = surface === "shop"
      ? import("../operations/shop.ts").then((m) => m.shopOperations)
      : import("../operations/admin.ts").then((m) => m.adminOperations);
    found = load.then((ops) =>
      ops.flatMap((op) =>
        (op.rest?.paths ?? []).map((path) => ({
          pattern: new RegExp(`^${path.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+")}/?$`),
          method: op.rest!.method,
          rank: path.split("/").map((s) => (/^\{.+\}$/.test(s) ? "1" : "0")).join(""),
        })),
      ),
    );
    templates.set(surface, found);
  }
  return found;
}

/** The methods the REST API takes on a path (none: no operation has that path). */
async function methodsOf(pathname: string): Promise<string[]> {
  const matching = (await templatesOf(surfaceOfPath(pathname))).filter((t) => t.pattern.test(pathname));
  // `/products/export` also matches `/products/{id}`, but is its own route: only the most specific paths count.
  const rank = matching.map((t) => t.rank).sort()[0];
  return [...new Set(matching.filter((t) => t.rank === rank).map((t) => t.method))].sort();
}

type Fallback = ((req: Request) => Promise<Response>) & { unrouted: true };

function fallback(): Fallback {
  const handler = async (req: Request) => {
    const { pathname } = new URL(req.url);
    const surface = surfaceOfPath(pathname);
    const methods = await methodsOf(pathname);
    const headers = corsFor(surface, req.headers.get("origin"));
    if (methods.length === 0 || methods.includes(req.method)) {
      return json({ message: `No ${surface === "shop" ? "Shop" : "Admin"} API operation at ${pathname}.`, error: "not_found" }, 404, headers);
    }
    headers.set("Allow", methods.join(", "));
    return json({ message: `${req.method} is not allowed on ${pathname}; it takes ${methods.join(", ")}.`, error: "method_not_allowed" }, 405, headers);
  };
  return Object.assign(handler, { unrouted: true as const });
}

export const GET = fallback();
export const POST = fallback();
export const PUT = fallback();
export const PATCH = fallback();
export const DELETE = fallback();
