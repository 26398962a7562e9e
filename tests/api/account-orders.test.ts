// The customer's orders on REST and GraphQL: list (paging, sort, status), detail, cancel (state machine, stock
// released) and reorder (lines into the cart, unavailable ones reported), each only for the caller's own orders.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { placeTestOrder, stockOf, testProduct } from "../support/orders.ts";
import { createCancelOrder, createReorderOrder, customerOrder, customerOrders } from "../../lib/orders/customer-operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const day = (n: number) => new Date(Date.UTC(2024, 0, n));

/** A customer with three orders of different totals, ages and statuses. */
async function shopper() {
  const me = await customer(key);
  const cheap = await testProduct({ price: "10" });
  const dear = await testProduct({ price: "100" });
  const a = await placeTestOrder({ customer: me, lines: [{ productId: cheap.id, qty: 1 }], createdAt: day(1) });
  const b = await placeTestOrder({ customer: me, lines: [{ productId: dear.id, qty: 2 }], createdAt: day(3), status: "completed" });
  const c = await placeTestOrder({ customer: me, lines: [{ productId: cheap.id, qty: 3 }], createdAt: day(2), status: "processing" });
  return { me, auth: { key, bearer: me.token }, orders: { a, b, c } };
}

describe.each(VIAS)("customer orders over %s", (via) => {
  it("lists the caller's orders newest first with SPEC.md's row fields", async () => {
    const { me, auth, orders } = await shopper();
    const stranger = await customer(key);
    await placeTestOrder({ customer: stranger, lines: [{ productId: (await testProduct()).id, qty: 1 }] });
    const res = await invoke(via, customerOrders, {}, auth);
    const rows = must(res);
    expect(res.total).toBe(3);
    expect(rows.map((r: { id: number }) => r.id)).toEqual([orders.b.id, orders.c.id, orders.a.id]);
    expect(rows[0]).toMatchObject({
      incrementId: orders.b.incrementId,
      status: "completed",
      grandTotal: 205,
      formattedGrandTotal: "$205.00",
      itemsCount: 1,
      totalQtyOrdered: 2,
      shippingStatus: null,
      customerEmail: me.email,
      orderCurrencyCode: "USD",
    });
    expect(rows[0].createdAt).toBe(day(3).toISOString());
    expect(typeof rows[0].updatedAt).toBe("string");
  });

  it.each([
    [{ sort: "grandTotal" }, ["a", "c", "b"]],
    [{ sort: "-grandTotal" }, ["b", "c", "a"]],
    [{ sort: "createdAt" }, ["a", "c", "b"]],
    [{ status: "processing" }, ["c"]],
    [{ status: "canceled" }, []],
  ] as const)("narrows and sorts with %o", async (input, expected) => {
    const { auth, orders } = await shopper();
    const rows = must(await invoke(via, customerOrders, { ...input }, auth));
    expect(rows.map((r: { id: number }) => r.id)).toEqual(expected.map((k) => orders[k].id));
  });

  it.each([
    [{ sort: "price" }, "sort"],
    [{ sort: "-total" }, "sort"],
    [{ status: "lost" }, "status"],
  ])("refuses %o with 422", async (input, field) => {
    const { auth } = await shopper();
    const res = await invoke(via, customerOrders, input, auth);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toContain(field);
  });

  it("shows the detail of the caller's own order", async () => {
    const { me, auth, orders } = await shopper();
    const body = must(await invoke(via, customerOrder, { id: orders.b.id }, auth));
    expect(body).toMatchObject({ id: orders.b.id, incrementId: orders.b.incrementId, status: "completed", canCancel: false, canReorder: true, customerEmail: me.email });
    expect(body.items).toEqual([expect.objectContaining({ id: orders.b.items[0].id, qtyOrdered: 2, qtyCanceled: 0, price: 100, total: 200, formattedTotal: "$200.00" })]);
    expect(body.addresses.map((a: { addressType: string }) => a.addressType).sort()).toEqual(["order_billing", "order_shipping"]);
    expect(body.payment).toMatchObject({ method: "cashondelivery", methodTitle: "Cash On Delivery" });
    expect(body.shipments).toEqual([]);
    expect(must(await invoke(via, customerOrder, { id: orders.a.id }, auth)).canCancel).toBe(true);
  });

  it("answers 404 for another customer's order and for one that does not exist", async () => {
    const { orders } = await shopper();
    const stranger = await customer(key);
    const auth = { key, bearer: stranger.token };
    expect((await invoke(via, customerOrder, { id: orders.a.id }, auth)).status).toBe(404);
    expect((await invoke(via, customerOrder, { id: 987654321 }, auth)).status).toBe(404);
    expect((await invoke(via, createCancelOrder, { id: orders.a.id }, auth)).status).toBe(404);
    expect((await invoke(via, createReorderOrder, { id: orders.a.id }, auth)).status).toBe(404);
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { id: orders.a.id } });
    expect(order.status).toBe("pending");
    expect(await (await getDb()).cart.count({ where: { customerId: stranger.id } })).toBe(0);
  });

  it("cancels a pending order and puts its units back in stock", async () => {
    const me = await customer(key);
    const product = await testProduct({ qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 3 }] });
    expect(await stockOf(product.id)).toBe(7);
    const body = must(await invoke(via, createCancelOrder, { id: order.id }, { key, bearer: me.token }));
    expect(body).toMatchObject({ id: order.id, status: "canceled", canCancel: false, success: true });
    expect(body.items[0]).toMatchObject({ qtyOrdered: 3, qtyCanceled: 3 });
    expect(await stockOf(product.id)).toBe(10);
    expect((await (await getDb()).order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("canceled");
  });

  it("cancels only the units not shipped yet", async () => {
    const me = await customer(key);
    const product = await testProduct({ qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 3 }], status: "processing" });
    await (await getDb()).orderItem.update({ where: { id: order.items[0].id }, data: { qtyShipped: 1 } });
    const body = must(await invoke(via, createCancelOrder, { id: order.id }, { key, bearer: me.token }));
    expect(body.items[0]).toMatchObject({ qtyShipped: 1, qtyCanceled: 2 });
    expect(await stockOf(product.id)).toBe(9);
  });

  it.each(["completed", "canceled", "closed", "shipped", "delivered", "fraud", "failed"])("refuses to cancel a %s order with 409", async (status) => {
    const me = await customer(key);
    const product = await testProduct({ qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 2 }], status });
    const res = await invoke(via, createCancelOrder, { id: order.id }, { key, bearer: me.token });
    expect(res.status).toBe(409);
    expect(await stockOf(product.id)).toBe(8);
    const row = await (await getDb()).order.findUniqueOrThrow({ where: { id: order.id }, include: { items: true } });
    expect(row.status).toBe(status);
    expect(row.items[0].qtyCanceled).toBe(0);
  });

  it("stops the downloads of a canceled order", async () => {
    const me = await customer(key);
    const product = await testProduct({ type: "downloadable", links: [{ downloads: 3 }] });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }] });
    must(await invoke(via, createCancelOrder, { id: order.id }, { key, bearer: me.token }));
    const purchase = await (await getDb()).downloadablePurchase.findFirstOrThrow({ where: { orderId: order.id } });
    expect(purchase).toMatchObject({ status: "expired", downloadCanceled: 3 });
  });

  it("reorders: available lines go into the cart, the others are reported", async () => {
    const me = await customer(key);
    const kept = await testProduct({ qty: 10, price: "12" });
    const gone = await testProduct({ qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: kept.id, qty: 2 }, { productId: gone.id, qty: 1 }] });
    await (await getDb()).product.update({ where: { id: gone.id }, data: { status: false } });
    const body = must(await invoke(via, createReorderOrder, { id: order.id }, { key, bearer: me.token }));
    expect(body.success).toBe(true);
    expect(body.added).toEqual([{ orderItemId: order.items[0].id, productId: kept.id, name: order.items[0].name, quantity: 2 }]);
    expect(body.notAdded).toEqual([expect.objectContaining({ orderItemId: order.items[1].id, productId: gone.id, quantity: 1, reason: expect.any(String) })]);
    const cart = await (await getDb()).cart.findUniqueOrThrow({ where: { id: body.cartId }, include: { items: true } });
    expect(cart.customerId).toBe(me.id);
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([[kept.id, 2]]);
  });

  it("reorders nothing when no line is available, and says so", async () => {
    const me = await customer(key);
    const product = await testProduct({ qty: 1 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }] });
    const body = must(await invoke(via, createReorderOrder, { id: order.id }, { key, bearer: me.token }));
    expect(body).toMatchObject({ success: false, added: [] });
    expect(body.notAdded[0].reason).toMatch(/stock/i);
  });

  it("needs a customer", async () => {
    expect((await invoke(via, customerOrders, {}, { key })).status).toBe(401);
  });
});

