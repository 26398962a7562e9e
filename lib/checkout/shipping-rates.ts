// Step 2 of checkout: the shipping rates quoted for the cart (kept on it by every recalculation) and choosing one.
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";
import { display } from "../catalog/pricing.ts";
import { recalculate } from "../cart/totals.ts";
import { requireStep } from "./steps.ts";

/** The cart's rates, priced in the request currency; empty until an address is saved. */
export async function cartShippingRates(ctx: RequestContext, cartId: number) {
  await requireStep(ctx.db, cartId, "shippingRates");
  const rates = await ctx.db.cartShippingRate.findMany({ where: { cartId }, orderBy: { id: "asc" } });
  return rates.map((r) => {
    const price = display(ctx, r.basePrice);
    return {
      id: r.id, code: r.method, method: r.method, methodTitle: r.methodTitle, methodDescription: r.methodDescription,
      carrier: r.carrier, carrierTitle: r.carrierTitle, label: r.methodTitle, description: r.methodDescription,
      price: price.amount, formattedPrice: price.formatted, basePrice: Number(r.basePrice),
    };
  });
}

/** Records one of the cart's rates by code (e.g. `flatrate_flatrate`); 422 when the cart does not ship or has no such rate. */
export async function chooseShippingMethod(ctx: RequestContext, cartId: number, code: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const state = await requireStep(tx, cartId, "shippingMethod");
    if (!state.needsShipping) throw Validation.field("shippingMethod", "Nothing in this cart ships; go on to the payment method.");
    const rate = await tx.cartShippingRate.findFirst({ where: { cartId, method: code } });
    if (!rate) throw Validation.field("shippingMethod", `"${code}" is not a shipping rate of this cart.`);
    await tx.cart.update({ where: { id: cartId }, data: { shippingMethod: rate.method } });
    await recalculate(tx, ctx, cartId);
  });
}
