// The panel's HTTP side: the session cookie, the CSRF and origin checks on writes, and a dispatcher that serves
// the Admin API's own operation declarations behind the session instead of an integration token. The panel thus
// runs exactly the rules the Admin API runs (owner-only grants, no escalation, validation), with the admin's role.
import { getDb } from "../db/client.ts";
import type { RequestContext } from "../context.ts";
import type { AnyOperation } from "../operations/define.ts";
import { adminOperations } from "../operations/admin.ts";
import { authorize } from "../operations/authorize.ts";
import { projector } from "../operations/project.ts";
import { camelKeys, restPaging } from "../http/rest.ts";
import { clientIp } from "../http/context.ts";
import { readCappedText } from "../http/body.ts";
import { errorResponse, json, zodToValidation } from "../http/respond.ts";
import { BadRequest, Forbidden, NotFound, Unauthenticated } from "../errors.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { csrfMatches, resolveSession, type PanelSession } from "./session.ts";

export const SESSION_COOKIE = "commerce_admin";
export const CSRF_HEADER = "x-csrf-token";

function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

const secure = (req: Request) => new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";

export function sessionCookie(req: Request, token: string, expiresAt: Date): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/admin; HttpOnly; SameSite=Strict; Expires=${expiresAt.toUTCString()}${secure(req) ? "; Secure" : ""}`;
}

export function clearedCookie(req: Request): string {
  return `${SESSION_COOKIE}=; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=0${secure(req) ? "; Secure" : ""}`;
}

export const sessionToken = (req: Request) => cookieOf(req, SESSION_COOKIE);

/** A write from another site is refused even before the CSRF token is looked at (defence in depth). */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get("origin");
  if (!origin) return;
  const hosts = [req.headers.get("x-forwarded-host"), req.headers.get("host"), process.env.PUBLIC_URL && new URL(process.env.PUBLIC_URL).host];
  let from: string | null = null;
  try {
    from = new URL(origin).host;
  } catch {
    // an unparsable Origin is refused below
  }
  if (!from || !hosts.includes(from)) throw new Forbidden("Cross-site requests are not accepted.", "csrf");
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The session of a panel request; writes must also carry the session's CSRF token. The session of an admin who
 * must change their password (a generated one, README "Deploying") may only do what `whilePasswordChangeRequired`
 * allows: changing that password and signing out.
 */
export async function requireSession(req: Request, opts: { whilePasswordChangeRequired?: boolean } = {}): Promise<PanelSession> {
  const session = await resolveSession(await getDb(), sessionToken(req));
  if (!session) throw new Unauthenticated("Your session has ended. Sign in again.");
  if (WRITES.has(req.method)) {
    assertSameOrigin(req);
    if (!csrfMatches(session, req.headers.get(CSRF_HEADER))) throw new Forbidden("The form has expired. Reload the page and try again.", "csrf");
  }
  if (session.admin.mustChangePassword && !opts.whilePasswordChangeRequired) {
    throw new Forbidden("Choose a new password before using the admin panel.", "password_change_required");
  }
  return session;
}

async function panelContext(req: Request, session: PanelSession): Promise<RequestContext> {
  const db = await getDb();
  return {
    db,
    surface: "admin",
    ip: clientIp(req),
    ...resolveScope(await storeSettings(db), {}),
    storefrontKeyId: null,
    baseUrl: process.env.PUBLIC_URL ?? new URL(req.url).origin,
    // tokenId 0: the panel's calls are the session's, never counted against an integration token.
    principal: { kind: "admin", adminId: session.admin.id, tokenId: 0, sessionId: session.sessionId, isOwner: session.admin.isOwner, permissions: session.permissions },
  };
}

interface Route {
  op: AnyOperation;
  pattern: RegExp;
  params: string[];
}

let routes: Route[] | null = null;
function routeTable(): Route[] {
  routes ??= adminOperations.flatMap((op) =>
    !op.rest || op.rest.multipart || op.rest.download
      ? []
      : op.rest.paths.map((path) => {
          const params: string[] = [];
          const source = path.replace(/^\/api\/admin/, "").replace(/\{([^}]+)\}/g, (_, name: string) => {
            params.push(name);
            return "([^/]+)";
          });
          return { op, params, pattern: new RegExp(`^${source}$`) };
        }),
  );
  return routes;
}

function findRoute(method: string, path: string): { op: AnyOperation; params: Record<string, string> } {
  let pathKnown = false;
  for (const r of routeTable()) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    pathKnown = true;
    if (r.op.rest!.method !== method) continue;
    return { op: r.op, params: Object.fromEntries(r.params.map((p, i) => [p, decodeURIComponent(m[i + 1])])) };
  }
  throw pathKnown ? new BadRequest(`${method} is not supported here.`, "method_not_allowed") : new NotFound("Panel endpoint");
}

/** A panel JSON body within MAX_BODY_BYTES (413 as soon as the bytes pass it), parsed; 400 when it is not JSON. */
export async function readPanelJson(req: Request): Promise<unknown> {
  const text = await readCappedText(req);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest("The request body must be JSON.");
  }
}

async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  if (!WRITES.has(req.method)) return {};
  const text = await readCappedText(req); // the APIs' MAX_BODY_BYTES, counted as the bytes arrive
  if (!text.trim()) return {};
  try {
    const body = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new BadRequest("The request body must be a JSON object.");
}

/** Serves `/admin/api/<admin path>` as `/api/admin/<admin path>` would, with the session as the credential. */
export async function dispatchPanelRequest(req: Request, segments: string[]): Promise<Response> {
  try {
    const session = await requireSession(req);
    const url = new URL(req.url);
    const { op, params } = findRoute(req.method, `/${segments.map(encodeURIComponent).join("/")}`);
    const ctx = await panelContext(req, session);
    authorize(ctx, op);
    const query: Record<string, string> = {};
    url.searchParams.forEach((v, k) => {
      if (k !== "page" && k !== "per_page") query[k] = v;
    });
    const raw = { ...query, ...(await jsonBody(req)), ...params };
    const parsed = op.input.safeParse(op.rest!.input ? op.rest!.input(raw) : camelKeys(raw));
    if (!parsed.success) throw zodToValidation(parsed.error);
    const output = projector(op.output);
    if (op.list === "all") return json((await op.run(ctx, parsed.data)).map(output));
    if (op.list) {
      const paging = restPaging(url, op.list);
      const { items, total } = await op.run(ctx, parsed.data, paging);
      const meta = { currentPage: paging.page, perPage: paging.limit, lastPage: Math.max(1, Math.ceil(total / paging.limit)), total };
      return json({ data: items.map(output), meta });
    }
    return json(output(await op.run(ctx, parsed.data)), op.rest!.status ?? 200);
  } catch (e) {
    return errorResponse(e);
  }
}