describe("order cancel under concurrency", () => {
  it("releases the stock once when cancels race", async () => {
    const me = await customer(key);
    const product = await testProduct({ qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 4 }] });
    const answers = await Promise.all([1, 2, 3].map(() => invoke("rest", createCancelOrder, { id: order.id }, { key, bearer: me.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(product.id)).toBe(10);
  });
});

describe("customer orders: REST paging and GraphQL lookups", () => {
  it("pages with `limit` (default 10, at most 100) and answers paging headers", async () => {
    const { auth, orders } = await shopper();
    const res = await call("GET", "/api/shop/customer-orders?limit=1&page=2&sort=-createdAt", undefined, auth);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([orders.c.id]);
    expect(Object.fromEntries(["X-Total-Count", "X-Page", "X-Per-Page", "X-Total-Pages"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "X-Total-Count": "3",
      "X-Page": "2",
      "X-Per-Page": "1",
      "X-Total-Pages": "3",
    });
    const clamped = await call("GET", "/api/shop/customer-orders?limit=500", undefined, auth);
    expect(clamped.headers.get("X-Total-Pages")).toBe("1");
    expect((await call("GET", "/api/shop/customer-orders?page=9", undefined, auth)).body).toEqual([]);
    expect((await call("GET", "/api/shop/customer-orders?sort=grand_total", undefined, auth)).status).toBe(200);
  });

  it("finds an order by IRI, sorts with sortKey/reverse and filters with the JSON filter", async () => {
    const { auth, orders } = await shopper();
    const gql = (query: string) => call("POST", "/api/graphql", { query }, auth);
    const one = await gql(`{ customerOrder(id: "/api/shop/customer-orders/${orders.c.id}") { id _id incrementId items { totalCount edges { node { qtyOrdered } } } } }`);
    expect(one.body.data.customerOrder).toMatchObject({ id: `/api/shop/customer-orders/${orders.c.id}`, _id: orders.c.id, items: { totalCount: 1 } });
    const sorted = await gql(`{ customerOrders(sortKey: "GRAND_TOTAL", reverse: true) { totalCount edges { node { _id } } } }`);
    expect(sorted.body.data.customerOrders.edges.map((e: { node: { _id: number } }) => e.node._id)).toEqual([orders.b.id, orders.c.id, orders.a.id]);
    const filtered = await gql(`{ customerOrders(filter: "{\\"status\\":\\"completed\\"}") { totalCount edges { node { _id status } } } }`);
    expect(filtered.body.data.customerOrders.totalCount).toBe(1);
    const bad = await gql(`{ customerOrders(filter: "not json") { totalCount } }`);
    expect(bad.body.errors[0].extensions.status).toBe(400);
  });
});
