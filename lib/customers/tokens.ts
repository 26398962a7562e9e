// Customer bearer tokens: `<id>|<secret>`, the secret stored as SHA-256. The legacy `apiToken` of a customer is
// a different column and never authenticates.
import type { Db } from "../db/client.ts";
import { parseIdToken, randomSecret, sameHash, sha256 } from "../auth/secrets.ts";

const DAY_MS = 86_400_000;
/**
 * A used token's expiry is pushed forward only once it has fallen this far behind now + lifetime, so a token in
 * steady use costs one write an hour, not one per request (and `lastUsedAt` is as coarse).
 */
export const SLIDE_STEP_MS = 3_600_000;

/**
 * The lifetime of a customer token, sliding: each use pushes its expiry to now + this. CUSTOMER_TOKEN_LIFETIME_DAYS,
 * default 30; 0 gives tokens no expiry. Read per call, so an operator's or a test's setting needs no restart.
 */
export function customerTokenLifetimeMs(): number {
  const raw = process.env.CUSTOMER_TOKEN_LIFETIME_DAYS?.trim();
  const days = raw ? Number(raw) : 30;
  return Number.isFinite(days) && days > 0 ? days * DAY_MS : 0;
}

export async function issueCustomerToken(db: Pick<Db, "customerToken">, customerId: number, name = "shop"): Promise<string> {
  const secret = randomSecret(30);
  const lifetime = customerTokenLifetimeMs();
  const row = await db.customerToken.create({
    data: { customerId, name, secretHash: sha256(secret), expiresAt: lifetime ? new Date(Date.now() + lifetime) : null },
  });
  return `${row.id}|${secret}`;
}

/** The customer a token names; null for an unknown, wrong, expired or disabled one (the caller answers 401). */
export async function resolveCustomerToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ customerId: number; tokenId: number } | null> {
  const parsed = parseIdToken(token);
  if (!parsed) return null;
  const row = await db.customerToken.findUnique({
    where: { id: parsed.id },
    select: { id: true, secretHash: true, expiresAt: true, customerId: true, customer: { select: { status: true, isSuspended: true } } },
  });
  if (!row || !sameHash(parsed.secret, row.secretHash)) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (row.customer.status !== 1 || row.customer.isSuspended) return null;
  await slide(db, row, now);
  return { customerId: row.customerId, tokenId: row.id };
}

/**
 * Pushes a used token's expiry to now + lifetime when it has fallen SLIDE_STEP_MS behind. The compare-and-set on the
 * old expiry lets one of several concurrent requests write; a token revoked meanwhile is simply not found.
 */
async function slide(db: Db, row: { id: number; expiresAt: Date | null }, now: Date): Promise<void> {
  const lifetime = customerTokenLifetimeMs();
  if (!lifetime) return;
  const expiresAt = new Date(now.getTime() + lifetime);
  if (row.expiresAt && expiresAt.getTime() - row.expiresAt.getTime() < SLIDE_STEP_MS) return;
  await db.customerToken.updateMany({ where: { id: row.id, expiresAt: row.expiresAt }, data: { expiresAt, lastUsedAt: now } });
}

export async function revokeCustomerToken(db: Db, tokenId: number): Promise<void> {
  await db.customerToken.deleteMany({ where: { id: tokenId } });
}
