// Admin panel sign-in: email and password (bcrypt), a browser session held in an HttpOnly, SameSite=Strict
// cookie whose SHA-256 alone is stored, and a per-session CSRF token that every write must echo back.
// Wrong passwords count against the budgets of lib/rate-limit/attempts.ts, which hold for unknown emails too: per
// account and address and per address (429), and per account a growing delay instead of a lock, so that nobody can
// lock the owner out by guessing from elsewhere.
import bcrypt from "bcryptjs";
import type { Db } from "../db/client.ts";
import { Forbidden, Unauthenticated } from "../errors.ts";
import { randomSecret, sameHash, sha256 } from "../auth/secrets.ts";
import { effectivePermissions } from "../integrations/tokens.ts";
import { decoyHash } from "../customers/account.ts";
import { spendAttempt } from "../rate-limit/attempts.ts";

export const SESSION_TTL_MS = 8 * 3600_000;

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** `ip`: the client's address, for the per-address attempt budget (null is a bucket of its own). */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  { ip = null, now = new Date() }: { ip?: string | null; now?: Date } = {},
): Promise<IssuedSession> {
  const attempt = await spendAttempt("panelSignIn", email, ip);
  const admin = await db.adminUser.findUnique({ where: { email: email.trim().toLowerCase() } });
  // An unknown email is compared against a decoy of the same cost, so it takes as long as a wrong password.
  const matches = await bcrypt.compare(password, admin?.passwordHash ?? (await decoyHash()));
  if (!admin || !matches) throw new Unauthenticated("The email or password is not correct.", "invalid_credentials");
  await attempt.succeeded();
  if (!admin.status) throw new Forbidden("This admin account is disabled.");
  const token = randomSecret(32);
  const csrfToken = randomSecret(24);
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.adminSession.create({ data: { adminId: admin.id, tokenHash: sha256(token), csrfToken, expiresAt } });
  // Expired sessions of anyone are swept on sign-in; there is no other reader of them.
  await db.adminSession.deleteMany({ where: { expiresAt: { lte: now } } });
  return { token, csrfToken, expiresAt };
}

export interface PanelSession {
  sessionId: number;
  csrfToken: string;
  admin: { id: number; name: string; email: string; isOwner: boolean; roleName: string; mustChangePassword: boolean };
  permissions: "all" | ReadonlySet<string>;
}

/** The session behind a cookie value, or null when it is missing, unknown, expired or its admin disabled. */
export async function resolveSession(db: Db, token: string | null | undefined, now = new Date()): Promise<PanelSession | null> {
  if (!token) return null;
  const row = await db.adminSession.findUnique({
    where: { tokenHash: sha256(token) },
    include: { admin: { include: { role: true } } },
  });
  if (!row || row.expiresAt <= now || !row.admin.status) return null;
  const { admin } = row;
  return {
    sessionId: row.id,
    csrfToken: row.csrfToken,
    admin: {
      id: admin.id,
      name: admin.name,
      email: admin.email,
      isOwner: admin.isOwner,
      roleName: admin.role.name,
      // The route guard (http.ts requireSession) lets such a session do nothing but change its password.
      mustChangePassword: admin.mustChangePassword,
    },
    // A session acts with exactly its admin's role, like a token of scope "role".
    permissions: effectivePermissions("role", [], admin.role),
  };
}

export function csrfMatches(session: PanelSession, sent: string | null): boolean {
  return !!sent && sameHash(sent, sha256(session.csrfToken));
}

export async function signOut(db: Db, token: string | null | undefined): Promise<void> {
  if (token) await db.adminSession.deleteMany({ where: { tokenHash: sha256(token) } });
}
