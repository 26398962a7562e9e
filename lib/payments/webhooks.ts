// Stripe's events: verified by the SDK before anything is read, handled once each (the event id is recorded after
// it is handled; every handler is itself safe to run twice, so two deliveries racing each other change nothing
// more than one). The handlers never trust the event's copy of an object beyond its id: they read the provider's
// record (lib/payments/settle.ts) or list it (refunds). What they change on an order is told on the change feed in
// the change's transaction: a refund as `refund`, a dispute as `payment` (lib/orders/events.ts).
import type Stripe from "stripe";
import { Decimal } from "decimal.js";
import { getDb, getSql } from "../db/client.ts";
import { BadRequest, NotFound } from "../errors.ts";
import { log } from "../log/index.ts";
import { fromMinor } from "./minor-units.ts";
import { contextFor, loadSession, settleFromProvider } from "./settle.ts";
import { stripeClient, stripeRefunds, verifiedStripeEvent } from "./stripe.ts";
import { completeRefund } from "../admin/sales/order-service.ts";
import { stopDownloads } from "../orders/cancel.ts";
import { orderChanged } from "../orders/events.ts";

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === "string" ? v : v.id);

/** Receives one delivery; 404 when Stripe is not configured, 400 when the signature does not verify (nothing read). */
export async function receiveStripeEvent(payload: string, signature: string | null, baseUrl: string): Promise<{ received: true; duplicate: boolean }> {
  if (!stripeClient() || !process.env.STRIPE_WEBHOOK_SECRET) throw new NotFound("Stripe webhook endpoint");
  const event = verifiedStripeEvent(payload, signature);
  if (!event) throw new BadRequest("The Stripe-Signature header does not verify against STRIPE_WEBHOOK_SECRET: the event was not read.", "invalid_signature");
  const sql = await getSql();
  const seen = await sql.selectFrom("PaymentEvent").select("id").where("provider", "=", "stripe").where("eventId", "=", event.id).executeTakeFirst();
  if (seen) return { received: true, duplicate: true };
  await handle(event, baseUrl);
  await sql.insertInto("PaymentEvent").values({ provider: "stripe", eventId: event.id, type: event.type }).onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing()).execute();
  return { received: true, duplicate: false };
}

async function handle(event: Stripe.Event, baseUrl: string): Promise<void> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
      return settleSession({ providerReference: event.data.object.id }, baseUrl);
    case "payment_intent.succeeded": {
      const id = Number(event.data.object.metadata?.paymentSessionId);
      return Number.isSafeInteger(id) && id > 0 ? settleSession({ id }, baseUrl) : undefined;
    }
    case "charge.refunded": {
      const intent = idOf(event.data.object.payment_intent);
      return intent ? reconcileRefunds(intent, baseUrl) : undefined;
    }
    case "charge.dispute.created": {
      const intent = idOf(event.data.object.payment_intent);
      return intent ? recordDispute(intent, event.data.object.id, event.data.object.amount, event.data.object.currency, event.data.object.reason) : undefined;
    }
    default:
      // Events this store does not act on (Stripe sends what the endpoint subscribes to): acknowledged, nothing done.
      return;
  }
}

/** A session of this store, settled from Stripe's record; a session that is not this store's is not its business. */
async function settleSession(where: { id: number } | { providerReference: string }, baseUrl: string): Promise<void> {
  const session = await loadSession(where).catch((e: unknown) => {
    if (e instanceof NotFound) return null;
    throw e;
  });
  if (!session || session.provider !== "stripe" || !session.providerReference) return;
  await settleFromProvider(session, baseUrl);
}

/**
 * Stripe refunded money of a payment: each of its refunds is matched to the store's. A refund the store sent (its
 * id in the metadata) is completed if it was still waiting; one made elsewhere (Stripe's dashboard) is recorded on
 * the order, with a comment for the staff, since no units or documents go with it. Once the whole payment is back
 * with the customer, however it was refunded, the order's downloads end.
 */
