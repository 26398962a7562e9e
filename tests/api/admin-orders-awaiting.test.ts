// The order list's `awaiting` filter: `invoice` lists exactly the orders whose `allowedEvents` include `pay`,
// `shipment` those whose `allowedEvents` include `ship`, paged and counted by the server. Orders are brought into
// their states through the Admin API's own actions (invoice, ship, refund, cancel, hold, …); a few states no action
// leads to are written straight to the database, and the filter must still agree with `allowedEvents` on them.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin, hiddenProduct, makeOrder, type OrderLine } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

/** This file's orders are all placed in this year, so other files' orders never mix in. */
const YEAR = { createdSince: "2093-01-01", createdUntil: "2093-12-31" };

let token: string;

type Kind = "simple" | "virtual" | "downloadable" | "bundle" | "configurable";
const products = {} as Record<Kind, number>;

/** A disabled product of this file's own of `type` (no stock is taken: the orders are written, not placed). */
async function productOf(type: Kind): Promise<number> {
  if (type === "simple") return (await hiddenProduct(10)).id;
  const db = await getDb();
  const sku = unique(`AWAIT-${type}`).toUpperCase();
  return (await db.product.create({ data: { sku, type, price: 10, status: false } })).id;
}

const line = (kind: Kind, qty: number, extra: Partial<OrderLine> = {}): OrderLine => ({ productId: products[kind], qty, price: 10, ...extra });

type Step =
  | { act: "invoice" | "ship" | "refund"; qty?: number[] }
  | { act: "cancel" | "hold" | "deliver" | "markFraud" | "fail" }
  | { write: (orderId: number, itemIds: number[]) => Promise<unknown> };

const PATH: Record<string, string> = {
  invoice: "invoices", ship: "shipments", refund: "refunds", cancel: "cancel", hold: "hold", deliver: "deliver", markFraud: "mark-fraud", fail: "fail",
};

interface Case {
  name: string;
  lines: OrderLine[];
  steps: Step[];
  status: string;
  invoice: boolean;
  shipment: boolean;
}

const bundleOf = (...types: string[]) => ({
  bundle: types.map((type, i) => ({ optionId: i + 1, label: `Part ${i + 1}`, optionProductId: i + 1, productId: products.simple, sku: `PART-${i}`, name: `Part ${i}`, type, qty: 1 })),
});

/** A processing order whose line `itemId` is given these quantities. */
async function written(orderId: number, itemId: number, qty: { qtyInvoiced: number; qtyShipped?: number; qtyCanceled: number }) {
  const db = await getDb();
  await db.orderItem.update({ where: { id: itemId }, data: qty });
  await db.order.update({ where: { id: orderId }, data: { status: "processing" } });
}

