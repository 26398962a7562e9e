// The documents of a customer's orders (invoices, their PDF, shipments), the order's invoiced and refunded totals,
// and the single reads of reviews and compare entries, with the family's wishlist mutations. Each read is scoped
// to the caller: another customer's record answers 404 on both transports, exactly like a missing one.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** A customer with one order of two units, invoiced (paid) and shipped, as the back office records them. */
async function invoicedBuyer() {
  const db = await getDb();
  const me = await customer(key);
  const product = await testProduct({ price: "20", qty: 10 });
  const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 2 }], status: "processing" });
  const line = await db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
  const invoice = await db.invoice.create({
    data: {
      orderId: order.id,
      incrementId: `INV-${order.incrementId}`,
      state: "paid",
      totalQty: 2,
      subTotal: "40",
      baseSubTotal: "40",
      shippingAmount: "5",
      grandTotal: "45",
      baseGrandTotal: "45",
      items: { create: [{ orderItemId: line.id, qty: 2, price: "20", total: "40" }] },
    },
  });
  await db.order.update({ where: { id: order.id }, data: { grandTotalInvoiced: "45", shippingStatus: "shipped" } });
  const shipment = await db.shipment.create({
    data: { orderId: order.id, carrierCode: "flatrate", carrierTitle: "Flat Rate", trackNumber: `TRK-${order.id}`, totalQty: 2, items: { create: [{ orderItemId: line.id, qty: 2 }] } },
  });
  return { me, auth: { key, bearer: me.token }, product, order, line, invoice, shipment };
}

describe.each(VIAS)("customer invoices over %s", (via) => {
  it("lists the caller's invoices with their lines, and only theirs", async () => {
    const a = await invoicedBuyer();
    const b = await invoicedBuyer();
    const res = await invoke(via, "customerInvoices", {}, a.auth);
    expect(res.total).toBe(1);
    const [inv] = must(res);
    expect(inv).toMatchObject({
      id: a.invoice.id,
      orderId: a.order.id,
      incrementId: a.invoice.incrementId,
      state: "paid",
      totalQty: 2,
      subTotal: 40,
      shippingAmount: 5,
      grandTotal: 45,
      baseGrandTotal: 45,
      baseShippingAmount: 5,
      orderCurrencyCode: "USD",
      order: `/api/shop/customer-orders/${a.order.id}`,
      downloadUrl: expect.stringMatching(new RegExp(`/api/shop/customer-invoices/${a.invoice.id}/pdf$`)),
    });
    expect(inv.items).toEqual([expect.objectContaining({ invoiceId: a.invoice.id, orderItemId: a.line.id, sku: a.product.sku, qty: 2, price: 20, total: 40 })]);
    // Another customer's order narrows the caller's list to nothing; it never reveals B's invoice.
    expect(must(await invoke(via, "customerInvoices", { orderId: b.order.id }, a.auth))).toEqual([]);
    expect(must(await invoke(via, "customerInvoices", { orderId: a.order.id }, a.auth)).map((i: { id: number }) => i.id)).toEqual([a.invoice.id]);
    expect(must(await invoke(via, "customerInvoices", { state: "pending" }, a.auth))).toEqual([]);
  });

  it("refuses an unknown state with 422 and a guest with 401", async () => {
    const a = await invoicedBuyer();
    const bad = await invoke(via, "customerInvoices", { state: "lost" }, a.auth);
    expect(bad.status).toBe(422);
    expect(bad.fields.state?.[0]).toMatch(/pending, paid, refunded/);
    expect((await invoke(via, "customerInvoices", {}, { key })).status).toBe(401);
  });

  it("reads one invoice of the caller; another customer's is 404", async () => {
    const a = await invoicedBuyer();
    const b = await invoicedBuyer();
    expect(must(await invoke(via, "customerInvoice", { id: a.invoice.id }, a.auth))).toMatchObject({ id: a.invoice.id, grandTotal: 45, items: [expect.objectContaining({ qty: 2 })] });
    const other = await invoke(via, "customerInvoice", { id: b.invoice.id }, a.auth);
    expect(other.status).toBe(404);
    expect(other.message).toMatch(/invoice/i);
  });
});

