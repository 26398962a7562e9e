// Who takes the money for an offsite payment method. An offsite method without a provider is not offered and
// cannot be chosen: the order it would create has nobody to pay it. Today the only provider is the simulator (the
// gateway page of this app, app/payment-gateway), which moves no money: outside production it stands in for every
// offsite method, so the demo store and the tests can pay; in production only for the methods an operator names in
// PAYMENT_SIMULATOR (a demo store), so a real shop never hands out goods for a click on "Pay now".

export type PaymentProvider = { kind: "simulator" };

const SIMULATOR: PaymentProvider = { kind: "simulator" };

/**
 * The offsite method codes the simulator may stand in for: `PAYMENT_SIMULATOR`, comma-separated, when it is set
 * (empty: none); otherwise every one outside production and none in production.
 */
function simulatedMethods(): "all" | ReadonlySet<string> {
  const named = process.env.PAYMENT_SIMULATOR;
  if (named === undefined) return process.env.NODE_ENV === "production" ? new Set() : "all";
  return new Set(named.split(",").map((code) => code.trim()).filter(Boolean));
}

/** The provider of an offsite method, or null when none is configured for it. */
export function providerFor(methodCode: string): PaymentProvider | null {
  const simulated = simulatedMethods();
  return simulated === "all" || simulated.has(methodCode) ? SIMULATOR : null;
}

/** Whether a method can take a payment: onsite ones always, offsite ones when a provider is configured. */
export function canTakePayment(method: { code: string; offsite: boolean }): boolean {
  return !method.offsite || providerFor(method.code) !== null;
}

/** The 422 for choosing (or placing an order with) an offsite method that has no provider. */
export function noProviderMessage(code: string): string {
  return `"${code}" is not available: no payment provider is configured for it.`;
}