// Each state, and whether the order waits for an invoice and for a shipment (as its allowedEvents must say too).
const CASES: () => Case[] = () => [
  { name: "new", lines: [line("simple", 2)], steps: [], status: "pending", invoice: true, shipment: true },
  { name: "partly invoiced", lines: [line("simple", 3)], steps: [{ act: "invoice", qty: [1] }], status: "processing", invoice: true, shipment: true },
  { name: "fully invoiced", lines: [line("simple", 2)], steps: [{ act: "invoice" }], status: "processing", invoice: false, shipment: true },
  { name: "partly shipped", lines: [line("simple", 3)], steps: [{ act: "ship", qty: [1] }], status: "shipped", invoice: true, shipment: true },
  { name: "shipped, not invoiced", lines: [line("simple", 2)], steps: [{ act: "ship" }], status: "shipped", invoice: true, shipment: false },
  { name: "delivered, not invoiced", lines: [line("simple", 2)], steps: [{ act: "ship" }, { act: "deliver" }], status: "delivered", invoice: true, shipment: false },
  { name: "invoiced and shipped", lines: [line("simple", 2)], steps: [{ act: "invoice" }, { act: "ship" }], status: "completed", invoice: false, shipment: false },
  { name: "canceled", lines: [line("simple", 2)], steps: [{ act: "cancel" }], status: "canceled", invoice: false, shipment: false },
  { name: "on hold", lines: [line("simple", 2)], steps: [{ act: "hold" }], status: "on_hold", invoice: false, shipment: false },
  { name: "paid, on hold", lines: [line("simple", 2)], steps: [{ act: "invoice", qty: [1] }, { act: "hold" }], status: "on_hold", invoice: false, shipment: false },
  { name: "fraud", lines: [line("simple", 1)], steps: [{ act: "markFraud" }], status: "fraud", invoice: false, shipment: false },
  { name: "failed", lines: [line("simple", 1)], steps: [{ act: "fail" }], status: "failed", invoice: false, shipment: false },
  { name: "refunded in full", lines: [line("simple", 2)], steps: [{ act: "invoice" }, { act: "refund" }], status: "closed", invoice: false, shipment: false },
  { name: "virtual only", lines: [line("virtual", 1)], steps: [], status: "pending", invoice: true, shipment: false },
  { name: "downloadable, invoiced", lines: [line("downloadable", 1)], steps: [{ act: "invoice" }], status: "completed", invoice: false, shipment: false },
  { name: "virtual and simple, the simple shipped", lines: [line("simple", 1), line("virtual", 1)], steps: [{ act: "ship" }], status: "shipped", invoice: true, shipment: false },
  { name: "virtual and simple, both invoiced", lines: [line("simple", 1), line("virtual", 1)], steps: [{ act: "invoice" }], status: "processing", invoice: false, shipment: true },
  // Canceling an order with paid units cancels the rest and keeps it processing: its paid unit is still to ship.
  { name: "partly invoiced, the rest canceled", lines: [line("simple", 3)], steps: [{ act: "invoice", qty: [1] }, { act: "cancel" }], status: "processing", invoice: false, shipment: true },
  // A unit refunded before it is shipped is no longer to ship; one refunded after, neither.
  { name: "paid, one of three refunded before shipping", lines: [line("simple", 3)], steps: [{ act: "invoice" }, { act: "refund", qty: [1] }], status: "processing", invoice: false, shipment: true },
  { name: "paid, two shipped, one refunded", lines: [line("simple", 3)], steps: [{ act: "invoice" }, { act: "ship", qty: [2] }, { act: "refund", qty: [1] }], status: "shipped", invoice: false, shipment: false },
  { name: "paid, one shipped, one refunded", lines: [line("simple", 3)], steps: [{ act: "invoice" }, { act: "ship", qty: [1] }, { act: "refund", qty: [1] }], status: "shipped", invoice: false, shipment: true },
  {
    name: "card payment still on its way",
    lines: [line("simple", 1)],
    steps: [{ write: async (orderId) => (await getDb()).paymentTransaction.create({ data: { orderId, provider: "stripe", kind: "capture", status: "pending", amount: "10", currencyCode: "USD", offline: false } }) }],
    status: "pending", invoice: false, shipment: true,
  },
  {
    name: "a booked offline capture does not stop an invoice",
    lines: [line("simple", 1)],
    steps: [{ write: async (orderId) => (await getDb()).paymentTransaction.create({ data: { orderId, provider: "cashondelivery", kind: "capture", status: "pending", amount: "10", currencyCode: "USD", offline: true } }) }],
    status: "pending", invoice: true, shipment: true,
  },
  {
    name: "bundle with a simple product",
    lines: [line("bundle", 1)],
    steps: [{ write: (_, [id]) => getDb().then((db) => db.orderItem.update({ where: { id }, data: { additional: bundleOf("virtual", "simple") } })) }],
    status: "pending", invoice: true, shipment: true,
  },
  {
    name: "bundle of virtual products",
    lines: [line("bundle", 1)],
    steps: [{ write: (_, [id]) => getDb().then((db) => db.orderItem.update({ where: { id }, data: { additional: bundleOf("virtual", "downloadable") } })) }],
    status: "pending", invoice: true, shipment: false,
  },
  { name: "bundle with a simple product, shipped", lines: [line("bundle", 1)], steps: [{ write: (_, [id]) => getDb().then((db) => db.orderItem.update({ where: { id }, data: { additional: bundleOf("simple") } })) }, { act: "ship" }], status: "shipped", invoice: true, shipment: false },
  { name: "configurable, shipped", lines: [line("configurable", 2), line("simple", 2, { child: true })], steps: [{ act: "ship" }], status: "shipped", invoice: true, shipment: false },
  // Written: only the top line counts, whatever its variant line says.
  {
    name: "configurable whose variant line lags",
    lines: [line("configurable", 2), line("simple", 2, { child: true })],
    steps: [{ write: (_, [parent]) => getDb().then((db) => db.orderItem.update({ where: { id: parent }, data: { qtyInvoiced: 2 } })) }],
    status: "pending", invoice: false, shipment: true,
  },
  // Written: units canceled and still some to invoice, which the actions never leave on an open order.
  {
    name: "processing, a unit canceled and one left to invoice",
    lines: [line("simple", 3)],
    steps: [{ write: (orderId, [id]) => written(orderId, id, { qtyInvoiced: 1, qtyCanceled: 1 }) }],
    status: "processing", invoice: true, shipment: true,
  },
  {
    name: "processing, canceled and shipped all but invoiced ones",
    lines: [line("simple", 3)],
    steps: [{ write: (orderId, [id]) => written(orderId, id, { qtyInvoiced: 2, qtyShipped: 2, qtyCanceled: 1 }) }],
    status: "processing", invoice: false, shipment: false,
  },
];

