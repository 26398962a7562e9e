// The change feed's order and stock events (lib/events): every committed change to an order or to stock writes its
// events in its own transaction. Placing an order writes order.placed, then an inventory.updated (reason sale) per
// stock row it took; each back-office action on an order (invoice, ship, refund, comment, cancel) writes one
// order.updated naming the change and the record it made; a cancel gives the stock back (reason restock); an admin
// stock write tells the old and new quantity (reason admin). The payload's updatedAt is the record's own after the
// change, and stock writes move the product's and the stock row's updatedAt. A change refused writes nothing.
// Read from the Event table and through the Admin API's event log (GET /api/admin/events).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { invoke } from "../support/invoke.ts";
import { fill, guestCart } from "../support/cart-fixtures.ts";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in.ts";
import { POST as webhook } from "../../app/api/payments/stripe/webhook/route.ts";
import { ADDRESS, freshProduct, guestCartWith, readyToPlace, setStock, stock } from "../support/checkout.ts";
import { Decimal } from "../../lib/money.ts";
import { markPaid } from "../../lib/payments/settle.ts";
import { expireUnpaidOrders } from "../../lib/orders/expiry.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  [key, admin] = await Promise.all([storefrontKey(), adminToken()]);
});

interface Logged {
  id: number;
  type: string;
  subject: string;
  data: Record<string, any>;
}

/**
 * Where the log is now: the last event id written (events written later have greater ids) and the last place given
 * in the log (events committed later are given greater places).
 */
async function mark(): Promise<{ id: number; position: number }> {
  const max = await (await getDb()).event.aggregate({ _max: { id: true, position: true } });
  return { id: max._max.id ?? 0, position: max._max.position ?? 0 };
}

/** The events written after `from` about `subjects` (e.g. `order:12`), in the order they were written, from the table. */
async function eventsOf(from: { id: number }, ...subjects: string[]): Promise<Logged[]> {
  const rows = await (await getDb()).event.findMany({ where: { subject: { in: subjects }, id: { gt: from.id } }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ id: r.id, type: r.type, subject: r.subject, data: JSON.parse(r.data) }));
}

/** The same through GET /api/admin/events (in the log's order), every page after `from`, of `types`. */
async function loggedOf(from: { position: number }, types: string, ...subjects: string[]): Promise<Logged[]> {
  const out: Logged[] = [];
  let after = String(from.position);
  for (let page = 0; page < 100; page++) {
    const res = await adminCall(admin, "GET", `/api/admin/events?after=${after}&types=${types}&limit=500`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.data as Logged[]).filter((e) => subjects.includes(e.subject)));
    after = res.body.cursor;
    if (!res.body.hasMore) break;
  }
  return out;
}

const brief = (events: Logged[]) => events.map((e) => [e.type, e.data.change ?? e.data.reason ?? null]);

/** A guest checkout of `items` through the Shop API (flat rate, cash on delivery); the order's id. */
async function guestOrder(items: { productId: number; quantity: number }[]): Promise<number> {
  const token = await guestCartWith(key, items);
  await readyToPlace(key, token);
  const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.orderId as number;
}

const orderRow = async (id: number) => (await getDb()).order.findUniqueOrThrow({ where: { id } });
const stockRow = async (productId: number) => (await getDb()).productInventory.findUniqueOrThrow({ where: { productId_channelId: { productId, channelId: 1 } } });
const productStamp = async (id: number) => (await (await getDb()).product.findUniqueOrThrow({ where: { id }, select: { updatedAt: true } })).updatedAt;
const tick = () => new Promise((r) => setTimeout(r, 5)); // so that a stamp written next is later than the one read

