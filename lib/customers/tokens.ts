// Customer bearer tokens: `<id>|<secret>`, the secret stored as SHA-256. The legacy `apiToken` of a customer is
// a different column and never authenticates.
import type { Db } from "../db/client.ts";
import { parseIdToken, randomSecret, sameHash, sha256 } from "../auth/secrets.ts";

/** Optional lifetime of a customer token, in days (SPEC.md: none unless the server sets one). */
const LIFETIME_DAYS = Number(process.env.CUSTOMER_TOKEN_LIFETIME_DAYS ?? 0);

export async function issueCustomerToken(db: Pick<Db, "customerToken">, customerId: number, name = "shop"): Promise<string> {
  const secret = randomSecret(30);
  const row = await db.customerToken.create({
    data: {
      customerId,
      name,
      secretHash: sha256(secret),
      expiresAt: LIFETIME_DAYS > 0 ? new Date(Date.now() + LIFETIME_DAYS * 86400_000) : null,
    },
  });
  return `${row.id}|${secret}`;
}

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
  return { customerId: row.customerId, tokenId: row.id };
}

export async function revokeCustomerToken(db: Db, tokenId: number): Promise<void> {
  await db.customerToken.deleteMany({ where: { id: tokenId } });
}
