// Carts: a guest cart is named by a UUID token (stored hashed); a customer has at most one active cart.
import type { RequestContext } from "../context.ts";
import { NotFound, Validation } from "../errors.ts";
import { Decimal } from "../money.ts";
import { newUuid, sha256 } from "../auth/secrets.ts";
import { requireUsableCoupon } from "./coupons.ts";
import { mergeInto } from "./items.ts";
import { resolveCartToken } from "./token.ts";
import { recalculate, recalculateState, updateById } from "./totals.ts";
import { loadCart, type CartState } from "./state.ts";
import { cartTransaction } from "../db/sql/expressions.ts";

function newCartData(ctx: RequestContext) {
  return { channelId: ctx.channel.id, currencyCode: ctx.currency.code, locale: ctx.locale };
}

/** The customer's active cart (its id), created when there is none. */
export async function customerCart(ctx: RequestContext, customerId: number): Promise<{ id: number }> {
  const existing = await ctx.sql
    .selectFrom("Cart")
    .select("id")
    .where("customerId", "=", customerId)
    .where("isActive", "=", true)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing;
  return ctx.sql.insertInto("Cart").values({ ...newCartData(ctx), customerId, isGuest: false }).returning("id").executeTakeFirstOrThrow();
}

/** Opens a guest cart, or finds the customer's; `state` is the cart as it stands, for the answer. */
export async function createCartToken(ctx: RequestContext) {
  if (ctx.principal.kind === "customer") {
    const cart = await customerCart(ctx, ctx.principal.customerId);
    const state = await loadCart(ctx.sql, ctx, cart.id, { allowClosed: true });
    return { id: cart.id, cartToken: null, isGuest: false, success: true, message: "Your cart is ready.", state };
  }
  const token = newUuid();
  const { id } = await ctx.sql
    .insertInto("Cart")
    .values({ ...newCartData(ctx), tokenHash: sha256(token), isGuest: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, cartToken: token, isGuest: true, success: true, message: "Cart created.", state: newGuestCart(ctx, id) };
}

/**
 * A guest cart as just inserted, without reading it back: open, no lines, addresses or payment sessions, and the
 * columns the insert leaves to their defaults (prisma/schema.prisma: counts and amounts 0, choices null).
 */
function newGuestCart(ctx: RequestContext, id: number): CartState {
  const zero = new Decimal(0);
  return {
    cart: {
      id, customerId: null, channelId: ctx.channel.id, isActive: true, isGuest: true, currencyCode: ctx.currency.code, customerEmail: null, couponCode: null,
      shippingMethod: null, paymentMethod: null, paymentMethodTitle: null, itemsCount: 0, itemsQty: 0, baseSubtotal: zero,
      baseDiscountAmount: zero, baseTaxAmount: zero, baseShippingAmount: zero, baseGrandTotal: zero,
    },
    billing: null,
    shipping: null,
    lines: [],
    pendingSessions: 0,
  };
}

/** Applies a coupon to a cart with lines; 422 on `couponCode` when the cart is empty or the coupon unusable. */
export async function applyCoupon(ctx: RequestContext, cartId: number, code: string): Promise<void> {
  await cartTransaction(ctx.sql, async (tx) => {
    const state = await loadCart(tx, ctx, cartId, { allowClosed: true });
    if (state.cart.itemsCount === 0) throw Validation.field("couponCode", "Add products before applying a coupon.");
    const coupon = await requireUsableCoupon(tx, code, state.cart);
    await recalculateState(tx, ctx, state, { couponCode: coupon.code });
  });
}

export async function removeCoupon(ctx: RequestContext, cartId: number): Promise<void> {
  await cartTransaction(ctx.sql, async (tx) => {
    await updateById(tx, "Cart", cartId, { couponCode: null });
    await recalculate(tx, ctx, cartId);
  });
}

/** What a merge names: the guest cart's token, and the id the caller expects it to have. */
interface GuestCartClaim {
  token: string;
  id?: number;
}

/**
 * The merge input read as a claim. Only the token proves the guest cart is the caller's: a bare numeric id (all the
 * family's storefront sends) would let any customer take any guest's cart, so it is refused with 422.
 */
export function guestCartClaim(input: { cartId?: number | string; cartToken?: string }): GuestCartClaim {
  const id = typeof input.cartId === "number" ? input.cartId : undefined;
  const token = input.cartToken ?? (typeof input.cartId === "string" ? input.cartId : undefined);
  if (!token) {
    throw Validation.field(
      input.cartId === undefined ? "cartId" : "cartToken",
      input.cartId === undefined ? "is required: the guest cart's id and token, or its token." : "A guest cart is merged with its token: send it as cartToken beside the cart id.",
    );
  }
  return { token, id };
}

/**
 * Merges the open guest cart the claim's token names into the customer's cart (404 when the claim's id is another
 * cart). Returns the customer's cart id and the lines stock limited.
 */
export async function mergeGuestCart(ctx: RequestContext, customerId: number, claim: GuestCartClaim): Promise<{ cartId: number; shortened: string[] }> {
  const guest = await resolveCartToken(ctx.sql, claim.token);
  if (!guest || !guest.isActive) throw Validation.field(claim.id === undefined ? "cartId" : "cartToken", "Give the token of an open guest cart.");
  if (claim.id !== undefined && claim.id !== guest.cartId) throw new NotFound("Cart");
  const target = await customerCart(ctx, customerId);
  return { cartId: target.id, shortened: await mergeInto(ctx, target.id, guest.cartId) };
}
