// The checkout sequence (SPEC.md): address, then shipping method, then payment method, then place order.
// A step taken out of order, or any step on an empty cart, is a 409. Judged on the cart as the step read it
// (lib/cart/state.ts), so no step reads the cart twice.
import { Conflict } from "../errors.ts";
import { checkoutFacts, type CartState } from "../cart/state.ts";

export type Step = "address" | "shippingRates" | "shippingMethod" | "paymentMethods" | "paymentMethod" | "placeOrder";

/** What each step needs before it; the first missing one names the step to take. */
export function requireStep(state: CartState, step: Step) {
  const s = checkoutFacts(state);
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