const made: { name: string; id: number; expected: Case }[] = [];

/** A step on the order: an action on its top lines (`qty` per line, in order; all that is left without), or a write. */
async function act(orderId: number, itemIds: number[], top: number[], step: Step) {
  if ("write" in step) return void (await step.write(orderId, itemIds));
  const items = "qty" in step && step.qty ? { items: step.qty.map((qty, i) => ({ orderItemId: top[i], qty })) } : {};
  const body = step.act === "ship" ? { carrierTitle: "UPS", trackNumber: "1Z999", ...items } : items;
  const res = await adminCall(token, "POST", `/api/admin/sales/orders/${orderId}/${PATH[step.act]}`, body);
  expect(res.status, `${step.act} on order ${orderId}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

beforeAll(async () => {
  token = await adminToken();
  for (const kind of ["simple", "virtual", "downloadable", "bundle", "configurable"] as const) products[kind] = await productOf(kind);
  let day = 0;
  for (const c of CASES()) {
    const createdAt = new Date(Date.UTC(2093, 0, 1 + day++, 12));
    const order = await makeOrder({ lines: c.lines, createdAt });
    const top = order.itemIds.filter((_, i) => !c.lines[i].child);
    for (const step of c.steps) await act(order.id, order.itemIds, top, step);
    made.push({ name: c.name, id: order.id, expected: c });
  }
});

const idsOf = (via: string, res: { data: any }) =>
  ((via === "rest" ? res.data.data : res.data) as { id: unknown; _id?: number }[]).map((r) => (typeof r.id === "number" ? r.id : r._id) as number);

describe("the orders this file makes", () => {
  it("are in the states they are meant to be, and allowedEvents says what each waits for", async () => {
    for (const m of made) {
      const res = await adminCall(token, "GET", `/api/admin/sales/orders/${m.id}`);
      const events = res.body.allowedEvents as string[];
      expect({ name: m.name, status: res.body.status, pay: events.includes("pay"), ship: events.includes("ship") }).toEqual({
        name: m.name, status: m.expected.status, pay: m.expected.invoice, ship: m.expected.shipment,
      });
    }
  });
});

describe.each(VIAS)("awaiting over %s", (via) => {
  const list = (filters: Record<string, unknown>, paging: { perPage?: number; page?: number } = { perPage: 50 }) =>
    asAdmin(via, token, "adminOrders", { ...YEAR, ...filters }, paging);

  it("lists exactly the orders whose allowedEvents include the move, with their total", async () => {
    const all = await list({});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const rows = (via === "rest" ? all.data.data : all.data) as { id: number; _id?: number; allowedEvents: string[] }[];
    expect(rows).toHaveLength(made.length);
    for (const [awaiting, event] of [["invoice", "pay"], ["shipment", "ship"]] as const) {
      const expected = rows.filter((o) => o.allowedEvents.includes(event)).map((o) => (typeof o.id === "number" ? o.id : o._id!));
      const res = await list({ awaiting, sort: "id" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(idsOf(via, res), awaiting).toEqual(expected.sort((a, b) => a - b));
      expect(via === "rest" ? res.data.meta.total : res.total).toBe(expected.length);
      // The fixture's own expectations name the same orders, so neither side is vacuous.
      const named = made.filter((m) => (awaiting === "invoice" ? m.expected.invoice : m.expected.shipment)).map((m) => m.name);
      expect(made.filter((m) => expected.includes(m.id)).map((m) => m.name), awaiting).toEqual(named);
    }
  });

  it("pages on the server, newest first, with the total of every page", async () => {
    const waiting = made.filter((m) => m.expected.shipment).map((m) => m.id).sort((a, b) => b - a);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(waiting.length / 5); page++) {
      const res = await list({ awaiting: "shipment", sort: "-id" }, { perPage: 5, page });
      expect(res.status).toBe(200);
      expect(via === "rest" ? res.data.meta.total : res.total).toBe(waiting.length);
      if (via === "rest") expect(res.data.meta).toMatchObject({ currentPage: page, perPage: 5, lastPage: Math.ceil(waiting.length / 5) });
      seen.push(...idsOf(via, res));
    }
    expect(seen).toEqual(waiting);
  });

  it("combines with the other filters", async () => {
    const processing = made.filter((m) => m.expected.shipment && m.expected.status === "processing").map((m) => m.id).sort((a, b) => a - b);
    const res = await list({ awaiting: "shipment", status: "processing", sort: "id" });
    expect(idsOf(via, res)).toEqual(processing);
    const one = made.find((m) => m.name === "paid, one of three refunded before shipping")!;
    const order = await adminCall(token, "GET", `/api/admin/sales/orders/${one.id}`);
    expect(idsOf(via, await list({ awaiting: "shipment", q: order.body.incrementId }))).toEqual([one.id]);
    expect(idsOf(via, await list({ awaiting: "invoice", q: order.body.incrementId }))).toEqual([]);
    // A status the move never starts from leaves nothing.
    expect(idsOf(via, await list({ awaiting: "invoice", status: "on_hold" }))).toEqual([]);
  });

  it("refuses a value it does not know with a 422 naming the field, and a role without orders with a 403", async () => {
    for (const bad of ["invoices", "ship", "pay", ""]) {
      const res = await asAdmin(via, token, "adminOrders", { awaiting: bad });
      expect(res.status, `awaiting=${bad}`).toBe(422);
      expect(Object.keys(res.fields), `awaiting=${bad}`).toEqual(["awaiting"]);
      expect(res.fields.awaiting.join(" ")).toMatch(/must be one of invoice, shipment/);
    }
    const outsider = await adminToken({ role: ["catalog.products.view"] });
    expect((await asAdmin(via, outsider, "adminOrders", { awaiting: "invoice" })).status).toBe(403);
  });
});

describe("awaiting on REST", () => {
  it("is read from the query string and named in a 422", async () => {
    const ok = await adminCall(token, "GET", `/api/admin/sales/orders?created_since=${YEAR.createdSince}&created_until=${YEAR.createdUntil}&awaiting=invoice&per_page=1`);
    expect(ok.status).toBe(200);
    expect(ok.body.meta.total).toBe(made.filter((m) => m.expected.invoice).length);
    expect(ok.body.data).toHaveLength(1);
    const bad = await adminCall(token, "GET", "/api/admin/sales/orders?awaiting=everything");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ awaiting: [expect.stringMatching(/must be one of invoice, shipment/)] });
  });
});