describe("placing an order", () => {
  it("writes order.placed, then inventory.updated (sale) per stock row taken, in one transaction with the order", async () => {
    const [a, b] = await Promise.all([freshProduct({ qty: 10, price: "12.50" }), freshProduct({ qty: 4, price: "3" })]);
    const [rowA, rowB] = [await stockRow(a), await stockRow(b)];
    const [productA, productB] = [await productStamp(a), await productStamp(b)];
    await tick();
    const cursor = await mark();
    const orderId = await guestOrder([{ productId: a, quantity: 2 }, { productId: b, quantity: 1 }]);

    const order = await orderRow(orderId);
    const events = await eventsOf(cursor, `order:${orderId}`, `product:${a}`, `product:${b}`);
    expect(brief(events)).toEqual([["order.placed", null], ["inventory.updated", "sale"], ["inventory.updated", "sale"]]);
    const [placed, soldA, soldB] = events;
    expect(placed.data).toEqual({
      id: orderId, incrementId: order.incrementId, status: "pending", updatedAt: order.updatedAt.toISOString(),
      grandTotal: placed.data.grandTotal, currency: "USD", customerId: null, channelId: 1,
    });
    expect(new Decimal(placed.data.grandTotal).eq(order.grandTotal.toString())).toBe(true);
    expect(placed.data.grandTotal).toMatch(/^\d+(\.\d+)?$/); // a decimal's text, not a float

    // Stock rows and products: the quantities before and after, the rows' and products' updatedAt moved.
    const [nowA, nowB] = [await stockRow(a), await stockRow(b)];
    expect(soldA.data).toEqual({ id: rowA.id, productId: a, channelId: 1, oldQty: 10, newQty: 8, reason: "sale", updatedAt: nowA.updatedAt.toISOString() });
    expect(soldB.data).toEqual({ id: rowB.id, productId: b, channelId: 1, oldQty: 4, newQty: 3, reason: "sale", updatedAt: nowB.updatedAt.toISOString() });
    expect(nowA.updatedAt.getTime()).toBeGreaterThan(rowA.updatedAt.getTime());
    expect(nowB.updatedAt.getTime()).toBeGreaterThan(rowB.updatedAt.getTime());
    expect((await productStamp(a)).getTime()).toBeGreaterThan(productA.getTime());
    expect((await productStamp(b)).getTime()).toBeGreaterThan(productB.getTime());

    // The event log answers the same events, in the same order, with the same payloads.
    const logged = await loggedOf(cursor, "order.placed,inventory.*", `order:${orderId}`, `product:${a}`, `product:${b}`);
    expect(logged.map((e) => [e.id, e.type, e.subject, e.data])).toEqual(events.map((e) => [e.id, e.type, e.subject, e.data]));
    // Filtered by type: only the order's.
    expect((await loggedOf(cursor, "order.*", `order:${orderId}`, `product:${a}`)).map((e) => e.type)).toEqual(["order.placed"]);
  });

  it("a retry of the same checkout answers the order and writes nothing more", async () => {
    const p = await freshProduct({ qty: 5 });
    const token = await guestCartWith(key, [{ productId: p, quantity: 1 }]);
    await readyToPlace(key, token);
    const first = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    const cursor = await mark();
    const again = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    expect(again.body.orderId).toBe(first.body.orderId);
    expect(await eventsOf(cursor, `order:${first.body.orderId}`, `product:${p}`)).toEqual([]);
  });

  it("an order refused (stock gone meanwhile) writes no event and takes no stock", async () => {
    const p = await freshProduct({ qty: 5 });
    const token = await guestCartWith(key, [{ productId: p, quantity: 3 }]);
    await readyToPlace(key, token);
    await setStock(p, 2);
    const before = await stockRow(p);
    const cursor = await mark();
    const refused = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    expect(refused.status).toBe(422);
    expect(await eventsOf(cursor, `product:${p}`)).toEqual([]);
    expect(await (await getDb()).order.count({ where: { items: { some: { productId: p } } } })).toBe(0);
    expect(await stockRow(p)).toEqual(before);
  });
});

