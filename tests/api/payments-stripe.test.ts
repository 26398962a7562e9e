// Taking cards through Stripe (issue 31): the official SDK against a local stand-in that speaks Stripe's HTTP API
// (tests/support/stripe-stand-in.ts), events signed by the SDK's own helper. An order is made and paid only on
// Stripe's word (a verified event, or the shopper's return followed by a read of Stripe's session); a session is
// bound to the cart it was opened for; a replayed event changes nothing; refunds reach Stripe once and fail cleanly.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { POST as webhook } from "../../app/api/payments/stripe/webhook/route.ts";
import { GET as comeBack } from "../../app/payment-gateway/[token]/return/route.ts";

let key: string;
let admin: string;
let stripe: StripeStandIn;
beforeAll(async () => {
  process.env.STOREFRONT_ORIGINS = "https://store.example";
  [key, admin, stripe] = await Promise.all([storefrontKey(), adminToken(), startStripeStandIn()]);
});
afterAll(() => stripe.close());
beforeEach(() => {
  vi.stubEnv("STRIPE_SECRET_KEY", stripe.secretKey);
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", stripe.webhookSecret);
  vi.stubEnv("STRIPE_API_URL", stripe.url);
});
afterEach(() => vi.unstubAllEnvs());

const URLS = {
  paymentSuccessUrl: "https://store.example/checkout/success",
  paymentFailureUrl: "https://store.example/checkout/failure",
  paymentCancelUrl: "https://store.example/checkout/cancel",
};

/** A cart of 2 × 30 with address and flatrate saved and Stripe chosen: its Checkout Session at the stand-in. */
async function stripeCart(via: Via, bearer?: string) {
  const product = await freshProduct({ qty: 5, price: "30" });
  const cart = bearer ? null : await guestCart(via, key);
  const opts = { key, bearer: bearer ?? cart!.token };
  await fill(via, opts, [{ productId: product, quantity: 2 }]);
  expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
  const pay = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "stripe", ...URLS }, opts);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const db = await getDb();
  const session = await db.paymentSession.findFirstOrThrow({ where: { providerReference: { not: null }, cart: { items: { some: { productId: product } } } }, orderBy: { id: "desc" } });
  return { product, opts, cartId: session.cartId, gatewayUrl: pay.body.paymentGatewayUrl as string, session };
}

/** Delivers an event to the webhook as Stripe does: the exact body and its Stripe-Signature header. */
async function deliver(event: unknown, secret?: string) {
  const { payload, signature } = stripe.sign(event, secret);
  const res = await webhook(new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } }));
  return { status: res.status, body: await res.json() };
}

/** The shopper's browser following Stripe's redirect back to the store. */
async function returnFromStripe(sessionToken: string, outcome: string) {
  const res = await comeBack(new Request(`http://shop.test/payment-gateway/${sessionToken}/return?outcome=${outcome}`), { params: Promise.resolve({ token: sessionToken }) });
  return { status: res.status, location: res.headers.get("location") ?? "", body: res.status >= 400 ? await res.json() : null };
}
const tokenOf = (stripeSession: { success_url: string }) => new URL(stripeSession.success_url).pathname.split("/")[2];

