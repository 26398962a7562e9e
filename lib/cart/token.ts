// Guest cart tokens: a UUID handed out once by cart-token creation; only its SHA-256 is stored on the cart.
import type { Sql } from "../db/sql/index.ts";
import { isUuid, sha256 } from "../auth/secrets.ts";
import { prepared } from "../db/sql/prepared.ts";

const cartByToken = prepared<{ tokenHash: string }>()((db, $) =>
  db.selectFrom("Cart").select(["id", "isActive", "customerId"]).where("tokenHash", "=", $("tokenHash")),
);

/**
 * The guest cart a token names, whether still open or already ordered (place-order retries need the latter). Every
 * guest cart request asks this first: one statement on the typed layer.
 */
export async function resolveCartToken(db: Sql, token: string): Promise<{ cartId: number; isActive: boolean } | null> {
  if (!isUuid(token)) return null;
  const [cart] = await cartByToken(db, { tokenHash: sha256(token.toLowerCase()) });
  if (!cart || cart.customerId != null) return null;
  return { cartId: cart.id, isActive: cart.isActive };
}