describe("the back office on an order", () => {
  it("invoice, ship, comment and refund each write one order.updated with the change and the record it made", async () => {
    const p = await freshProduct({ qty: 10, price: "20" });
    const orderId = await guestOrder([{ productId: p, quantity: 2 }]);
    const start = await mark();
    const db = await getDb();
    const lineId = (await db.orderItem.findFirstOrThrow({ where: { orderId } })).id;

    /** Runs an action, checks it wrote exactly one order.updated of `change`, with the order's new state. */
    async function step(change: string, act: () => Promise<{ status: number }>, status: number, recordId: () => Promise<number | null>) {
      const before = await orderRow(orderId);
      await tick();
      const cursor = await mark();
      const res = await act();
      expect(res.status, JSON.stringify(res)).toBe(status);
      const after = await orderRow(orderId);
      expect(after.updatedAt.getTime(), `${change} moves the order's updatedAt`).toBeGreaterThan(before.updatedAt.getTime());
      const events = await eventsOf(cursor, `order:${orderId}`, `product:${p}`);
      expect(events.map((e) => e.data)).toEqual([
        { id: orderId, incrementId: after.incrementId, status: after.status, updatedAt: after.updatedAt.toISOString(), change, recordId: await recordId() },
      ]);
      expect(events[0].type).toBe("order.updated");
      return events[0];
    }

    const invoiced = await step("invoice", () => asAdmin("rest", admin, "invoiceAdminOrder", { id: orderId, items: [{ orderItemId: lineId, qty: 1 }] }), 201,
      async () => (await db.invoice.findFirstOrThrow({ where: { orderId } })).id);
    expect(invoiced.data.status).toBe("processing");

    // Shipping more than was ordered is refused: nothing is written, no event.
    const cursor = await mark();
    const over = await asAdmin("rest", admin, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z", items: [{ orderItemId: lineId, qty: 3 }] });
    expect(over.status).toBe(422);
    expect(await eventsOf(cursor, `order:${orderId}`)).toEqual([]);

    const shipped = await step("shipment", () => asAdmin("rest", admin, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z999" }), 201,
      async () => (await db.shipment.findFirstOrThrow({ where: { orderId } })).id);
    expect(shipped.data.status).toBe("shipped");

    // A comment alone writes no order column: the order's updatedAt is moved for it.
    await step("comment", () => asAdmin("rest", admin, "commentAdminOrder", { id: orderId, comment: "Left at the door." }), 201,
      async () => (await db.orderComment.findFirstOrThrow({ where: { orderId, comment: "Left at the door." } })).id);

    await step("refund", () => asAdmin("rest", admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: lineId, qty: 1 }] }), 201,
      async () => (await db.refund.findFirstOrThrow({ where: { orderId } })).id);

    // A status move names no record.
    await step("status", () => asAdmin("rest", admin, "deliverAdminOrder", { id: orderId }), 200, async () => null);

    // The log tells the same five changes in order.
    const all = await loggedOf(start, "order.updated", `order:${orderId}`);
    expect(all.map((e) => e.data.change)).toEqual(["invoice", "shipment", "comment", "refund", "status"]);
  });

  it("a payment booked from the provider's word is told as payment with its invoice, once", async () => {
    const p = await freshProduct({ qty: 3, price: "15" });
    const orderId = await guestOrder([{ productId: p, quantity: 1 }]);
    const order = await orderRow(orderId);
    const cursor = await mark();
    const capture = { provider: "simulator", reference: `ref-${orderId}`, amount: new Decimal(order.grandTotal.toString()), currencyCode: "USD", status: "succeeded" as const };
    await markPaid(orderId, capture);
    const invoice = await (await getDb()).invoice.findFirstOrThrow({ where: { orderId } });
    const after = await orderRow(orderId);
    expect((await eventsOf(cursor, `order:${orderId}`)).map((e) => e.data)).toEqual([
      { id: orderId, incrementId: order.incrementId, status: "processing", updatedAt: after.updatedAt.toISOString(), change: "payment", recordId: invoice.id },
    ]);
    // Booked already: nothing changes, nothing is told.
    await markPaid(orderId, capture);
    expect(await eventsOf(cursor, `order:${orderId}`)).toHaveLength(1);
  });
});