const eventOf = (events: { type: string }[], type: string) => {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no ${type} among ${events.map((e) => e.type).join(", ")}`);
  return event;
};

async function written(cartId: number) {
  const db = await getDb();
  const orders = await db.order.findMany({ where: { cartId }, include: { invoices: { include: { items: true } }, paymentTransactions: true, items: true } });
  return { orders, events: await db.paymentEvent.count() };
}

describe.each(VIAS)("a guest checkout through Stripe over %s", (via) => {
  it("ends with a paid order only after Stripe says so; the return and a replayed event find that order", async () => {
    const { product, opts, cartId, gatewayUrl, session } = await stripeCart(via);
    const cart = await cartRow(cartId);
    const opened = stripe.sessions.get(session.providerReference!)!;
    // paymentGatewayUrl is Stripe's page, for exactly the cart's total in minor units.
    expect(gatewayUrl).toBe(opened.url);
    expect(gatewayUrl.startsWith(`${stripe.url}/c/pay/cs_`)).toBe(true);
    expect(opened).toMatchObject({ amount_total: Math.round(Number(cart.grandTotal) * 100), currency: "usd", metadata: { paymentSessionId: String(session.id) }, status: "open" });
    expect(opened.success_url).toMatch(/^http:\/\/shop\.test\/payment-gateway\/[A-Za-z0-9_-]+\/return\?outcome=success$/);

    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ redirect: true, orderId: null });
    const checkout = [...stripe.sessions.values()].find((s) => s.url === placed.body.redirectUrl)!;
    expect(checkout.amount_total).toBe(opened.amount_total);

    // The shopper alone cannot pay: coming back "successfully" before paying at Stripe places nothing.
    const early = await returnFromStripe(tokenOf(checkout), "success");
    expect(early.status).toBe(303);
    expect(early.location).toBe(`${URLS.paymentFailureUrl}?status=unpaid`);
    expect((await written(cartId)).orders).toHaveLength(0);
    expect(await stock(product)).toBe(5);

    const events = stripe.pay(checkout.id);
    const completed = await deliver(eventOf(events, "checkout.session.completed"));
    expect(completed).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const after = await written(cartId);
    expect(after.orders).toHaveLength(1);
    const [order] = after.orders;
    const intent = stripe.sessions.get(checkout.id)!.payment_intent as string;
    expect(order).toMatchObject({ status: "processing" });
    expect(Number(order.grandTotalInvoiced)).toBe(Number(order.grandTotal));
    expect(order.invoices).toHaveLength(1);
    expect(order.invoices[0]).toMatchObject({ state: "paid", totalQty: 2 });
    expect(Number(order.invoices[0].grandTotal)).toBe(Number(order.grandTotal));
    expect(order.invoices[0].items.map((i) => i.qty)).toEqual([2]);
    expect(order.items.map((i) => i.qtyInvoiced)).toEqual([2]);
    expect(order.paymentTransactions.map((t) => ({ provider: t.provider, kind: t.kind, status: t.status, reference: t.reference, amount: Number(t.amount), currencyCode: t.currencyCode }))).toEqual([
      { provider: "stripe", kind: "capture", status: "succeeded", reference: intent, amount: Number(order.grandTotal), currencyCode: "USD" },
    ]);
    expect(await stock(product)).toBe(3);
    expect((await cartRow(cartId)).isActive).toBe(false);

    // The shopper's return finds the order the event made, and so do replays and the intent's own event.
    const back = await returnFromStripe(tokenOf(checkout), "success");
    expect(back.location).toBe(`${URLS.paymentSuccessUrl}?orderId=${order.id}&orderIncrementId=${order.incrementId}`);
    expect(await deliver(eventOf(events, "checkout.session.completed"))).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await deliver(eventOf(events, "payment_intent.succeeded"))).status).toBe(200);
    const again = await written(cartId);
    expect(again.orders).toHaveLength(1);
    expect(again.orders[0].invoices).toHaveLength(1);
    expect(again.orders[0].paymentTransactions).toHaveLength(1);
    expect(await stock(product)).toBe(3);
  });

  it("places the order on the shopper's return once Stripe's session is paid; the event that follows changes nothing", async () => {
    const { cartId, session } = await stripeCart(via);
    const events = stripe.pay(session.providerReference!);
    const back = await returnFromStripe(tokenOf(stripe.sessions.get(session.providerReference!)!), "success");
    const [order] = (await written(cartId)).orders;
    expect(back.location).toBe(`${URLS.paymentSuccessUrl}?orderId=${order.id}&orderIncrementId=${order.incrementId}`);
    expect(order.status).toBe("processing");
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const after = await written(cartId);
    expect(after.orders).toHaveLength(1);
    expect(after.orders[0].invoices).toHaveLength(1);
    expect(after.orders[0].paymentTransactions).toHaveLength(1);
  });

  it("refuses a session whose cart changed, and gives the money back", async () => {
    const { opts, cartId, session, product } = await stripeCart(via);
    await fill(via, opts, [{ productId: product, quantity: 1 }]);
    const events = stripe.pay(session.providerReference!);
    const intent = stripe.sessions.get(session.providerReference!)!.payment_intent as string;
    expect((await deliver(eventOf(events, "checkout.session.completed"))).status).toBe(200);
    expect((await written(cartId)).orders).toHaveLength(0);
    expect(await stock(product)).toBe(5);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([stripe.sessions.get(session.providerReference!)!.amount_total]);
    expect((await (await getDb()).paymentSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("refunded");
    // The return says so, and a replay gives nothing back twice.
    expect((await returnFromStripe(tokenOf(stripe.sessions.get(session.providerReference!)!), "success")).location).toBe(`${URLS.paymentFailureUrl}?status=refused`);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
  });
});

describe("Stripe's events and sessions", () => {
  it("places the order paid by Stripe when the shopper chose another method since but paid anyway, and refunds a second payment of a placed cart", async () => {
    const { opts, cartId, session } = await stripeCart("rest");
    expect((await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, opts)).status).toBe(200);
    expect((await (await getDb()).paymentSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("canceled");
    // The Stripe tab was still open: the money is taken for exactly this cart, so the order is made, as paid by card.
    expect((await deliver(eventOf(stripe.pay(session.providerReference!), "checkout.session.completed"))).status).toBe(200);
    const [order] = (await written(cartId)).orders;
    const db = await getDb();
    expect((await db.orderPayment.findUniqueOrThrow({ where: { orderId: order.id } })).method).toBe("stripe");
    expect(order.status).toBe("processing");

    // Another session of the same cart paid too (a second tab): that money goes back, the order stays as it is.
    const second = await db.paymentSession.create({
      data: { cartId, token: `second-${session.token}`, method: "stripe", provider: "stripe", amount: session.amount, currencyCode: session.currencyCode, lines: session.lines as never },
    });
    const remote = await new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol }).checkout.sessions.create({
      mode: "payment", success_url: "http://shop.test/x", line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: stripe.sessions.get(session.providerReference!)!.amount_total, product_data: { name: "Order" } } }],
    });
    await db.paymentSession.update({ where: { id: second.id }, data: { providerReference: remote.id } });
    expect((await deliver(eventOf(stripe.pay(remote.id), "checkout.session.completed"))).status).toBe(200);
    expect((await written(cartId)).orders).toHaveLength(1);
    expect(refundsAt(stripe.sessions.get(remote.id)!.payment_intent as string).map((r) => r.amount)).toEqual([remote.amount_total]);
    expect((await db.paymentSession.findUniqueOrThrow({ where: { id: second.id } })).status).toBe("refunded");
  });

  it("refuses a forged or unsigned event with 400 and writes nothing; without a webhook secret the endpoint is 404", async () => {
    const { cartId, session } = await stripeCart("rest");
    const events = stripe.pay(session.providerReference!);
    const before = await written(cartId);
    const forged = await deliver(eventOf(events, "checkout.session.completed"), "whsec_not_the_store_s");
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("invalid_signature");
    const unsigned = await webhook(new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: JSON.stringify(events[0]) }));
    expect(unsigned.status).toBe(400);
    // A body altered after signing does not verify either.
    const { payload, signature } = stripe.sign(events[0]);
    const altered = await webhook(new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: payload.replace('"complete"', '"open"'), headers: { "stripe-signature": signature } }));
    expect(altered.status).toBe(400);
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    expect((await deliver(events[0])).status).toBe(404);
    expect(await written(cartId)).toEqual(before);
    expect(before.orders).toHaveLength(0);
  });

  it("refuses money taken for another amount than the session's, and gives it back", async () => {
    const { cartId, session } = await stripeCart("rest");
    const remote = stripe.sessions.get(session.providerReference!)!;
    remote.amount_total = remote.amount_total - 100;
    const events = stripe.pay(remote.id);
    expect((await deliver(eventOf(events, "checkout.session.completed"))).status).toBe(200);
    expect((await written(cartId)).orders).toHaveLength(0);
    expect(stripe.refunds.filter((r) => r.payment_intent === remote.payment_intent).map((r) => r.amount)).toEqual([remote.amount_total]);
  });

  it("places an order awaiting its money for a payment that settles later, and invoices it when Stripe says the money is in", async () => {
    const { cartId, session } = await stripeCart("rest");
    const completed = stripe.pay(session.providerReference!, { paymentStatus: "unpaid" });
    expect((await deliver(eventOf(completed, "checkout.session.completed"))).status).toBe(200);
    const [order] = (await written(cartId)).orders;
    expect(order.status).toBe("pending");
    expect(order.invoices).toHaveLength(0);
    expect(order.paymentTransactions.map((t) => [t.kind, t.status])).toEqual([["capture", "pending"]]);
    // Nobody but Stripe marks it paid: the back office cannot invoice money still on its way.
    const invoice = await asAdmin("rest", admin, "invoiceAdminOrder", { id: order.id });
    expect(invoice.status).toBe(409);
    const later = stripe.succeedLater(session.providerReference!);
    expect((await deliver(eventOf(later, "payment_intent.succeeded"))).status).toBe(200);
    const [paid] = (await written(cartId)).orders;
    expect(paid.status).toBe("processing");
    expect(paid.invoices).toHaveLength(1);
    expect(paid.paymentTransactions.map((t) => [t.kind, t.status])).toEqual([["capture", "succeeded"]]);
  });

  it("offers Stripe only when it is configured, and answers 503 writing no open session when Stripe is down", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    const product = await freshProduct({ qty: 5, price: "30" });
    const { token, id } = await guestCart("rest", key);
    const opts = { key, bearer: token };
    await fill("rest", opts, [{ productId: product, quantity: 1 }]);
    await invoke("rest", "createCheckoutAddress", ADDRESS, opts);
    await invoke("rest", "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts);
    const methods = async () => ((await invoke("rest", "collectionPaymentMethods", {}, opts)).body as { method: string }[]).map((m) => m.method);
    expect(await methods()).not.toContain("stripe");
    expect((await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "stripe" }, opts)).status).toBe(422);
    vi.stubEnv("STRIPE_SECRET_KEY", stripe.secretKey);
    expect(await methods()).toContain("stripe");
    stripe.failNext(3); // the SDK's first try and both retries
    const down = await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "stripe", ...URLS }, opts);
    expect(down.status).toBe(503);
    expect(down.code).toBe("payment_provider_unavailable");
    const sessions = await (await getDb()).paymentSession.findMany({ where: { cartId: id } });
    expect(sessions.map((s) => s.status)).toEqual(["failed"]);
  });

  it("closes the Stripe session when the shopper cancels on Stripe's page, and places nothing", async () => {
    const { cartId, session } = await stripeCart("rest");
    const back = await returnFromStripe(tokenOf(stripe.sessions.get(session.providerReference!)!), "cancel");
    expect(back.location).toBe(`${URLS.paymentCancelUrl}?status=cancel`);
    expect(stripe.sessions.get(session.providerReference!)!.status).toBe("expired");
    expect((await written(cartId)).orders).toHaveLength(0);
    expect((await returnFromStripe(tokenOf(stripe.sessions.get(session.providerReference!)!), "paid")).status).toBe(422);
    expect((await returnFromStripe("not-a-session-token", "success")).status).toBe(404);
  });
});

/** An order paid through Stripe (2 × 30 plus shipping), and its payment intent. */
async function paidOrder(bearer?: string) {
  const { cartId, session } = await stripeCart("rest", bearer);
  const events = stripe.pay(session.providerReference!);
  expect((await deliver(eventOf(events, "checkout.session.completed"))).status).toBe(200);
  const db = await getDb();
  const order = await db.order.findUniqueOrThrow({ where: { cartId }, include: { items: true } });
  return { order, intent: stripe.sessions.get(session.providerReference!)!.payment_intent as string };
}

const refundsAt = (intent: string) => stripe.refunds.filter((r) => r.payment_intent === intent);

describe.each(VIAS)("refunding an order paid through Stripe over %s", (via) => {
  it("returns the money through Stripe in part and in full, and records each transaction", async () => {
    const { order, intent } = await paidOrder();
    const line = order.items[0].id;
    const part = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: line, qty: 1 }] });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(refundsAt(intent).map((r) => [r.amount, r.metadata.refundId])).toEqual([[3000, expect.stringMatching(/^\d+$/)]]);
    expect(part.data.status).toBe("processing");
    expect(part.data.grandTotalRefunded).toBe(30);
    const refund = part.data.paymentTransactions.find((t: { kind: string }) => t.kind === "refund");
    expect(refund).toMatchObject({ provider: "stripe", status: "succeeded", amount: 30, reference: refundsAt(intent)[0].id, offline: false, message: null });
    expect(refund).not.toHaveProperty("idempotencyKey");
    expect(part.data.paymentTransactions[0]).toMatchObject({ kind: "capture", reference: intent });

    const rest = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: line, qty: 1 }], shipping: Number(order.shippingAmount) });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.data.status).toBe("closed");
    expect(refundsAt(intent).reduce((n, r) => n + r.amount, 0)).toBe(Math.round(Number(order.grandTotal) * 100));
    const db = await getDb();
    expect((await db.refund.findMany({ where: { orderId: order.id } })).map((r) => r.state)).toEqual(["refunded", "refunded"]);

    // Stripe's charge.refunded events name refunds the store already booked: nothing more is written.
    const comments = await db.orderComment.count({ where: { orderId: order.id } });
    for (const event of stripe.events.filter((e) => e.type === "charge.refunded" && e.data.object.payment_intent === intent)) expect((await deliver(event)).status).toBe(200);
    expect(await db.paymentTransaction.count({ where: { orderId: order.id } })).toBe(3);
    expect(await db.orderComment.count({ where: { orderId: order.id } })).toBe(comments);
  });

  it("records nothing as refunded when Stripe declines, and keeps the refusal on record", async () => {
    const { order, intent } = await paidOrder();
    stripe.declineRefunds(1);
    const declined = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(declined.status).toBe(422);
    expect(declined.code).toBe("payment_provider_declined");
    expect(declined.message).toMatch(/disputed/);
    const db = await getDb();
    const now = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { items: true, refunds: true, paymentTransactions: true } });
    expect(now.refunds).toHaveLength(0);
    expect(Number(now.grandTotalRefunded)).toBe(0);
    expect(now.items[0].qtyRefunded).toBe(0);
    expect(now.status).toBe("processing");
    expect(now.paymentTransactions.map((t) => [t.kind, t.status, t.refundId])).toEqual([["capture", "succeeded", null], ["refund", "failed", null]]);
    expect(now.paymentTransactions[1].message).toMatch(/disputed/);
    expect(refundsAt(intent)).toHaveLength(0);
    // Declined once, not for ever: the same refund sent again goes through.
    expect((await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] })).status).toBe(201);
    expect(refundsAt(intent)).toHaveLength(1);
  });

  it("reaches Stripe once when its answers are lost and the admin sends the refund again", async () => {
    const { order, intent } = await paidOrder();
    // Stripe makes the refund, and every answer (the first try's and each of the SDK's retries) is lost on the way.
    stripe.loseNextResponses(100);
    const lost = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    stripe.loseNextResponses(0);
    expect(lost.status).toBe(503);
    expect(lost.message).toMatch(/send the refund again/);
    const db = await getDb();
    const waiting = await db.refund.findMany({ where: { orderId: order.id } });
    expect(waiting.map((r) => r.state)).toEqual(["pending"]);
    expect(refundsAt(intent)).toHaveLength(1);
    // While it waits no other refund is taken: the next request retries it, with the same key.
    const retried = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(refundsAt(intent)).toHaveLength(1);
    const keys = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").map((r) => r.idempotencyKey);
    expect(new Set(keys.slice(-4)).size).toBe(1);
    expect((await db.refund.findMany({ where: { orderId: order.id } })).map((r) => [r.id, r.state])).toEqual([[waiting[0].id, "refunded"]]);
    expect(retried.data.grandTotalRefunded).toBe(30);
  });
});

describe("payment records", () => {
  it("show the customer their order's transactions without the provider's ids, and the store's refunds made in Stripe's dashboard", async () => {
    const shopper = await customer(key);
    const { order, intent } = await paidOrder(shopper.token);
    const mine = await invoke("rest", "customerOrder", { id: order.id }, { key, bearer: shopper.token });
    expect(mine.status).toBe(200);
    expect(mine.body.paymentTransactions).toEqual([
      { id: expect.any(Number), kind: "capture", status: "succeeded", amount: Number(order.grandTotal), formattedAmount: `$${Number(order.grandTotal).toFixed(2)}`, currencyCode: "USD", offline: false, createdAt: expect.any(String) },
    ]);
    const viaGraphql = await invoke("graphql", "customerOrder", { id: order.id }, { key, bearer: shopper.token });
    expect(viaGraphql.body.paymentTransactions).toEqual(mine.body.paymentTransactions);

    // A refund made in Stripe's dashboard is recorded on the order with a note for the staff.
    const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    await sdk.refunds.create({ payment_intent: intent, amount: 500 });
    const event = stripe.events.filter((e) => e.type === "charge.refunded").at(-1)!;
    expect((await deliver(event)).status).toBe(200);
    const db = await getDb();
    const outside = await db.paymentTransaction.findMany({ where: { orderId: order.id, kind: "refund" } });
    expect(outside.map((t) => [t.status, Number(t.amount), t.refundId])).toEqual([["succeeded", 5, null]]);
    expect((await db.orderComment.findMany({ where: { orderId: order.id } })).map((c) => c.comment)).toEqual([expect.stringContaining("outside the store")]);
    const shown = await adminCall(admin, "GET", `/api/admin/sales/orders/${order.id}`);
    expect(shown.body.paymentTransactions.map((t: { kind: string; reference: string }) => [t.kind, t.reference])).toEqual([["capture", intent], ["refund", outside[0].reference]]);
  });

  it("stop the order's downloads once Stripe's dashboard has refunded the whole payment, not before", async () => {
    const { order, intent } = await paidOrder();
    const db = await getDb();
    const purchase = await db.downloadablePurchase.create({
      data: { orderId: order.id, orderItemId: order.items[0].id, productName: "Manual", name: "PDF", type: "url", url: "https://files.example/manual.pdf", downloadBought: 3, downloadUsed: 1, status: "available" },
    });
    const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    const total = Math.round(Number(order.grandTotal) * 100);
    await sdk.refunds.create({ payment_intent: intent, amount: 500 });
    expect((await deliver(stripe.events.filter((e) => e.type === "charge.refunded").at(-1)!)).status).toBe(200);
    expect(await db.downloadablePurchase.findUniqueOrThrow({ where: { id: purchase.id } })).toMatchObject({ status: "available" });

    await sdk.refunds.create({ payment_intent: intent, amount: total - 500 });
    const whole = stripe.events.filter((e) => e.type === "charge.refunded").at(-1)!;
    expect((await deliver(whole)).status).toBe(200);
    expect(await db.downloadablePurchase.findUniqueOrThrow({ where: { id: purchase.id } })).toMatchObject({ status: "expired", downloadCanceled: 2 });
    // The event again (Stripe retries): nothing more happens.
    expect((await deliver(stripe.event("charge.refunded", whole.data.object))).status).toBe(200);
    const comments = (await db.orderComment.findMany({ where: { orderId: order.id } })).map((c) => c.comment);
    expect(comments.filter((c) => c.includes("downloads were stopped"))).toHaveLength(1);
    expect(comments.filter((c) => c.includes("outside the store"))).toHaveLength(2);
  });

  it("records a charge-back once, tells the staff, and stops the order's downloads", async () => {
    const { order, intent } = await paidOrder();
    const db = await getDb();
    const purchase = await db.downloadablePurchase.create({
      data: { orderId: order.id, orderItemId: order.items[0].id, productName: "Manual", name: "PDF", type: "url", url: "https://files.example/manual.pdf", downloadBought: 3, status: "available" },
    });
    const dispute = stripe.event("charge.dispute.created", {
      id: `dp_${order.id}`, object: "dispute", amount: 1500, currency: "usd", payment_intent: intent, reason: "fraudulent", status: "needs_response",
    });
    expect((await deliver(dispute)).status).toBe(200);
    // The same dispute in a second event (Stripe sends disputes' updates too): still one record.
    expect((await deliver(stripe.event("charge.dispute.created", dispute.data.object))).status).toBe(200);
    const kept = await db.paymentTransaction.findMany({ where: { orderId: order.id, kind: "dispute" } });
    expect(kept.map((t) => [t.status, Number(t.amount), t.reference])).toEqual([["pending", 15, `dp_${order.id}`]]);
    expect((await db.orderComment.findMany({ where: { orderId: order.id } })).map((c) => c.comment)).toEqual([expect.stringMatching(/disputed 15 USD .*fraudulent/)]);
    expect(await db.downloadablePurchase.findUniqueOrThrow({ where: { id: purchase.id } })).toMatchObject({ status: "expired", downloadCanceled: 3 });
  });

  it("books cash on delivery as the store received and paid it back: offline entries", async () => {
    const product = await freshProduct({ qty: 5, price: "20" });
    const { token, id: cartId } = await guestCart("rest", key);
    const opts = { key, bearer: token };
    await fill("rest", opts, [{ productId: product, quantity: 1 }]);
    await invoke("rest", "createCheckoutAddress", ADDRESS, opts);
    await invoke("rest", "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts);
    await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, opts);
    expect((await invoke("rest", "createCheckoutOrder", {}, opts)).status).toBe(200);
    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { cartId }, include: { items: true } });
    expect(await db.paymentTransaction.count({ where: { orderId: order.id } })).toBe(0);
    expect((await asAdmin("rest", admin, "invoiceAdminOrder", { id: order.id })).status).toBe(201);
    const refunded = await asAdmin("rest", admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(refunded.status).toBe(201);
    expect(refunded.data.paymentTransactions.map((t: Record<string, unknown>) => [t.provider, t.kind, t.status, t.amount, t.offline, t.reference])).toEqual([
      ["cashondelivery", "capture", "succeeded", Number(order.grandTotal), true, null],
      ["cashondelivery", "refund", "succeeded", 20, true, null],
    ]);
  });
});

describe.each(VIAS)("a card authorized at checkout (STRIPE_CAPTURE=manual) and captured as the store invoices, over %s", (via) => {
  beforeEach(() => vi.stubEnv("STRIPE_CAPTURE", "manual"));

  it("holds the money at checkout, captures it once when the admin invoices the whole order, then refunds through Stripe", async () => {
    const { cartId, session } = await stripeCart("rest");
    expect((await deliver(eventOf(stripe.pay(session.providerReference!), "checkout.session.completed"))).status).toBe(200);
    const intent = stripe.sessions.get(session.providerReference!)!.payment_intent as string;
    expect(stripe.paymentIntents.get(intent)!.status).toBe("requires_capture");
    const [order] = (await written(cartId)).orders;
    expect(order.status).toBe("pending");
    expect(order.invoices).toHaveLength(0);
    expect(order.paymentTransactions.map((t) => [t.kind, t.status, t.reference])).toEqual([["authorization", "succeeded", intent]]);

    // Captured whole: a part of the order is refused and nothing reaches Stripe.
    const part = await asAdmin(via, admin, "invoiceAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(part.status).toBe(422);
    const captures = () => stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${intent}/capture`);
    expect(captures()).toHaveLength(0);

    const invoiced = await asAdmin(via, admin, "invoiceAdminOrder", { id: order.id });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    expect(invoiced.data.status).toBe("processing");
    expect(invoiced.data.grandTotalInvoiced).toBe(Number(order.grandTotal));
    expect(stripe.paymentIntents.get(intent)).toMatchObject({ status: "succeeded", amount_received: Math.round(Number(order.grandTotal) * 100) });
    expect(captures()).toHaveLength(1);
    expect(invoiced.data.paymentTransactions.map((t: { kind: string; status: string }) => [t.kind, t.status])).toEqual([["authorization", "succeeded"], ["capture", "succeeded"]]);

    // Stripe's event for the capture finds it booked; the order has nothing left to invoice.
    expect((await deliver(stripe.events.filter((e) => e.type === "payment_intent.succeeded" && e.data.object.id === intent).at(-1))).status).toBe(200);
    const after = (await written(cartId)).orders[0];
    expect(after.invoices).toHaveLength(1);
    expect(after.paymentTransactions).toHaveLength(2);
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: order.id })).status).toBe(409);
    expect(captures()).toHaveLength(1);

    const refund = await asAdmin(via, admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(refund.status).toBe(201);
    expect(refundsAt(intent).map((r) => r.amount)).toEqual([3000]);
  });

  it("lets go of the hold when the store cancels an authorized order, and when a customer cancels theirs", async () => {
    const { cartId, session } = await stripeCart("rest");
    expect((await deliver(eventOf(stripe.pay(session.providerReference!), "checkout.session.completed"))).status).toBe(200);
    const intent = stripe.sessions.get(session.providerReference!)!.payment_intent as string;
    const [order] = (await written(cartId)).orders;
    const canceled = await asAdmin(via, admin, "cancelAdminOrder", { id: order.id });
    expect(canceled.status).toBe(200);
    expect(canceled.data.status).toBe("canceled");
    expect(stripe.paymentIntents.get(intent)!.status).toBe("canceled");
    const db = await getDb();
    expect((await db.paymentTransaction.findMany({ where: { orderId: order.id } })).map((t) => [t.kind, t.status])).toEqual([["authorization", "canceled"]]);

    const shopper = await customer(key);
    const mine = await stripeCart(via, shopper.token);
    expect((await deliver(eventOf(stripe.pay(mine.session.providerReference!), "checkout.session.completed"))).status).toBe(200);
    const theirs = stripe.sessions.get(mine.session.providerReference!)!.payment_intent as string;
    const [own] = (await written(mine.cartId)).orders;
    expect((await invoke(via, "createCancelOrder", { id: own.id }, { key, bearer: shopper.token })).status).toBe(200);
    expect(stripe.paymentIntents.get(theirs)!.status).toBe("canceled");
  });

  it("releases the hold when the cart changed after the session was opened", async () => {
    const { opts, cartId, session, product } = await stripeCart(via);
    await fill(via, opts, [{ productId: product, quantity: 1 }]);
    expect((await deliver(eventOf(stripe.pay(session.providerReference!), "checkout.session.completed"))).status).toBe(200);
    const intent = stripe.sessions.get(session.providerReference!)!.payment_intent as string;
    expect((await written(cartId)).orders).toHaveLength(0);
    expect(stripe.paymentIntents.get(intent)!.status).toBe("canceled");
    expect(refundsAt(intent)).toHaveLength(0);
  });
});
