// Admin panel sign-in: email and password (bcrypt), a browser session held in an HttpOnly, SameSite=Strict
// cookie whose SHA-256 alone is stored, and a per-session CSRF token that every write must echo back.
// Five wrong passwords in a row lock the account for fifteen minutes.
import bcrypt from "bcryptjs";
import type { Db } from "../db/client.ts";
import { AppError, Forbidden, Unauthenticated } from "../errors.ts";
import { randomSecret, sameHash, sha256 } from "../auth/secrets.ts";
import { effectivePermissions } from "../integrations/tokens.ts";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60_000;
export const SESSION_TTL_MS = 8 * 3600_000;

/** Compared against when the email is unknown, so a wrong email costs as much time as a wrong password. */
const DECOY_HASH = bcrypt.hashSync("not-a-password", 4);

export class AccountLocked extends AppError {
  constructor(until: Date, now: Date) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    super(423, "account_locked", `Too many failed sign-ins. The account is locked; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      extra: { retry_after: Math.ceil((until.getTime() - now.getTime()) / 1000) },
    });
  }
}

export interface IssuedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function signIn(db: Db, email: string, password: string, now = new Date()): Promise<IssuedSession> {
  const admin = await db.adminUser.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (admin?.lockedUntil && admin.lockedUntil > now) throw new AccountLocked(admin.lockedUntil, now);
  const matches = await bcrypt.compare(password, admin?.passwordHash ?? DECOY_HASH);
  if (!admin || !matches) {
    if (admin) {
      const failures = admin.failedLogins + 1;
      const locked = failures >= MAX_FAILED_LOGINS;
      await db.adminUser.update({
        where: { id: admin.id },
        data: { failedLogins: locked ? 0 : failures, lockedUntil: locked ? new Date(now.getTime() + LOCKOUT_MS) : null },
      });
      if (locked) throw new AccountLocked(new Date(now.getTime() + LOCKOUT_MS), now);
    }
    throw new Unauthenticated("The email or password is not correct.", "invalid_credentials");
  }
  if (!admin.status) throw new Forbidden("This admin account is disabled.");
  await db.adminUser.update({ where: { id: admin.id }, data: { failedLogins: 0, lockedUntil: null } });
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
  admin: { id: number; name: string; email: string; isOwner: boolean; roleName: string };
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
    admin: { id: admin.id, name: admin.name, email: admin.email, isOwner: admin.isOwner, roleName: admin.role.name },
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
