// Settling an offsite payment: the order is made, and marked paid, only on the provider's own word. Two things can
// bring that word: the shopper's return (followed by a server-side read of the provider's session) and a verified
// provider event. Whichever comes first places the order; the second finds it (the cart id is unique on orders).
// A session is bound to the amount, currency and lines it was opened for: money taken for anything else is refused,
// logged and given back.
import type { RequestContext } from "../context.ts";
import { getDb, getSql } from "../db/client.ts";
import { sha256 } from "../auth/secrets.ts";
import { Conflict, NotFound } from "../errors.ts";
import { log } from "../log/index.ts";
import { dec } from "../money.ts";
import { resolveScope, storeSettings } from "../store/settings.ts";
import { placeOrder, type PaymentRecord, type PlacedOrder } from "../checkout/place-order.ts";
import { sameAsShown, shownFor } from "../checkout/payment-snapshot.ts";
import { isAllowedReturnUrl } from "../checkout/return-urls.ts";
import { bookCapture, type Capture } from "./capture.ts";
import { fromMinor, toMinor } from "./minor-units.ts";
import { providerNamed, type ProviderPayment } from "./providers.ts";
import { orderChanged } from "../orders/events.ts";

/** A payment session with what of its cart rebuilds the shopper's scope, and the order it made, if any. */
export async function loadSession(where: { token: string } | { id: number } | { providerReference: string }) {
  const sql = await getSql();
  const row = await sql
    .selectFrom("PaymentSession as s")
    .innerJoin("Cart as c", "c.id", "s.cartId")
    .innerJoin("Channel as ch", "ch.id", "c.channelId")
    .leftJoin("Order as o", "o.id", "s.orderId")
    .selectAll("s")
    .select(["ch.code as channelCode", "ch.name as channelName", "c.currencyCode as cartCurrencyCode", "c.locale as cartLocale", "c.customerId as cartCustomerId"])
    .select(["o.id as placedId", "o.incrementId as placedIncrementId"])
    .$call((q) => ("token" in where ? q.where("s.token", "=", sha256(where.token)) : "id" in where ? q.where("s.id", "=", where.id) : q.where("s.providerReference", "=", where.providerReference)))
    .executeTakeFirst();
  if (!row) throw new NotFound("Payment session");
  const { channelCode, channelName, cartCurrencyCode, cartLocale, cartCustomerId, placedId, placedIncrementId, ...session } = row;
  return {
    ...session,
    cart: { channel: { code: channelCode, name: channelName }, currencyCode: cartCurrencyCode, locale: cartLocale, customerId: cartCustomerId },
    order: placedId != null && placedIncrementId != null ? { id: placedId, incrementId: placedIncrementId } : null,
  };
}
export type Session = Awaited<ReturnType<typeof loadSession>>;

/**
 * A request context for a return or an event (which carry no API headers): rebuilt from the cart it pays, or the
 * store's default scope for bookings on an order.
 */
export async function contextFor(baseUrl: string, cart?: Session["cart"]): Promise<RequestContext> {
  const [db, sql] = await Promise.all([getDb(), getSql()]);
  const scope = resolveScope(await storeSettings(db), cart ? { channel: cart.channel.code, currency: cart.currencyCode, locale: cart.locale } : {});
  return {
    db, sql, surface: "shop", ip: null, storefrontKeyId: null, baseUrl, ...scope,
    principal: cart?.customerId ? { kind: "customer", customerId: cart.customerId, tokenId: 0 } : { kind: "anonymous" },
  };
}

