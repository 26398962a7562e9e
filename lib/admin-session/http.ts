// The panel session's HTTP side: the cookie, and the CSRF and origin checks on writes. The panel calls the Admin
// API itself (/api/admin/…): its gate (lib/http/context.ts) takes this session where a client sends no integration
// token, so the panel runs exactly the rules the Admin API runs (owner-only grants, no escalation, validation) with
// the admin's role. The session's own routes (lib/admin-session/routes.ts) use the same checks.
import { getDb } from "../db/client.ts";
import { Forbidden, Unauthenticated } from "../errors.ts";
import { csrfMatches, resolveSession, type PanelSession } from "./session.ts";
import { forwardedProto } from "../http/client-ip.ts";

export const SESSION_COOKIE = "commerce_admin";
export const CSRF_HEADER = "x-csrf-token";

function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

// Secure when the request came over HTTPS, believing X-Forwarded-Proto only from a proxy TRUST_PROXY names
// (lib/http/client-ip.ts), or when the store's public address is HTTPS anyway (a browser reaches the panel there).
const secure = (req: Request) => forwardedProto(req) === "https" || /^https:/i.test(process.env.PUBLIC_URL ?? "");

// Path=/: the cookie goes to the session routes (/admin/api/session) and to the Admin API (/api/admin/…) the panel
// calls. SameSite=Strict keeps it off requests started by other sites; HttpOnly keeps it from scripts.
export function sessionCookie(req: Request, token: string, expiresAt: Date): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Strict; Expires=${expiresAt.toUTCString()}${secure(req) ? "; Secure" : ""}`;
}

export function clearedCookie(req: Request): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure(req) ? "; Secure" : ""}`;
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
