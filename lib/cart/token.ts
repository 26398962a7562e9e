// Guest cart tokens: a UUID handed out once by cart-token creation; only its SHA-256 is stored on the cart.
import type { Db } from "../db/client.ts";
import { isUuid, sha256 } from "../auth/secrets.ts";

/** The guest cart a token names, whether still open or already ordered (place-order retries need the latter). */
export async function resolveCartToken(db: Db, token: string): Promise<{ cartId: number; isActive: boolean } | null> {
  if (!isUuid(token)) return null;
  const cart = await db.cart.findUnique({
    where: { tokenHash: sha256(token.toLowerCase()) },
    select: { id: true, isActive: true, customerId: true },
  });
  if (!cart || cart.customerId != null) return null;
  return { cartId: cart.id, isActive: cart.isActive };
}