describe("a cancel", () => {
  it("by the store: one order.updated (cancel) and the stock back, inventory.updated (restock) with old and new quantity", async () => {
    const p = await freshProduct({ qty: 6 });
    const orderId = await guestOrder([{ productId: p, quantity: 4 }]);
    const row = await stockRow(p);
    const product = await productStamp(p);
    expect(row.qty).toBe(2);
    await tick();
    const cursor = await mark();
    const res = await asAdmin("rest", admin, "cancelAdminOrder", { id: orderId, comment: "Out of stock at the supplier" });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    const [order, now] = [await orderRow(orderId), await stockRow(p)];
    const events = await eventsOf(cursor, `order:${orderId}`, `product:${p}`);
    expect(brief(events)).toEqual([["order.updated", "cancel"], ["inventory.updated", "restock"]]);
    expect(events[0].data).toEqual({ id: orderId, incrementId: order.incrementId, status: "canceled", updatedAt: order.updatedAt.toISOString(), change: "cancel", recordId: null });
    expect(events[1].data).toEqual({ id: row.id, productId: p, channelId: 1, oldQty: 2, newQty: 6, reason: "restock", updatedAt: now.updatedAt.toISOString() });
    expect(now.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect((await productStamp(p)).getTime()).toBeGreaterThan(product.getTime());

    // Canceled already: 409, nothing more.
    const again = await mark();
    expect((await asAdmin("rest", admin, "cancelAdminOrder", { id: orderId })).status).toBe(409);
    expect(await eventsOf(again, `order:${orderId}`, `product:${p}`)).toEqual([]);
  });

  it("by the customer: the same events, in the cancel's transaction", async () => {
    const p = await freshProduct({ qty: 5 });
    const me = await customer(key);
    for (const [path, body] of [
      ["/api/shop/cart/add-to-cart", { productId: p, quantity: 2 }],
      ["/api/shop/checkout/set-billing-address", ADDRESS],
    ] as const) {
      const res = await call("POST", path, body, { key, bearer: me.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await readyToPlace(key, me.token);
    const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: me.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as number;
    const [order] = await eventsOf({ id: 0 }, `order:${orderId}`);
    expect([order.type, order.data.customerId]).toEqual(["order.placed", me.id]);

    const cursor = await mark();
    const canceled = await invoke("rest", "createCancelOrder", { id: orderId }, { key, bearer: me.token });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const events = await eventsOf(cursor, `order:${orderId}`, `product:${p}`);
    expect(brief(events)).toEqual([["order.updated", "cancel"], ["inventory.updated", "restock"]]);
    expect(events[1].data).toMatchObject({ productId: p, oldQty: 3, newQty: 5 });
    expect(await stock(p)).toBe(5);
  });
});

describe("the other cancels (lib/orders/cancel.ts)", () => {
  it("a failed payment and the unpaid-order expiry are told as cancels, with the stock back", async () => {
    const db = await getDb();
    const [failing, unpaid] = [await hiddenProduct(10), await hiddenProduct(10)];
    const failed = await makeOrder({ lines: [{ productId: failing.id, qty: 2, price: 10 }] });
    const old = await makeOrder({ lines: [{ productId: unpaid.id, qty: 1, price: 10 }], createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
    await db.orderPayment.update({ where: { orderId: old.id }, data: { method: "moneytransfer", methodTitle: "Money transfer" } });
    const cursor = await mark();

    expect((await asAdmin("rest", admin, "failAdminOrder", { id: failed.id })).status).toBe(200);
    expect(await expireUnpaidOrders(db, "https://shop.example")).toContain(old.incrementId);

    const events = await eventsOf(cursor, `order:${failed.id}`, `product:${failing.id}`, `order:${old.id}`, `product:${unpaid.id}`);
    expect(events.map((e) => [e.subject, e.type, e.data.change ?? e.data.reason, e.data.status ?? null, e.data.oldQty ?? null, e.data.newQty ?? null])).toEqual([
      [`order:${failed.id}`, "order.updated", "cancel", "failed", null, null],
      [`product:${failing.id}`, "inventory.updated", "restock", null, 5, 7],
      [`order:${old.id}`, "order.updated", "cancel", "canceled", null, null],
      [`product:${unpaid.id}`, "inventory.updated", "restock", null, 5, 6],
    ]);
  });
});

describe("an admin stock write", () => {
  it("tells reason admin with the old and new quantity, and moves the row's and the product's updatedAt", async () => {
    const p = await freshProduct({ qty: 5 });
    const row = await stockRow(p);
    const product = await productStamp(p);
    await tick();
    const cursor = await mark();

    const set = await asAdmin("rest", admin, "updateAdminInventory", { id: row.id, qty: 12 });
    expect(set.status, JSON.stringify(set.raw)).toBe(200);
    const now = await stockRow(p);
    expect(set.data).toMatchObject({ id: row.id, qty: 12, updatedAt: now.updatedAt.toISOString() });
    expect(now.updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect((await productStamp(p)).getTime()).toBeGreaterThan(product.getTime());

    const removed = await asAdmin("rest", admin, "deleteAdminInventory", { id: row.id });
    expect(removed.status, JSON.stringify(removed.raw)).toBe(200);
    const made = await asAdmin("rest", admin, "createAdminInventory", { productId: p, channelId: 1, qty: 3 });
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    const remade = await stockRow(p);

    // A write refused (a second row for the same channel) writes nothing.
    expect((await asAdmin("rest", admin, "createAdminInventory", { productId: p, channelId: 1, qty: 1 })).status).toBe(422);

    const events = await eventsOf(cursor, `product:${p}`);
    expect(events.map((e) => [e.type, e.data.id, e.data.oldQty, e.data.newQty, e.data.reason])).toEqual([
      ["inventory.updated", row.id, 5, 12, "admin"],
      ["inventory.updated", row.id, 12, 0, "admin"],
      ["inventory.updated", remade.id, 0, 3, "admin"],
    ]);
    expect(events[0].data).toEqual({ id: row.id, productId: p, channelId: 1, oldQty: 5, newQty: 12, reason: "admin", updatedAt: now.updatedAt.toISOString() });
    expect(events[2].data.updatedAt).toBe(remade.updatedAt.toISOString());
    const logged = await loggedOf(cursor, "inventory.updated", `product:${p}`);
    expect(logged.map((e) => e.data)).toEqual(events.map((e) => e.data));
  });
});

describe("an order paid through a provider (the Stripe stand-in)", () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(() => stripe.close());
  beforeEach(() => {
    vi.stubEnv("STOREFRONT_ORIGINS", "https://store.example");
    vi.stubEnv("STRIPE_SECRET_KEY", stripe.secretKey);
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", stripe.webhookSecret);
    vi.stubEnv("STRIPE_API_URL", stripe.url);
  });
  afterEach(() => vi.unstubAllEnvs());

  /** Delivers an event to the webhook as Stripe does, signed. */
  async function deliver(event: unknown) {
    const { payload, signature } = stripe.sign(event);
    const res = await webhook(new Request("http://shop.test/api/payments/stripe/webhook", { method: "POST", body: payload, headers: { "content-type": "application/json", "stripe-signature": signature } }));
    expect(res.status).toBe(200);
  }

  /** A guest cart of 2 × 30 paid on Stripe's page, placed by the completed session's event. */
  async function paidOrder() {
    const product = await freshProduct({ qty: 5, price: "30" });
    const cart = await guestCart("rest", key);
    const opts = { key, bearer: cart.token };
    await fill("rest", opts, [{ productId: product, quantity: 2 }]);
    for (const [op, input] of [
      ["createCheckoutAddress", ADDRESS],
      ["createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }],
      ["createCheckoutPaymentMethod", { paymentMethod: "stripe", paymentSuccessUrl: "https://store.example/ok", paymentFailureUrl: "https://store.example/ko", paymentCancelUrl: "https://store.example/cancel" }],
    ] as const) {
      const res = await invoke("rest", op, input, opts);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const db = await getDb();
    const session = await db.paymentSession.findFirstOrThrow({ where: { cartId: cart.id, providerReference: { not: null } }, orderBy: { id: "desc" } });
    const cursor = await mark();
    await deliver(stripe.pay(session.providerReference!).find((e) => e.type === "checkout.session.completed"));
    const order = await db.order.findUniqueOrThrow({ where: { cartId: cart.id }, include: { items: true, invoices: true } });
    return { product, order, cursor, intent: stripe.sessions.get(session.providerReference!)!.payment_intent as string };
  }

  it("placed paid: order.placed in the state its capture left it, then the sale; refunds and a dispute told as they come", async () => {
    const { product, order, cursor, intent } = await paidOrder();
    const placed = await eventsOf(cursor, `order:${order.id}`, `product:${product}`);
    expect(brief(placed)).toEqual([["order.placed", null], ["inventory.updated", "sale"]]);
    expect(placed[0].data).toMatchObject({ status: "processing", updatedAt: order.updatedAt.toISOString() });
    expect(order.invoices).toHaveLength(1);

    // The store refunds one unit through Stripe: written pending, then booked done by Stripe's answer (two commits).
    const refundFrom = await mark();
    const refunded = await asAdmin("rest", admin, "refundAdminOrder", { id: order.id, items: [{ orderItemId: order.items[0].id, qty: 1 }] });
    expect(refunded.status, JSON.stringify(refunded.raw)).toBe(201);
    const refundId = (await (await getDb()).refund.findFirstOrThrow({ where: { orderId: order.id } })).id;
    expect((await eventsOf(refundFrom, `order:${order.id}`)).map((e) => [e.data.change, e.data.recordId])).toEqual([["refund", refundId], ["refund", refundId]]);

    // A refund made in Stripe's dashboard: money only, no refund of the store's.
    const outside = await mark();
    const sdk = new Stripe(stripe.secretKey, { host: stripe.host, port: stripe.port, protocol: stripe.protocol });
    await sdk.refunds.create({ payment_intent: intent, amount: 500 });
    await deliver(stripe.events.filter((e) => e.type === "charge.refunded").at(-1));
    expect((await eventsOf(outside, `order:${order.id}`)).map((e) => [e.data.change, e.data.recordId])).toEqual([["refund", null]]);

    // A charge-back, once however many times Stripe tells it.
    const disputed = await mark();
    const dispute = stripe.event("charge.dispute.created", { id: `dp_${order.id}`, object: "dispute", amount: 1500, currency: "usd", payment_intent: intent, reason: "fraudulent", status: "needs_response" });
    await deliver(dispute);
    await deliver(stripe.event("charge.dispute.created", dispute.data.object));
    const after = await orderRow(order.id);
    expect((await eventsOf(disputed, `order:${order.id}`)).map((e) => e.data)).toEqual([
      { id: order.id, incrementId: order.incrementId, status: after.status, updatedAt: after.updatedAt.toISOString(), change: "payment", recordId: null },
    ]);
  });

  it("a card hold let go of after a cancel is told as a payment change after the cancel", async () => {
    vi.stubEnv("STRIPE_CAPTURE", "manual");
    const { product, order, cursor } = await paidOrder();
    expect(brief(await eventsOf(cursor, `order:${order.id}`, `product:${product}`))).toEqual([["order.placed", null], ["inventory.updated", "sale"]]);
    const from = await mark();
    expect((await asAdmin("rest", admin, "cancelAdminOrder", { id: order.id })).status).toBe(200);
    expect(brief(await eventsOf(from, `order:${order.id}`, `product:${product}`))).toEqual([["order.updated", "cancel"], ["inventory.updated", "restock"], ["order.updated", "payment"]]);
  });
});
