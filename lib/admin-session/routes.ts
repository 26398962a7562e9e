// Route handlers of the panel's session, served at /admin/api/session (app/admin/api/session/…): who is signed in
// (with the CSRF token the page must echo), sign in, sign out, change one's own password. Everything else the panel
// does is an Admin API call (/api/admin/…) with this session as the credential (lib/http/context.ts). These routes
// carry no CORS headers, so they never answer another origin.
import { z } from "zod";
import { getDb } from "../db/client.ts";
import { errorResponse, json, zodToValidation } from "../http/respond.ts";
import { clientIp } from "../http/client-ip.ts";
import { readJson } from "../http/body.ts";
import { PERMISSIONS } from "../admin-users/permissions.ts";
import { resolveSession, signIn, signOut } from "./session.ts";
import { changeOwnPassword, PasswordChange } from "./password.ts";
import { assertSameOrigin, clearedCookie, requireSession, sessionCookie, sessionToken } from "./http.ts";

const noStore = () => new Headers({ "Cache-Control": "no-store" });

export async function currentSession(req: Request): Promise<Response> {
  try {
    const session = await resolveSession(await getDb(), sessionToken(req));
    if (!session) return json({ signedIn: false }, 200, noStore());
    return json(
      {
        signedIn: true,
        admin: session.admin,
        csrfToken: session.csrfToken,
        permissions: session.permissions === "all" ? "all" : [...session.permissions],
        allPermissions: PERMISSIONS,
      },
      200,
      noStore(),
    );
  } catch (e) {
    return errorResponse(e);
  }
}

const Credentials = z.object({
  email: z.string().trim().min(1, { message: "Enter your email." }).max(191),
  password: z.string().min(1, { message: "Enter your password." }).max(200),
});

export async function startSession(req: Request): Promise<Response> {
  try {
    assertSameOrigin(req);
    const body = await readJson(req);
    const parsed = Credentials.safeParse(body);
    if (!parsed.success) throw zodToValidation(parsed.error);
    const issued = await signIn(await getDb(), parsed.data.email, parsed.data.password, { ip: clientIp(req) });
    const headers = noStore();
    headers.set("Set-Cookie", sessionCookie(req, issued.token, issued.expiresAt));
    return json({ signedIn: true }, 200, headers);
  } catch (e) {
    return errorResponse(e);
  }
}

export async function endSession(req: Request): Promise<Response> {
  try {
    await requireSession(req, { whilePasswordChangeRequired: true });
    await signOut(await getDb(), sessionToken(req));
    const headers = noStore();
    headers.set("Set-Cookie", clearedCookie(req));
    return json({ signedIn: false }, 200, headers);
  } catch (e) {
    return errorResponse(e);
  }
}

/** `POST /admin/api/session/password` `{ currentPassword, newPassword }`: the one call a flagged session may make. */
export async function changePassword(req: Request): Promise<Response> {
  try {
    const session = await requireSession(req, { whilePasswordChangeRequired: true });
    const body = await readJson(req);
    const parsed = PasswordChange.safeParse(body);
    if (!parsed.success) throw zodToValidation(parsed.error);
    await changeOwnPassword(await getDb(), session, parsed.data);
    return json({ changed: true }, 200, noStore());
  } catch (e) {
    return errorResponse(e);
  }
}
