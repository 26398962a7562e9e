// The back office on orders: view, cancel, invoice, ship with tracking, refund, comment; invoices, shipments and
// refunds as records. Every move follows the order state machine; refused moves write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let productIds: number[];
beforeAll(async () => {
  token = await adminToken();
  productIds = [(await hiddenProduct()).id, (await hiddenProduct()).id];
});

const order = (id: number) => adminCall(token, "GET", `/api/admin/sales/orders/${id}`).then((r) => r.body);

describe.each(VIAS)("order life over %s", (transport) => {
  it("invoice in part, ship with tracking, invoice the rest: completed", async () => {
    const o = await makeOrder({ lines: [{ productId: productIds[0], qty: 2, price: 10 }, { productId: productIds[1], qty: 1, price: 5 }] });
    const [lineA, lineB] = o.itemIds;
    const part = await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id, items: [{ orderItemId: lineA, qty: 1 }] });
    expect(part.status, JSON.stringify(part.raw)).toBe(201);
    expect(part.data.status).toBe("processing");
    expect(part.data.items[0]).toMatchObject({ qtyInvoiced: 1, qtyToInvoice: 1 });
    const over = await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id, items: [{ orderItemId: lineA, qty: 5 }] });
    expect(over.status).toBe(422);
    expect(Object.keys(over.fields)).toContain("items.0.qty");
    const foreign = await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id, items: [{ orderItemId: 99999999, qty: 1 }] });
    expect(foreign.status).toBe(422);

    const noTracking = await asAdmin(transport, token, "shipAdminOrder", { id: o.id, carrierTitle: "UPS" });
    expect(noTracking.status).toBe(transport === "rest" ? 422 : 400); // GraphQL's own input check: trackNumber is String!
    const shipped = await asAdmin(transport, token, "shipAdminOrder", { id: o.id, carrierTitle: "UPS", trackNumber: "1Z999" });
    expect(shipped.status).toBe(201);
    expect(shipped.data.status).toBe("shipped");
    expect(shipped.data.items.map((i: { qtyShipped: number }) => i.qtyShipped)).toEqual([2, 1]);
    const shipment = await (await getDb()).shipment.findFirstOrThrow({ where: { orderId: o.id } });
    expect(shipment).toMatchObject({ carrierTitle: "UPS", trackNumber: "1Z999", totalQty: 3 });
    expect((await asAdmin(transport, token, "shipAdminOrder", { id: o.id, carrierTitle: "UPS", trackNumber: "2" })).status).toBe(409);

    const rest = await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id });
    expect(rest.status).toBe(201);
    expect(rest.data.status).toBe("completed");
    const invoices = await (await getDb()).invoice.findMany({ where: { orderId: o.id }, include: { items: true }, orderBy: { id: "asc" } });
    expect(invoices.map((i) => Number(i.grandTotal))).toEqual([10, 15]);
    expect(invoices[1].items.map((i) => [i.orderItemId, i.qty])).toEqual([[lineA, 1], [lineB, 1]]);
    expect(rest.data.grandTotalInvoiced).toBe(25);
  });

  it("refunds invoiced units only, up to what was invoiced; a full refund closes the order", async () => {
    const o = await makeOrder({ lines: [{ productId: productIds[0], qty: 2, price: 10 }] });
    expect((await asAdmin(transport, token, "refundAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 1 }] })).status).toBe(409);
    await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id });
    const tooMuch = await asAdmin(transport, token, "refundAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 3 }] });
    expect(tooMuch.status).toBe(422);
    const bonus = await asAdmin(transport, token, "refundAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 1 }], adjustmentRefund: 50 });
    expect(bonus.status).toBe(422);
    expect(await (await getDb()).refund.count({ where: { orderId: o.id } })).toBe(0);
    const one = await asAdmin(transport, token, "refundAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 1 }] });
    expect(one.status, JSON.stringify(one.raw)).toBe(201);
    expect(one.data).toMatchObject({ status: "processing", grandTotalRefunded: 10 });
    const all = await asAdmin(transport, token, "refundAdminOrder", { id: o.id });
    expect(all.data).toMatchObject({ status: "closed", grandTotalRefunded: 20 });
    expect(all.data.items[0]).toMatchObject({ qtyRefunded: 2, qtyToRefund: 0 });
  });

  it("cancels an open order and puts the units back in stock; a canceled order cannot be shipped", async () => {
    const db = await getDb();
    const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
    const stock = async () => (await db.productInventory.findUnique({ where: { productId_channelId: { productId: productIds[1], channelId: channel.id } } }))?.qty ?? 0;
    const before = await stock();
    const o = await makeOrder({ lines: [{ productId: productIds[1], qty: 3, price: 4 }] });
    const res = await asAdmin(transport, token, "cancelAdminOrder", { id: o.id, comment: "Out of stock at the supplier" });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(res.data).toMatchObject({ status: "canceled", allowedEvents: [] });
    expect(res.data.items[0].qtyCanceled).toBe(3);
    expect(await stock()).toBe(before + 3);
    expect((await asAdmin(transport, token, "cancelAdminOrder", { id: o.id })).status).toBe(409);
    expect((await asAdmin(transport, token, "shipAdminOrder", { id: o.id, carrierTitle: "UPS", trackNumber: "1" })).status).toBe(409);
    expect((await asAdmin(transport, token, "invoiceAdminOrder", { id: o.id })).status).toBe(409);
    expect(await stock()).toBe(before + 3);
    expect((await asAdmin(transport, token, "cancelAdminOrder", { id: 99999999 })).status).toBe(404);
  });
});

describe("order records", () => {
  it("lists orders with filters, shows one with comments, and keeps documents as records", async () => {
    const o = await makeOrder({ status: "pending", lines: [{ productId: productIds[0], qty: 1, price: 7 }] });
    const listed = await adminCall(token, "GET", `/api/admin/sales/orders?increment_id=${o.incrementId}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ id: o.id, status: "pending", allowedEvents: expect.arrayContaining(["pay", "cancel", "ship"]) });
    expect((await adminCall(token, "GET", "/api/admin/sales/orders?status=lost")).status).toBe(422);
    const comment = await adminCall(token, "POST", `/api/admin/sales/orders/${o.id}/comments`, { comment: "Called the customer", customer_notified: true });
    expect(comment.status).toBe(201);
    expect(comment.body.comments.at(-1)).toMatchObject({ comment: "Called the customer", customerNotified: true });
    expect((await adminCall(token, "POST", `/api/admin/sales/orders/${o.id}/comments`, { comment: " " })).status).toBe(422);
    await adminCall(token, "POST", `/api/admin/sales/orders/${o.id}/invoices`, {});
    await adminCall(token, "POST", `/api/admin/sales/orders/${o.id}/shipments`, { carrier_title: "DHL", track_number: "JD01" });
    await adminCall(token, "POST", `/api/admin/sales/orders/${o.id}/refunds`, {});
    const detail = await order(o.id);
    expect(detail.status).toBe("closed");
    const invoice = await adminCall(token, "GET", `/api/admin/sales/invoices/${detail.invoiceIds[0]}`);
    expect(invoice.body).toMatchObject({ orderId: o.id, orderIncrementId: o.incrementId, state: "paid", grandTotal: 7 });
    const shipments = await adminCall(token, "GET", `/api/admin/sales/shipments?order_id=${o.id}`);
    expect(shipments.body.data[0]).toMatchObject({ carrierTitle: "DHL", trackNumber: "JD01", totalQty: 1 });
    const refunds = await adminCall(token, "GET", `/api/admin/sales/refunds?order_id=${o.id}`);
    expect(refunds.body.data[0]).toMatchObject({ grandTotal: 7, totalQty: 1 });
  });

  it("keeps each action behind its own permission", async () => {
    const o = await makeOrder({ lines: [{ productId: productIds[0], qty: 1, price: 7 }] });
    const viewer = await adminToken({ scope: "custom", permissions: ["sales.orders.view"] });
    expect((await adminCall(viewer, "GET", `/api/admin/sales/orders/${o.id}`)).status).toBe(200);
    for (const segment of ["cancel", "invoices", "refunds", "comments"]) {
      expect((await adminCall(viewer, "POST", `/api/admin/sales/orders/${o.id}/${segment}`, {})).status, segment).toBe(403);
    }
    expect((await adminCall(viewer, "POST", `/api/admin/sales/orders/${o.id}/shipments`, { carrierTitle: "X", trackNumber: "Y" })).status).toBe(403);
    expect((await adminCall(viewer, "GET", "/api/admin/sales/invoices")).status).toBe(403);
    expect((await order(o.id)).status).toBe("pending");
  });
});
