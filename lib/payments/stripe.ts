// Stripe, through its official SDK: Checkout Sessions for the offsite redirect, refunds, and webhook events whose
// signature the SDK verifies before anything reads them. Configured by STRIPE_SECRET_KEY (absent: the method is
// not offered) and STRIPE_WEBHOOK_SECRET (absent: events are refused). STRIPE_API_URL points the SDK at a local
// stand-in that speaks Stripe's HTTP API (the tests' tests/support/stripe-stand-in.ts, or stripe-mock); unset in
// production. STRIPE_CAPTURE=manual authorizes the card at checkout and charges it when the store invoices the order.
import Stripe from "stripe";
import { ProviderDeclined, ProviderUnavailable } from "../errors.ts";
import { fromMinor, toMinor } from "./minor-units.ts";
import type { Capability, PaymentProvider, ProviderPayment } from "./providers.ts";

let held: { key: string; api: string | undefined; client: Stripe } | null = null;

/** The SDK client for the configured key, or null when Stripe is not configured. */
export function stripeClient(): Stripe | null {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) return null;
  const api = process.env.STRIPE_API_URL || undefined;
  if (held?.key !== key || held.api !== api) {
    const target = api ? new URL(api) : null;
    const client = new Stripe(key, {
      // The SDK retries a network failure or a 5xx with the same idempotency key: a retry is never a second charge.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "commerce" },
      ...(target ? { host: target.hostname, port: Number(target.port || (target.protocol === "https:" ? 443 : 80)), protocol: target.protocol === "https:" ? "https" : "http" } : {}),
    });
    held = { key, api, client };
  }
  return held.client;
}

/** Stripe's answer as the store's error: a refusal (4xx) is the provider's word; anything else means try again. */
function translate(e: unknown, doing: string): never {
  if (e instanceof Stripe.errors.StripeError) {
    // 409 is another request with the same idempotency key still running; 429 rate limiting; 5xx Stripe's own fault.
    const transient = e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError
      || e instanceof Stripe.errors.StripeRateLimitError || e instanceof Stripe.errors.StripeIdempotencyError
      || e.statusCode === undefined || e.statusCode === 409 || e.statusCode >= 500;
    if (transient) throw new ProviderUnavailable(`Stripe could not be reached to ${doing} (${e.message}).`);
    throw new ProviderDeclined(`Stripe refused to ${doing}: ${e.message}`);
  }
  throw e;
}

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === "string" ? v : v.id);

/**
 * Stripe's session as the store reads it. A completed session that is not paid holds either an authorization to
 * capture (manual capture: its payment intent `requires_capture`) or money on its way (a bank debit: `processing`);
 * the payment intent, read with the session, tells which.
 */
function asPayment(session: Stripe.Checkout.Session): ProviderPayment {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const unpaid = (): ProviderPayment["state"] =>
    intent?.status === "requires_capture" ? "authorized" : intent?.status === "succeeded" ? "paid" : intent?.status === "canceled" ? "expired" : "processing";
  const state = session.status === "expired" ? "expired"
    : session.status !== "complete" ? "open"
      : session.payment_status === "unpaid" ? unpaid() : "paid";
  return {
    state,
    amountMinor: session.amount_total ?? 0,
    currencyCode: (session.currency ?? "").toUpperCase(),
    paymentReference: idOf(session.payment_intent),
  };
}

const CAN = new Set<Capability>(["session", "confirm", "capture", "refund", "cancel"]);

/** STRIPE_CAPTURE=manual: the card is authorized at checkout and charged when the store invoices the order. */
const manualCapture = () => process.env.STRIPE_CAPTURE === "manual";