/** Where to send the shopper: the store's URL when it is still an allowed one, else the gateway page of this app. */
export function backTo(token: string, url: string | null, params: Record<string, string>, baseUrl: string): string {
  // Checked again on the way out: a session stored before the check, or after STOREFRONT_ORIGINS shrank, falls
  // back to the gateway's own page rather than sending the shopper off-site.
  const safe = url && isAllowedReturnUrl(url, baseUrl) ? url : null;
  const target = new URL(safe ?? `${baseUrl}/payment-gateway/${token}`, baseUrl);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

export class CartChanged extends Conflict {
  constructor() {
    super("The cart changed after this payment was opened, so it cannot be paid: nothing was charged. Place the order again from the store.");
  }
}

async function setStatus(id: number, status: string, from: string[]) {
  const sql = await getSql();
  await sql.updateTable("PaymentSession").set({ status }).where("id", "=", id).where("status", "in", from).execute();
}

/**
 * Places the order of `session`'s cart as `payment` says, if the cart is still what the session showed; answers the
 * order and whether this session made it (false: another session or an onsite method placed the cart's order).
 * `claimable` lists the session states this payment may still complete from.
 */
export async function placeForSession(session: Session, payment: PaymentRecord, baseUrl: string, claimable: string[]): Promise<{ order: PlacedOrder; ours: boolean }> {
  const db = await getDb();
  const settings = await storeSettings(db);
  const ctx = await contextFor(baseUrl, session.cart);
  const order = await placeOrder(ctx, session.cartId, payment, {
    // Compared in the order's transaction, on the cart the order is made from.
    before: (state) => {
      if (!sameAsShown(session, shownFor(settings, state))) throw new CartChanged();
    },
    // Claimed with the order: a session closed meanwhile (or paid by a parallel return) takes the order back.
    after: async (tx, placed) => {
      const { numUpdatedRows } = await tx
        .updateTable("PaymentSession")
        .set({ status: "completed", orderId: placed.id })
        .where("id", "=", session.id)
        .where("status", "in", claimable)
        .executeTakeFirst();
      if (!numUpdatedRows) throw new Conflict("This payment is no longer open: nothing was charged.");
    },
  }).catch(async (e: unknown) => {
    if (e instanceof CartChanged) await setStatus(session.id, "superseded", claimable);
    throw e;
  });
  const sql = await getSql();
  const claimed = await sql.selectFrom("PaymentSession").select("orderId").where("id", "=", session.id).executeTakeFirstOrThrow();
  return { order, ours: claimed.orderId === order.id };
}

export type Settled =
  | { state: "placed"; order: PlacedOrder }
  | { state: "open" | "expired" }
  | { state: "refused"; reason: string };

/** Whether the provider's record is for the amount and currency the session was opened for. */
function matchesSession(session: Session, remote: ProviderPayment): boolean {
  if (session.amount == null || session.currencyCode == null) return false;
  return remote.currencyCode === session.currencyCode.toUpperCase() && remote.amountMinor === toMinor(dec(session.amount), session.currencyCode);
}

/**
 * Money a provider took (or holds) that no order will answer for (a cart changed after the session, another session
 * paid the cart first, an amount that does not match) goes back in full, or its hold is released. The refund's key
 * is the session's, so this happens once.
 */
async function giveBack(session: Session, remote: ProviderPayment, reason: string): Promise<Settled> {
  log.warn({ paymentSession: session.id, provider: session.provider, reference: session.providerReference, reason }, "payment refused");
  const provider = providerNamed(session.provider);
  if (remote.paymentReference && provider?.release && remote.state === "authorized") {
    await provider.release(remote.paymentReference);
    await setStatus(session.id, "refunded", ["pending", "canceled", "superseded", "failed"]);
  }
  if (remote.paymentReference && provider?.refund && remote.state === "paid") {
    await provider.refund({
      paymentReference: remote.paymentReference,
      amount: fromMinor(remote.amountMinor, remote.currencyCode),
      currencyCode: remote.currencyCode,
      idempotencyKey: `return-${session.token.slice(0, 40)}`,
      refundId: 0,
    });
    await setStatus(session.id, "refunded", ["pending", "canceled", "superseded", "failed"]);
  }
  return { state: "refused", reason };
}

/**
 * Settles a session opened at a provider from the provider's own record of it: places the order (paid, or awaiting
 * the money for a method that pays later), or says why not. Safe to run any number of times, in parallel too.
 */
export async function settleFromProvider(session: Session, baseUrl: string): Promise<Settled> {
  const provider = providerNamed(session.provider);
  if (!provider?.confirm || !session.providerReference) throw new NotFound("Payment session");
  if (session.status === "refunded") return { state: "refused", reason: "the payment was given back" };
  const remote = await provider.confirm(session.providerReference);
  if (remote.state === "open") return { state: "open" };
  if (remote.state === "expired") {
    await setStatus(session.id, "canceled", ["pending"]);
    return session.order ? { state: "placed", order: { ...session.order, status: "" } } : { state: "expired" };
  }
  if (!matchesSession(session, remote)) return giveBack(session, remote, `the provider took ${remote.amountMinor} ${remote.currencyCode} (minor units) for a session of ${session.amount} ${session.currencyCode}`);
  // Held for the store to capture (an authorization), taken, or on its way.
  const capture: Capture = {
    kind: remote.state === "authorized" ? "authorization" : "capture",
    provider: provider.code,
    reference: remote.paymentReference,
    amount: fromMinor(remote.amountMinor, remote.currencyCode),
    currencyCode: remote.currencyCode,
    status: remote.state === "processing" ? "pending" : "succeeded",
  };
  if (session.order) {
    if (remote.state === "paid") await markPaid(session.order.id, capture);
    return { state: "placed", order: { ...session.order, status: "" } };
  }
  try {
    // Paid at the provider: the shopper's money is taken whatever the session's state here (superseded by a cart
    // change, canceled by choosing again), so it may complete from any of them if the cart is still what was paid.
    const payment: PaymentRecord = { paid: remote.state === "paid", method: session.method, additional: { gateway: provider.code, transactionId: remote.paymentReference ?? "" }, transaction: capture };
    const { order, ours } = await placeForSession(session, payment, baseUrl, ["pending", "canceled", "superseded", "failed"]);
    if (!ours) return giveBack(session, remote, `the cart's order ${order.incrementId} was placed by another payment`);
    return { state: "placed", order };
  } catch (e) {
    if (e instanceof CartChanged) return giveBack(session, remote, "the cart changed after the session was opened");
    throw e;
  }
}

/**
 * Marks an order placed while its money was on its way as paid, once the provider says the money is in; the change
 * feed hears it as `change` (payment; invoice when the store invoiced it, capturing a card it held) with the invoice.
 */
export async function markPaid(orderId: number, capture: Capture, change: "payment" | "invoice" = "payment"): Promise<void> {
  const sql = await getSql();
  await sql.transaction().execute(async (tx) => {
    const booked = await bookCapture(tx, orderId, capture);
    if (booked) await orderChanged(tx, orderId, change, booked.invoiceId);
  });
}

/**
 * The shopper is back from a provider's page (`outcome` is only what the provider's redirect says: a hint, never
 * proof). Success reads the provider's record and places the order if it is paid; cancel leaves the cart as it was
 * and closes the provider's session. Answers where to send the shopper.
 */
export async function returnFromProvider(token: string, outcome: "success" | "cancel", baseUrl: string): Promise<string> {
  const session = await loadSession({ token });
  if (session.provider === "simulator" || !session.providerReference) throw new NotFound("Payment session");
  const back = (url: string | null, params: Record<string, string>) => backTo(token, url, params, baseUrl);
  const placed = (order: { id: number; incrementId: string }) => back(session.successUrl, { orderId: String(order.id), orderIncrementId: order.incrementId });
  if (session.order) return placed(session.order);
  if (outcome === "cancel") {
    await setStatus(session.id, "canceled", ["pending"]);
    await providerNamed(session.provider)?.cancel?.(session.providerReference);
    return back(session.cancelUrl, { status: "cancel" });
  }
  const settled = await settleFromProvider(session, baseUrl);
  if (settled.state === "placed") return placed(settled.order);
  // Not paid (the shopper came back without paying), over, or refused: the cart is as it was.
  return back(session.failureUrl, { status: settled.state === "refused" ? "refused" : settled.state === "open" ? "unpaid" : "expired" });
}
