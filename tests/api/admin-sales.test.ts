// The back office on orders: view, cancel, invoice, ship with tracking, refund, comment; invoices, shipments and
// refunds as records. Every move follows the order state machine; refused moves write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder, sendAdmin, TRANSPORTS, type AdminMutation } from "../support/admin.ts";

let token: string;
let productIds: number[];
beforeAll(async () => {
  token = await adminToken();
  productIds = [(await hiddenProduct()).id, (await hiddenProduct()).id];
});

const ORDER_FIELDS = "id _id status grandTotalInvoiced grandTotalRefunded allowedEvents items { id qtyOrdered qtyInvoiced qtyShipped qtyRefunded qtyCanceled qtyToInvoice qtyToShip qtyToRefund }";
const act = (id: number, segment: string, mutation: string): AdminMutation => ({
  method: "POST", path: `/api/admin/sales/orders/${id}/${segment}`, mutation, resource: "adminOrder", selection: ORDER_FIELDS, graphqlExtra: { id },
});
const order = (id: number) => adminCall(token, "GET", `/api/admin/sales/orders/${id}`).then((r) => r.body);
const created = (transport: string) => (transport === "REST" ? 201 : 200);

describe.each(TRANSPORTS)("order life over %s", (transport) => {
  it("invoice in part, ship with tracking, invoice the rest: completed", async () => {
    const o = await makeOrder({ lines: [{ productId: productIds[0], qty: 2, price: 10 }, { productId: productIds[1], qty: 1, price: 5 }] });
    const [lineA, lineB] = o.itemIds;
    const part = await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), { items: [{ orderItemId: lineA, qty: 1 }] });
    expect(part.status, JSON.stringify(part.raw)).toBe(created(transport));
    expect(part.data.status).toBe("processing");
    expect(part.data.items[0]).toMatchObject({ qtyInvoiced: 1, qtyToInvoice: 1 });
    const over = await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), { items: [{ orderItemId: lineA, qty: 5 }] });
    expect(over.status).toBe(422);
    expect(Object.keys(over.fields)).toContain("items.0.qty");
    const foreign = await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), { items: [{ orderItemId: 99999999, qty: 1 }] });
    expect(foreign.status).toBe(422);

    const noTracking = await sendAdmin(transport, token, act(o.id, "shipments", "shipAdminOrder"), { carrierTitle: "UPS" });
    expect(noTracking.status).toBe(transport === "REST" ? 422 : 400); // GraphQL's own input check: trackNumber is String!
    const shipped = await sendAdmin(transport, token, act(o.id, "shipments", "shipAdminOrder"), { carrierTitle: "UPS", trackNumber: "1Z999" });
    expect(shipped.status).toBe(created(transport));
    expect(shipped.data.status).toBe("shipped");
    expect(shipped.data.items.map((i: { qtyShipped: number }) => i.qtyShipped)).toEqual([2, 1]);
    const shipment = await (await getDb()).shipment.findFirstOrThrow({ where: { orderId: o.id } });
    expect(shipment).toMatchObject({ carrierTitle: "UPS", trackNumber: "1Z999", totalQty: 3 });
    expect((await sendAdmin(transport, token, act(o.id, "shipments", "shipAdminOrder"), { carrierTitle: "UPS", trackNumber: "2" })).status).toBe(409);

    const rest = await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), {});
    expect(rest.status).toBe(created(transport));
    expect(rest.data.status).toBe("completed");
    const invoices = await (await getDb()).invoice.findMany({ where: { orderId: o.id }, include: { items: true }, orderBy: { id: "asc" } });
    expect(invoices.map((i) => Number(i.grandTotal))).toEqual([10, 15]);
    expect(invoices[1].items.map((i) => [i.orderItemId, i.qty])).toEqual([[lineA, 1], [lineB, 1]]);
    expect(rest.data.grandTotalInvoiced).toBe(25);
  });

  it("refunds invoiced units only, up to what was invoiced; a full refund closes the order", async () => {
    const o = await makeOrder({ lines: [{ productId: productIds[0], qty: 2, price: 10 }] });
    expect((await sendAdmin(transport, token, act(o.id, "refunds", "refundAdminOrder"), { items: [{ orderItemId: o.itemIds[0], qty: 1 }] })).status).toBe(409);
    await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), {});
    const tooMuch = await sendAdmin(transport, token, act(o.id, "refunds", "refundAdminOrder"), { items: [{ orderItemId: o.itemIds[0], qty: 3 }] });
    expect(tooMuch.status).toBe(422);
    const bonus = await sendAdmin(transport, token, act(o.id, "refunds", "refundAdminOrder"), { items: [{ orderItemId: o.itemIds[0], qty: 1 }], adjustmentRefund: 50 });
    expect(bonus.status).toBe(422);
    expect(await (await getDb()).refund.count({ where: { orderId: o.id } })).toBe(0);
    const one = await sendAdmin(transport, token, act(o.id, "refunds", "refundAdminOrder"), { items: [{ orderItemId: o.itemIds[0], qty: 1 }] });
    expect(one.status, JSON.stringify(one.raw)).toBe(created(transport));
    expect(one.data).toMatchObject({ status: "processing", grandTotalRefunded: 10 });
    const all = await sendAdmin(transport, token, act(o.id, "refunds", "refundAdminOrder"), {});
    expect(all.data).toMatchObject({ status: "closed", grandTotalRefunded: 20 });
    expect(all.data.items[0]).toMatchObject({ qtyRefunded: 2, qtyToRefund: 0 });
  });

  it("cancels an open order and puts the units back in stock; a canceled order cannot be shipped", async () => {
    const db = await getDb();
    const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
    const stock = async () => (await db.productInventory.findUnique({ where: { productId_channelId: { productId: productIds[1], channelId: channel.id } } }))?.qty ?? 0;
    const before = await stock();
    const o = await makeOrder({ lines: [{ productId: productIds[1], qty: 3, price: 4 }] });
    const res = await sendAdmin(transport, token, act(o.id, "cancel", "cancelAdminOrder"), { comment: "Out of stock at the supplier" });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(res.data).toMatchObject({ status: "canceled", allowedEvents: [] });
    expect(res.data.items[0].qtyCanceled).toBe(3);
    expect(await stock()).toBe(before + 3);
    expect((await sendAdmin(transport, token, act(o.id, "cancel", "cancelAdminOrder"), {})).status).toBe(409);
    expect((await sendAdmin(transport, token, act(o.id, "shipments", "shipAdminOrder"), { carrierTitle: "UPS", trackNumber: "1" })).status).toBe(409);
    expect((await sendAdmin(transport, token, act(o.id, "invoices", "invoiceAdminOrder"), {})).status).toBe(409);
    expect(await stock()).toBe(before + 3);
    expect((await sendAdmin(transport, token, act(99999999, "cancel", "cancelAdminOrder"), {})).status).toBe(404);
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
