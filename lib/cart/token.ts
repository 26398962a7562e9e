// Guest cart tokens: a UUID handed out once by cart-token creation; only its SHA-256 is stored on the cart.
import type { Db } from "../db/client.ts";
import { isUuid, sha256 } from "../auth/secrets.ts";
import { bool, int, rawRows } from "../db/raw.ts";

/**
 * The guest cart a token names, whether still open or already ordered (place-order retries need the latter). Every
 * guest cart request asks this first, so it is one plain statement rather than a query Prisma compiles each time.
 */
export async function resolveCartToken(db: Db, token: string): Promise<{ cartId: number; isActive: boolean } | null> {
  if (!isUuid(token)) return null;
  const [cart] = await rawRows(db, `SELECT "id", "isActive", "customerId" FROM "Cart" WHERE "tokenHash" = $1`, sha256(token.toLowerCase()));
  if (!cart || cart.customerId != null) return null;
  return { cartId: int(cart.id), isActive: bool(cart.isActive) };
}