/** The Stripe provider, or null when STRIPE_SECRET_KEY is not set. */
export function stripeProvider(): PaymentProvider | null {
  const stripe = stripeClient();
  if (!stripe) return null;
  return {
    code: "stripe",
    online: true,
    can: CAN,
    async openSession(r) {
      const summary = r.lines.map((l) => `${l.quantity} × ${l.name}`).join(", ");
      const session = await stripe.checkout.sessions
        .create(
          {
            mode: "payment",
            // One line for the grand total: Stripe's page shows what the store computed (discounts, tax,
            // shipping included) rather than a sum of its own that could differ by a rounding.
            line_items: [{
              quantity: 1,
              price_data: { currency: r.currencyCode.toLowerCase(), unit_amount: toMinor(r.amount, r.currencyCode), product_data: { name: r.title, ...(summary ? { description: summary.slice(0, 500) } : {}) } },
            }],
            success_url: `${r.returnUrl}?outcome=success`,
            cancel_url: `${r.returnUrl}?outcome=cancel`,
            client_reference_id: String(r.sessionId),
            ...(r.customerEmail ? { customer_email: r.customerEmail } : {}),
            metadata: { paymentSessionId: String(r.sessionId) },
            payment_intent_data: { metadata: { paymentSessionId: String(r.sessionId) }, ...(manualCapture() ? { capture_method: "manual" as const } : {}) },
          },
          { idempotencyKey: r.idempotencyKey },
        )
        .catch((e: unknown) => translate(e, "open a payment"));
      if (!session.url) throw new ProviderUnavailable("Stripe opened a payment without a page to pay it on.");
      return { reference: session.id, url: session.url };
    },
    async confirm(reference) {
      return asPayment(await stripe.checkout.sessions.retrieve(reference, { expand: ["payment_intent"] }).catch((e: unknown) => translate(e, "read a payment")));
    },
    async capture(r) {
      await stripe.paymentIntents
        .capture(r.paymentReference, { amount_to_capture: toMinor(r.amount, r.currencyCode) }, { idempotencyKey: r.idempotencyKey })
        .catch((e: unknown) => translate(e, `capture ${r.amount.toFixed()} ${r.currencyCode}`));
    },
    async release(paymentReference) {
      await stripe.paymentIntents.cancel(paymentReference).catch((e: unknown) => translate(e, "release a card authorization"));
    },
    async refund(r) {
      const refund = await stripe.refunds
        .create(
          { payment_intent: r.paymentReference, amount: toMinor(r.amount, r.currencyCode), metadata: { refundId: String(r.refundId) } },
          { idempotencyKey: r.idempotencyKey },
        )
        .catch((e: unknown) => translate(e, `refund ${r.amount.toFixed()} ${r.currencyCode}`));
      if (refund.status === "failed" || refund.status === "canceled") {
        throw new ProviderDeclined(`Stripe did not refund ${fromMinor(refund.amount, r.currencyCode).toFixed()} ${r.currencyCode}: the refund ${refund.status}.`);
      }
      return { reference: refund.id, status: refund.status === "succeeded" ? "succeeded" : "pending" };
    },
    async cancel(reference) {
      // Only an open session can be expired; one paid meanwhile is settled by its event.
      await stripe.checkout.sessions.expire(reference).catch(() => undefined);
    },
  };
}

/** The refunds Stripe holds for a payment, for reconciling a `charge.refunded` event. */
export async function stripeRefunds(paymentIntent: string) {
  const stripe = stripeClient();
  if (!stripe) throw new ProviderUnavailable("Stripe is not configured (STRIPE_SECRET_KEY).");
  const list = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }).catch((e: unknown) => translate(e, "list refunds"));
  return list.data.map((r) => ({ reference: r.id, amountMinor: r.amount, currencyCode: r.currency.toUpperCase(), status: r.status, refundId: r.metadata?.refundId ?? null }));
}

/** A verified event, or null when the signature does not verify (or no webhook secret is configured). */
export function verifiedStripeEvent(payload: string, signature: string | null): Stripe.Event | null {
  const stripe = stripeClient();
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret || !signature) return null;
  try {
    return stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return null;
  }
}
