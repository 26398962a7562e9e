// The change feed as a connector lives it (issue 33, "Done when"): a receiver subscribed to orders and stock, which
// fails twice first, gets every event of a shopper's order, its shipment and a stock change in the back office, once
// each, in order, each with a valid Standard Webhooks signature; the event log read from a cursor stored before gives
// the same events. Two instances on PostgreSQL: tests/prod/scale-out.prod.ts.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { call, storefrontKey } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { freshProduct, guestCartWith, readyToPlace } from "../support/checkout.ts";
import { webhookReceiver, type Receiver } from "../support/webhook-receiver.ts";
import { deliverWebhooks } from "../../lib/events/webhooks.ts";
import { getDb } from "../../lib/db/client.ts";

let receiver: Receiver;
let token: string;
beforeAll(async () => {
  receiver = await webhookReceiver();
  token = await adminToken({ role: ["settings.webhooks.create", "settings.webhooks.view", "settings.events.view", "sales.orders.view", "sales.shipments.create", "catalog.inventory.edit", "catalog.inventory.view"] });
});
afterAll(() => receiver.close());

/** Reads the log from `after` to its end, of `types`, as a connector does. */
async function readLog(after: string | undefined, types: string) {
  const events: { id: number; type: string; subject: string; data: Record<string, unknown> }[] = [];
  let cursor = after;
  for (;;) {
    const page = await asAdmin("rest", token, "adminEvents", { ...(cursor ? { after: cursor } : {}), types, limit: 200 });
    expect(page.status, JSON.stringify(page.raw)).toBe(200);
    events.push(...page.data.data);
    cursor = page.data.cursor;
    if (!page.data.hasMore) return { events, cursor: cursor! };
  }
}

it("a subscriber and a reader of the log each get every order and stock event once, in order, signed", async () => {
  vi.stubEnv("OUTBOUND_ALLOWED_NETWORKS", "127.0.0.1/32");
  const types = "order.*,inventory.*";
  const stored = (await readLog(undefined, types)).cursor;
  const made = await asAdmin("rest", token, "createAdminWebhook", { url: receiver.url, types: types.split(",") });
  expect(made.status, JSON.stringify(made.raw)).toBe(201);
  receiver.secret = made.data.secret;
  const sub = made.data.id as number;
  const start = receiver.got.length;
  receiver.answer = (n) => (n - start < 2 ? 500 : 200);

  // A shopper buys 2 of 10; the back office ships the order and sets the stock to 20.
  const productId = await freshProduct({ qty: 10 });
  const key = await storefrontKey();
  const cart = await guestCartWith(key, [{ productId, quantity: 2 }]);
  await readyToPlace(key, cart);
  const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: cart });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderId = (await (await getDb()).order.findFirstOrThrow({ where: { items: { some: { productId } } } })).id;
  const shipped = await asAdmin("rest", token, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z1" });
  expect(shipped.status, JSON.stringify(shipped.raw)).toBe(201);
  const inventory = await (await getDb()).productInventory.findUniqueOrThrow({ where: { productId_channelId: { productId, channelId: 1 } } });
  const restocked = await asAdmin("rest", token, "updateAdminInventory", { id: inventory.id, qty: 20 });
  expect(restocked.status, JSON.stringify(restocked.raw)).toBe(200);

  // Rounds of the delivery job, as time passes: the first try fails, the retry 5 s later fails, the next succeeds
  // (and goes on, a round at a time, while other test files write events too).
  const mine = new Set([`order:${orderId}`, `product:${productId}`]);
  const subjectOf = (type: string, data: Record<string, unknown>) => (type.startsWith("inventory.") ? `product:${Number(data.productId)}` : `order:${Number(data.id)}`);
  const received = () => receiver.got.slice(start).filter((g) => mine.has(subjectOf(g.body.type, g.body.data)));
  const delivered = () => received().filter((g) => g.answered === 200);
  let t = Date.now();
  for (let round = 0; round < 20 && delivered().length < 4; round++) {
    await deliverWebhooks(new Date(t), [sub]);
    const row = await (await getDb()).webhookSubscription.findUniqueOrThrow({ where: { id: sub } });
    if (row.retryAt) t = row.retryAt.getTime();
  }
  expect(receiver.got.slice(start, start + 3).map((g) => g.answered)).toEqual([500, 500, 200]);
  expect(receiver.got[start].id).toBe(receiver.got[start + 2].id);
  expect(delivered().map((g) => g.body.type)).toEqual(["order.placed", "inventory.updated", "order.updated", "inventory.updated"]);
  expect(received().every((g) => g.verified)).toBe(true);
  expect(new Set(delivered().map((g) => g.id)).size).toBe(4);
  const [order, sale, shipment, stock] = delivered().map((g) => g.body.data);
  expect(order).toMatchObject({ id: orderId, status: "pending", customerId: null, channelId: 1 });
  expect(sale).toMatchObject({ productId, channelId: 1, oldQty: 10, newQty: 8, reason: "sale" });
  expect(shipment).toMatchObject({ id: orderId, change: "shipment", recordId: expect.any(Number) });
  expect(stock).toMatchObject({ id: inventory.id, productId, oldQty: 8, newQty: 20, reason: "admin" });

  // The log from the cursor stored before gives the same events, in the same order.
  const logged = (await readLog(stored, types)).events.filter((e) => mine.has(e.subject));
  expect(logged.map((e) => e.id)).toEqual(delivered().map((g) => g.body.eventId));
  expect(logged.map((e) => e.data)).toEqual(delivered().map((g) => g.body.data));
  vi.unstubAllEnvs();
});
