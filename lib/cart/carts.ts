// Carts: a guest cart is named by a UUID token (stored hashed); a customer has at most one active cart.
import type { RequestContext } from "../context.ts";
import { newUuid, sha256 } from "../auth/secrets.ts";

function newCartData(ctx: RequestContext) {
  return { channelId: ctx.channel.id, currencyCode: ctx.currency.code, locale: ctx.locale };
}

/** The customer's active cart, created when there is none. */
export async function customerCart(ctx: RequestContext, customerId: number) {
  const existing = await ctx.db.cart.findFirst({ where: { customerId, isActive: true }, orderBy: { id: "desc" } });
  if (existing) return existing;
  return ctx.db.cart.create({ data: { ...newCartData(ctx), customerId, isGuest: false } });
}

export async function createCartToken(ctx: RequestContext) {
  if (ctx.principal.kind === "customer") {
    const cart = await customerCart(ctx, ctx.principal.customerId);
    return { id: cart.id, cartToken: null, isGuest: false, success: true, message: "Your cart is ready." };
  }
  const token = newUuid();
  const cart = await ctx.db.cart.create({ data: { ...newCartData(ctx), tokenHash: sha256(token), isGuest: true } });
  return { id: cart.id, cartToken: token, isGuest: true, success: true, message: "Cart created." };
}
