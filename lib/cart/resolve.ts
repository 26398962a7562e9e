// Which cart a call acts on: the customer's own, or the guest cart named by the bearer or `cart_token`.
import type { RequestContext } from "../context.ts";
import { Conflict, NotFound, Unauthenticated } from "../errors.ts";
import { resolveCartToken } from "./token.ts";
import { customerCart } from "./carts.ts";

export interface CartRef {
  id: number;
  /** The guest's token, echoed in answers; null for a customer cart. */
  token: string | null;
}

/** The caller's cart; `allowClosed` lets place-order find a cart it already turned into an order. */
export async function currentCart(ctx: RequestContext, input: { cartToken?: string }, opts: { allowClosed?: boolean } = {}): Promise<CartRef> {
  const p = ctx.principal;
  if (p.kind === "customer") return { id: (await customerCart(ctx, p.customerId)).id, token: null };
  let ref: CartRef | null = null;
  // Whether the cart was open when its token was read (by the gate, or here for `cart_token`): read once per request.
  // A change to the cart checks again in its transaction (./state.ts), so a cart closed since can't change.
  let isActive = false;
  if (p.kind === "guestCart") {
    ref = { id: p.cartId, token: p.cartToken };
    isActive = p.isActive;
  } else if (input.cartToken) {
    const found = await resolveCartToken(ctx.sql, input.cartToken);
    if (found) {
      ref = { id: found.cartId, token: input.cartToken.toLowerCase() };
      isActive = found.isActive;
    }
  }
  if (!ref) {
    throw new Unauthenticated(
      p.kind === "invalid" || input.cartToken ? "The cart token is invalid." : "A cart token or a customer token is required.",
    );
  }
  if (!opts.allowClosed && !isActive) throw new Conflict("This cart has already been checked out; create a new cart token.");
  return ref;
}

/**
 * A `cartId` sent beside the credentials (the family's storefront sends the guest cart's id) must name the cart those
 * credentials hold: any other id answers 404 as a cart that does not exist, so ids can't be probed, and nothing is
 * written to the cart it names.
 */
export function requireOwnCart(ref: CartRef, cartId: number | undefined): void {
  if (cartId !== undefined && cartId !== ref.id) throw new NotFound("Cart");
}
