// Who takes the money for a payment method, and what each can do. A provider declares its capabilities; the code
// that settles, refunds or cancels asks for one and never assumes it.
//
//   stripe            Stripe Checkout through the official SDK (./stripe.ts), offered when STRIPE_SECRET_KEY is set.
//   simulator         the gateway page of this app (lib/checkout/gateway.ts), which moves no money: outside
//                     production it stands in for every other offsite method, so the demo store and the tests can
//                     pay; in production only for the methods an operator names in PAYMENT_SIMULATOR.
//   offline methods   cash on delivery, money transfer: no provider moves the money; the store books it (an invoice
//                     says it was received, a refund that it was paid back) and the transactions say so (`offline`).
//
// An offsite method without a provider is not offered and cannot be chosen: its order would have nobody to pay it.
import type { Decimal } from "../money.ts";
import { stripeProvider } from "./stripe.ts";

export type Capability = "session" | "confirm" | "capture" | "refund" | "cancel";

/** What a provider opens a session for: the cart's amount, currency and lines, and where the shopper comes back. */
export interface SessionRequest {
  /** The store's session, named in the provider's records so an event finds it. */
  sessionId: number;
  /** Unique to this session and never reused (a database reset must not replay an old session at the provider). */
  idempotencyKey: string;
  amount: Decimal;
  currencyCode: string;
  title: string;
  lines: { name: string; quantity: number }[];
  customerEmail: string | null;
  /** The store's own return address; the provider appends `outcome=success` or `outcome=cancel`. */
  returnUrl: string;
}

/** A provider's own record of a session, the only thing that settles it. */
export interface ProviderPayment {
  /**
   * open: not paid (yet); authorized: the money is held for the store to capture; paid: the money is taken;
   * processing: completed, the money on its way; expired: over (or the hold released).
   */
  state: "open" | "authorized" | "paid" | "processing" | "expired";
  amountMinor: number;
  currencyCode: string;
  /** The provider's id of the payment (Stripe: the payment intent), once there is one. */
  paymentReference: string | null;
}

export interface RefundRequest {
  paymentReference: string;
  amount: Decimal;
  currencyCode: string;
  /** Derived from the store's refund and kept with it: every retry of that refund sends the same key. */
  idempotencyKey: string;
  refundId: number;
}

export interface CaptureRequest {
  paymentReference: string;
  amount: Decimal;
  currencyCode: string;
  idempotencyKey: string;
}

export interface ProviderRefund {
  reference: string;
  status: "succeeded" | "pending";
}

export interface PaymentProvider {
  code: string;
  /** Money moves through the provider (false: bookkeeping entries only). */
  online: boolean;
  can: ReadonlySet<Capability>;
  openSession?(request: SessionRequest): Promise<{ reference: string; url: string }>;
  confirm?(reference: string): Promise<ProviderPayment>;
  /** Takes money an authorization holds (the store invoices the order). */
  capture?(request: CaptureRequest): Promise<void>;
  /** Lets go of money an authorization holds, taking none of it. */
  release?(paymentReference: string): Promise<void>;
  refund?(request: RefundRequest): Promise<ProviderRefund>;
  /** Closes a session nobody should pay any more (the shopper chose again); best effort. */
  cancel?(reference: string): Promise<void>;
}

const SIMULATOR: PaymentProvider = {
  code: "simulator",
  online: true,
  can: new Set<Capability>(["session", "confirm", "refund", "cancel"]),
  // The simulator moves no money, so a refund of what it "took" returns nothing either: it answers at once.
  refund: ({ refundId }) => Promise.resolve({ reference: `SIMRF-${refundId}`, status: "succeeded" }),
};

const offlineProviders = new Map<string, PaymentProvider>();

/** A method without a provider: the store books what it received and paid back. */
function offline(code: string): PaymentProvider {
  let provider = offlineProviders.get(code);
  if (!provider) offlineProviders.set(code, (provider = { code, online: false, can: new Set<Capability>(["capture", "refund"]) }));
  return provider;
}

/**
 * The offsite method codes the simulator may stand in for: `PAYMENT_SIMULATOR`, comma-separated, when it is set
 * (empty: none); otherwise every one outside production and none in production.
 */
function simulatedMethods(): "all" | ReadonlySet<string> {
  const named = process.env.PAYMENT_SIMULATOR;
  if (named === undefined) return process.env.NODE_ENV === "production" ? new Set() : "all";
  return new Set(named.split(",").map((code) => code.trim()).filter(Boolean));
}

/** The method code Stripe takes. */
export const STRIPE_METHOD = "stripe";

/** The provider of a method, or null when none is configured for it (an offsite method nobody can take). */
export function providerFor(method: { code: string; offsite: boolean }): PaymentProvider | null {
  if (!method.offsite) return offline(method.code);
  if (method.code === STRIPE_METHOD) return stripeProvider();
  const simulated = simulatedMethods();
  return simulated === "all" || simulated.has(method.code) ? SIMULATOR : null;
}

/** The provider a stored session or transaction names, if it is still configured. */
export function providerNamed(code: string): PaymentProvider | null {
  if (code === "simulator") return SIMULATOR;
  if (code === "stripe") return stripeProvider();
  return offline(code);
}

/** Whether a method can take a payment: onsite ones always, offsite ones when a provider is configured. */
export function canTakePayment(method: { code: string; offsite: boolean }): boolean {
  return providerFor(method) !== null;
}

/** The 422 for choosing (or placing an order with) an offsite method that has no provider. */
export function noProviderMessage(code: string): string {
  return `"${code}" is not available: no payment provider is configured for it.`;
}
