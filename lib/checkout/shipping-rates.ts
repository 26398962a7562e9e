// Step 2 of checkout: the shipping rates the cart qualifies for (quoted from the active methods, lib/cart/totals.ts)
// and choosing one.
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";
import { display } from "../catalog/pricing.ts";
import { ratesFor, recalculateState } from "../cart/totals.ts";
import { loadCart, type CartState } from "../cart/state.ts";
import { requireStep } from "./steps.ts";
import { cartTransaction } from "../db/sql/expressions.ts";

/** The cart's rates, priced in the request currency; empty until an address is saved. */
export async function cartShippingRates(ctx: RequestContext, cartId: number) {
  const state = await loadCart(ctx.sql, ctx, cartId);
  requireStep(state, "shippingRates");
  const rates = await ratesFor(ctx.sql, state);
  return rates.map((r) => {
    const price = display(ctx, r.basePrice);
    return {
      id: r.id, code: r.method, method: r.method, methodTitle: r.methodTitle, methodDescription: r.methodDescription,
      carrier: r.carrier, carrierTitle: r.carrierTitle, label: r.methodTitle, description: r.methodDescription,
      price: price.amount, formattedPrice: price.formatted, basePrice: Number(r.basePrice),
    };
  });
}

/**
 * Whether `code` names this rate: its code (`flatrate_flatrate`) or, since each carrier has one method, the carrier's
 * name as the family's clients also send it (`flatrate`, `flat_rate`).
 */
const namesRate = (rate: { method: string; carrier: string }, code: string) =>
  rate.method === code || rate.carrier === code.toLowerCase().replaceAll("_", "");

/** Records one of the cart's rates by code (e.g. `flatrate_flatrate`); 422 when the cart does not ship or has no such rate. */
export async function chooseShippingMethod(ctx: RequestContext, cartId: number, code: string): Promise<CartState> {
  return cartTransaction(ctx.sql, async (tx) => {
    const state = await loadCart(tx, ctx, cartId);
    const facts = requireStep(state, "shippingMethod");
    if (!facts.needsShipping) throw Validation.field("shippingMethod", "Nothing in this cart ships; go on to the payment method.");
    const rate = (await ratesFor(tx, state)).find((r) => namesRate(r, code));
    if (!rate) throw Validation.field("shippingMethod", `"${code}" is not a shipping rate of this cart.`);
    return recalculateState(tx, ctx, state, { shippingMethod: rate.method });
  });
}