async function reconcileRefunds(paymentIntent: string, baseUrl: string): Promise<void> {
  const sql = await getSql();
  const capture = await sql.selectFrom("PaymentTransaction").select(["orderId"]).where("provider", "=", "stripe").where("kind", "=", "capture").where("reference", "=", paymentIntent).executeTakeFirst();
  if (!capture) return;
  for (const refund of await stripeRefunds(paymentIntent)) {
    const status = refund.status === "succeeded" ? "succeeded" : refund.status === "failed" || refund.status === "canceled" ? "failed" : "pending";
    const known = await sql.selectFrom("PaymentTransaction").select(["id", "status", "refundId"]).where("provider", "=", "stripe").where("kind", "=", "refund").where("reference", "=", refund.reference).executeTakeFirst();
    if (known) {
      if (known.status !== status) {
        await sql.transaction().execute(async (tx) => {
          await tx.updateTable("PaymentTransaction").set({ status }).where("id", "=", known.id).execute();
          await orderChanged(tx, capture.orderId, "refund", known.refundId);
        });
      }
      continue;
    }
    const ours = refund.refundId ? Number(refund.refundId) : NaN;
    const waiting = Number.isSafeInteger(ours) && ours > 0
      ? await sql.selectFrom("PaymentTransaction").select("id").where("refundId", "=", ours).where("orderId", "=", capture.orderId).where("kind", "=", "refund").where("status", "=", "pending").executeTakeFirst()
      : undefined;
    if (waiting) {
      await completeRefund(await contextFor(baseUrl), ours, { reference: refund.reference, status: status === "succeeded" ? "succeeded" : "pending" });
      continue;
    }
    const amount = fromMinor(refund.amountMinor, refund.currencyCode);
    log.warn({ orderId: capture.orderId, refund: refund.reference }, "refund made outside the store");
    await sql.transaction().execute(async (tx) => {
      await tx.insertInto("PaymentTransaction").values({
        orderId: capture.orderId, provider: "stripe", kind: "refund", status, amount: amount.toString(), currencyCode: refund.currencyCode, reference: refund.reference,
      }).onConflict((oc) => oc.columns(["provider", "kind", "reference"]).doNothing()).execute();
      await tx.insertInto("OrderComment").values({
        orderId: capture.orderId,
        comment: `Stripe refunded ${amount.toFixed()} ${refund.currencyCode} (${refund.reference}) outside the store. Record a refund of the units concerned to keep the order true.`,
      }).execute();
      // Money only: no refund of the store's is made for it.
      await orderChanged(tx, capture.orderId, "refund");
    });
  }
  await endDownloadsOnceRefunded(capture.orderId);
}

/** Stops the downloads of an order whose captured money has all been refunded (idempotent: once stopped, nothing is left). */
async function endDownloadsOnceRefunded(orderId: number): Promise<void> {
  const db = await getDb();
  const moves = await db.paymentTransaction.findMany({ where: { orderId, offline: false, status: "succeeded", kind: { in: ["capture", "refund"] } }, select: { kind: true, amount: true } });
  const total = (kind: string) => moves.filter((m) => m.kind === kind).reduce((sum, m) => sum.plus(m.amount.toString()), new Decimal(0));
  const captured = total("capture");
  if (captured.isZero() || total("refund").lt(captured)) return;
  await db.$transaction(async (tx) => {
    if (await stopDownloads(tx, orderId)) {
      await tx.orderComment.create({ data: { orderId, comment: "The whole payment was refunded: the order's downloads were stopped." } });
      await orderChanged(tx, orderId, "refund");
    }
  });
}

/**
 * The customer disputed the payment with their bank (a charge-back): Stripe has taken the money back for now. The
 * order keeps the dispute as a transaction and a comment for the staff, and its downloads end at once.
 */
async function recordDispute(paymentIntent: string, disputeId: string, amountMinor: number, currency: string, reason: string): Promise<void> {
  const db = await getDb();
  const capture = await db.paymentTransaction.findFirst({ where: { provider: "stripe", kind: "capture", reference: paymentIntent }, select: { orderId: true } });
  if (!capture) return;
  const amount = fromMinor(amountMinor, currency);
  await db.$transaction(async (tx) => {
    // Once per dispute (a delivery racing this one fails on the unique reference, and its retry finds it here).
    if (await tx.paymentTransaction.count({ where: { provider: "stripe", kind: "dispute", reference: disputeId } })) return;
    await tx.paymentTransaction.create({
      data: { orderId: capture.orderId, provider: "stripe", kind: "dispute", status: "pending", amount: amount.toString(), currencyCode: currency.toUpperCase(), reference: disputeId },
    });
    await tx.orderComment.create({
      data: { orderId: capture.orderId, comment: `The customer disputed ${amount.toFixed()} ${currency.toUpperCase()} with their bank (${disputeId}, ${reason}). Their downloads were stopped; answer the dispute in Stripe.` },
    });
    await stopDownloads(tx, capture.orderId);
    await orderChanged(tx, capture.orderId, "payment");
  });
}
