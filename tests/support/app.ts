// Calls the real route files under app/api in process, the way Next.js would: the folder names are the URL
// space, `[param]` segments become route params, and the exported method handler answers.
import fs from "node:fs";
import path from "node:path";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { checkAgainstDocument } from "./openapi-guard.ts";

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) & { operation?: AnyOperation };
interface Route {
  pattern: RegExp;
  names: string[];
  file: string;
  module?: Promise<Record<string, Handler>>;
}

const APP_API = path.resolve(import.meta.dirname, "../../app/api");

function collectRoutes(dir: string, segments: string[] = []): Route[] {
  const routes: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) routes.push(...collectRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const names: string[] = [];
      const source = segments
        .map((s) => {
          const m = /^\[(\.\.\.)?(.+)\]$/.exec(s);
          if (!m) return s.replace(/[.*+?^${}()|\\]/g, "\\$&");
          names.push(m[2]);
          // `[...path]` takes the rest of the path, one or more segments.
          return m[1] ? "(.+)" : "([^/]+)";
        })
        .join("/");
      routes.push({ pattern: new RegExp(`^/api${source ? "/" + source : ""}/?$`), names, file: path.join(dir, entry.name) });
    }
  }
  // Static segments before dynamic ones, and catch-all routes last, as Next.js matches them.
  const weight = (r: Route) => r.names.length + (r.pattern.source.includes("(.+)") ? 100 : 0);
  return routes.sort((a, b) => weight(a) - weight(b));
}

export const routes = collectRoutes(APP_API);

export const BASE = "http://shop.test";

export async function dispatch(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    route.module ??= import(route.file);
    const handler = (await route.module)[req.method];
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
    const res = await handler(req, { params: Promise.resolve(params) });
    // Handlers made by `rest(op)` carry their operation: the answer must be what the OpenAPI document says.
    await checkAgainstDocument(handler.operation, req.method, pathname, res);
    return res;
  }
  return new Response(JSON.stringify({ message: "Not Found" }), { status: 404 });
}
