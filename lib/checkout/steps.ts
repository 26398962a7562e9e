// The checkout sequence (SPEC.md): address, then shipping method, then payment method, then place order.
// A step taken out of order, or any step on an empty cart, is a 409.
import type { Tx } from "../db/client.ts";
import { Conflict } from "../errors.ts";
import { STOCKABLE_TYPES } from "../cart/totals.ts";

export type Step = "address" | "shippingRates" | "shippingMethod" | "paymentMethods" | "paymentMethod" | "placeOrder";

export async function checkoutState(tx: Pick<Tx, "cart">, cartId: number) {
  const cart = await tx.cart.findUniqueOrThrow({
    where: { id: cartId },
    include: { items: { where: { parentId: null }, select: { type: true } }, addresses: { select: { addressType: true } } },
  });
  const needsShipping = cart.items.some((i) => STOCKABLE_TYPES.has(i.type));
  return {
    cart,
    empty: cart.items.length === 0,
    hasAddress: cart.addresses.some((a) => a.addressType === "billing"),
    needsShipping,
    hasShipping: !needsShipping || cart.shippingMethod != null,
    hasPayment: cart.paymentMethod != null,
  };
}

/** What each step needs before it; the first missing one names the step to take. */
export async function requireStep(tx: Pick<Tx, "cart">, cartId: number, step: Step) {
  const s = await checkoutState(tx, cartId);
  if (s.empty) throw new Conflict("The cart is empty.");
  const needs: [boolean, string][] = {
    address: [],
    shippingRates: [],
    paymentMethods: [],
    shippingMethod: [[s.hasAddress, "Save the billing address first."]],
    paymentMethod: [[s.hasAddress, "Save the billing address first."], [s.hasShipping, "Choose a shipping method first."]],
    placeOrder: [
      [s.hasAddress, "Save the billing address first."],
      [s.hasShipping, "Choose a shipping method first."],
      [s.hasPayment, "Choose a payment method first."],
    ],
  }[step] as [boolean, string][];
  for (const [ok, message] of needs) if (!ok) throw new Conflict(message);
  return s;
}