describe("invoice PDF (REST)", () => {
  it("sends the caller's invoice as a PDF attachment naming its number and lines", async () => {
    const a = await invoicedBuyer();
    const res = await call("GET", `/api/shop/customer-invoices/${a.invoice.id}/pdf`, undefined, a.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain(`invoice-${a.invoice.id}.pdf`);
    const text = typeof res.body === "string" ? res.body : new TextDecoder("latin1").decode(res.body as ArrayBuffer);
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(text).toContain(`Invoice ${a.invoice.incrementId}`);
    expect(text).toContain(a.product.sku);
    // The cross-reference table points at each object exactly.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(text.slice(o).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
  });

  it("answers 404 for another customer's invoice and 401 without a bearer", async () => {
    const a = await invoicedBuyer();
    const b = await invoicedBuyer();
    expect((await call("GET", `/api/shop/customer-invoices/${b.invoice.id}/pdf`, undefined, a.auth)).status).toBe(404);
    expect((await call("GET", `/api/shop/customer-invoices/${a.invoice.id}/pdf`, undefined, { key })).status).toBe(401);
  });
});

describe.each(VIAS)("customer shipments and order totals over %s", (via) => {
  it("lists and reads the caller's shipments; another customer's is 404", async () => {
    const a = await invoicedBuyer();
    const b = await invoicedBuyer();
    const list = await invoke(via, "customerOrderShipments", { orderId: a.order.id }, a.auth);
    expect(list.total).toBe(1);
    const expected = {
      id: a.shipment.id,
      orderId: a.order.id,
      status: "shipped",
      shippingNumber: String(a.shipment.id),
      carrierCode: "flatrate",
      trackNumber: `TRK-${a.order.id}`,
      totalQty: 2,
      items: [expect.objectContaining({ orderItemId: a.line.id, sku: a.product.sku, qty: 2 })],
    };
    expect(must(list)[0]).toMatchObject(expected);
    expect(must(await invoke(via, "customerOrderShipments", {}, a.auth)).map((s: { id: number }) => s.id)).toEqual([a.shipment.id]);
    expect(must(await invoke(via, "customerOrderShipment", { id: a.shipment.id }, a.auth))).toMatchObject(expected);
    expect((await invoke(via, "customerOrderShipment", { id: b.shipment.id }, a.auth)).status).toBe(404);
  });

  it("the order detail carries the invoiced and refunded totals and its shipments", async () => {
    const a = await invoicedBuyer();
    const detail = must(await invoke(via, "customerOrder", { id: a.order.id }, a.auth));
    expect(detail).toMatchObject({ grandTotalInvoiced: 45, grandTotalRefunded: 0, baseShippingAmount: 5, channelCurrencyCode: "USD" });
    expect(detail.shipments).toEqual([expect.objectContaining({ id: a.shipment.id, status: "shipped", trackNumber: `TRK-${a.order.id}` })]);
  });

  it("cancel takes the family's orderId as well as id, and needs one of them", async () => {
    const me = await customer(key);
    const product = await testProduct({ qty: 5 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }] });
    const auth = { key, bearer: me.token };
    const none = await invoke(via, "createCancelOrder", via === "rest" ? { id: "x" } : {}, auth);
    expect(none.status).toBe(422);
    expect((await (await getDb()).order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("pending");
    const input = via === "rest" ? { id: order.id } : { orderId: order.id };
    expect(must(await invoke(via, "createCancelOrder", input, auth))).toMatchObject({ id: order.id, orderId: order.id, status: "canceled" });
    expect((await (await getDb()).order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("canceled");
  });
});

describe.each(VIAS)("single reviews and compare entries over %s", (via) => {
  it("reads one downloadable purchase with its file name and order; another customer's is 404", async () => {
    const db = await getDb();
    const [a, b] = [await customer(key), await customer(key)];
    const product = await testProduct({ type: "downloadable", links: [{ downloads: 3, filePath: "downloadable/family/manual-v2.pdf" }] });
    const mine = await placeTestOrder({ customer: a, lines: [{ productId: product.id, qty: 1 }] });
    const theirs = await placeTestOrder({ customer: b, lines: [{ productId: product.id, qty: 1 }] });
    const [p1, p2] = await Promise.all([mine, theirs].map((o) => db.downloadablePurchase.findFirstOrThrow({ where: { orderId: o.id } })));
    expect(must(await invoke(via, "customerDownloadableProduct", { id: p1.id }, { key, bearer: a.token }))).toMatchObject({
      id: p1.id,
      fileName: "manual-v2.pdf",
      order: { id: mine.id, incrementId: mine.incrementId, status: mine.status, grandTotal: Number(mine.grandTotal) },
      downloadBought: 3,
    });
    expect((await invoke(via, "customerDownloadableProduct", { id: p2.id }, { key, bearer: a.token })).status).toBe(404);
  });


  it("reads the caller's own review with its product; another customer's is 404", async () => {
    const db = await getDb();
    const [a, b] = [await customer(key), await customer(key)];
    const product = await testProduct();
    const review = (who: { id: number }) =>
      db.productReview.create({ data: { productId: product.id, customerId: who.id, name: "R", title: "Fine", comment: "Works.", rating: 4, status: "pending", channelId: 1 } });
    const [mine, theirs] = [await review(a), await review(b)];
    expect(must(await invoke(via, "customerReview", { id: mine.id }, { key, bearer: a.token }))).toMatchObject({
      id: mine.id,
      status: "pending",
      rating: 4,
      product: { id: product.id, sku: product.sku, type: "simple" },
      customer: { id: a.id },
    });
    expect((await invoke(via, "customerReview", { id: theirs.id }, { key, bearer: a.token })).status).toBe(404);
  });

  it("reads a compare entry with its owner; another's is 404; deleting one names its product", async () => {
    const db = await getDb();
    const [a, b] = [await customer(key), await customer(key)];
    const product = await testProduct();
    const mine = await db.compareItem.create({ data: { customerId: a.id, productId: product.id } });
    const theirs = await db.compareItem.create({ data: { customerId: b.id, productId: product.id } });
    const auth = { key, bearer: a.token };
    expect(must(await invoke(via, "compareItem", { id: mine.id }, auth))).toMatchObject({
      id: mine.id,
      productId: product.id,
      product: { id: product.id, sku: product.sku },
      customer: { id: a.id, email: a.email },
      createdAt: mine.createdAt.toISOString(),
      updatedAt: mine.createdAt.toISOString(),
    });
    expect((await invoke(via, "compareItem", { id: theirs.id }, auth)).status).toBe(404);
    expect(must(await invoke(via, "deleteCompareItem", { id: mine.id }, auth))).toMatchObject({ id: mine.id, success: true, product: { id: product.id, sku: product.sku } });
    expect(await db.compareItem.findUnique({ where: { id: mine.id } })).toBeNull();
    expect(await db.compareItem.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });
});

describe("wishlist mutations of the family (GraphQL; delete-all on REST too)", () => {
  it("createWishlist adds once, with its owner and channel; the same product again is 422", async () => {
    const db = await getDb();
    const me = await customer(key);
    const product = await testProduct();
    const auth = { key, bearer: me.token };
    const added = must(await invoke("graphql", "createWishlist", { productId: product.id }, auth));
    expect(added).toMatchObject({ productId: product.id, customer: { id: me.id, email: me.email }, channel: { id: 1, code: "default", translation: { locale: "en" } } });
    const channelTexts = await db.channelTranslation.findMany({ where: { channelId: 1, locale: "en" } });
    expect(added.channel.translation.name).toBe(channelTexts[0]?.name ?? added.channel.name);
    expect(await db.wishlistItem.count({ where: { customerId: me.id, productId: product.id } })).toBe(1);
    const again = await invoke("graphql", "createWishlist", { productId: product.id }, auth);
    expect(again.status).toBe(422);
    expect(await db.wishlistItem.count({ where: { customerId: me.id, productId: product.id } })).toBe(1);
  });

  it.each(VIAS)("createDeleteAllWishlists empties only the caller's wishlist (%s)", async (via) => {
    const db = await getDb();
    const [a, b] = [await customer(key), await customer(key)];
    const [p1, p2] = [await testProduct(), await testProduct()];
    await db.wishlistItem.createMany({ data: [{ customerId: a.id, productId: p1.id, channelId: 1 }, { customerId: a.id, productId: p2.id, channelId: 1 }, { customerId: b.id, productId: p1.id, channelId: 1 }] });
    expect(must(await invoke(via, "createDeleteAllWishlists", {}, { key, bearer: a.token }))).toMatchObject({ deletedCount: 2 });
    expect(await db.wishlistItem.count({ where: { customerId: a.id } })).toBe(0);
    expect(await db.wishlistItem.count({ where: { customerId: b.id } })).toBe(1);
  });
});
