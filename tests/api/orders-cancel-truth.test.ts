// Canceling cancels only what can be (issue 32, items 1 and 3): units neither invoiced nor shipped. Invoiced units
// are refunded, never canceled, so an order whose units left are all invoiced is a 409 (no line ever reads ordered
// 2, invoiced 2, canceled 2); an order that keeps paid units keeps its status. Downloads end with the purchase: a
// canceled or fully refunded line's links stop serving at once.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import { stock } from "../support/checkout.ts";
import { freshVirtual } from "../support/cart-fixtures.ts";
import { storeFile } from "../../lib/storage/files.ts";

let admin: string;
let key: string;
beforeAll(async () => {
  [admin, key] = await Promise.all([adminToken(), storefrontKey()]);
});

const lines = async (orderId: number) =>
  (await (await getDb()).orderItem.findMany({ where: { orderId }, orderBy: { id: "asc" } })).map((i) => [i.qtyOrdered, i.qtyInvoiced, i.qtyCanceled, i.qtyRefunded]);

describe.each(VIAS)("the store cancels an order over %s", (via) => {
  it("cancels the units not invoiced, keeps the invoiced ones and the order's status, then refuses until they are refunded", async () => {
    const [a, b] = [await hiddenProduct(10), await hiddenProduct(5)];
    const o = await makeOrder({ lines: [{ productId: a.id, qty: 2, price: 10 }, { productId: b.id, qty: 1, price: 5 }] });
    const [stockA, stockB] = [await stock(a.id), await stock(b.id)];
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 2 }] })).status).toBe(201);

    const canceled = await asAdmin(via, admin, "cancelAdminOrder", { id: o.id });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.data.status).toBe("processing");
    expect(await lines(o.id)).toEqual([[2, 2, 0, 0], [1, 0, 1, 0]]);
    expect([await stock(a.id), await stock(b.id)]).toEqual([stockA, stockB + 1]);
    expect(canceled.data.allowedEvents).toContain("refund");

    // What is left is paid for: a refund, not a cancel (409, nothing written).
    const again = await asAdmin(via, admin, "cancelAdminOrder", { id: o.id });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/refund/);
    expect(await lines(o.id)).toEqual([[2, 2, 0, 0], [1, 0, 1, 0]]);

    expect((await asAdmin(via, admin, "refundAdminOrder", { id: o.id })).status).toBe(201);
    expect(await lines(o.id)).toEqual([[2, 2, 0, 2], [1, 0, 1, 0]]);
    expect((await asAdmin(via, admin, "cancelAdminOrder", { id: o.id })).status).toBe(409);
  });

  it("refuses to cancel a wholly invoiced order (never ordered 2 / invoiced 2 / canceled 2), and completes one with nothing left to do", async () => {
    const p = await hiddenProduct(10);
    const whole = await makeOrder({ lines: [{ productId: p.id, qty: 2, price: 10 }] });
    const before = await stock(p.id);
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: whole.id })).status).toBe(201);
    expect((await asAdmin(via, admin, "cancelAdminOrder", { id: whole.id })).status).toBe(409);
    expect(await lines(whole.id)).toEqual([[2, 2, 0, 0]]);
    expect(await stock(p.id)).toBe(before);

    // A service (nothing to ship) invoiced, a parcel not: canceling the parcel leaves nothing to do.
    const [a, b] = [await freshVirtual("10"), (await hiddenProduct(5)).id];
    const part = await makeOrder({ lines: [{ productId: a, qty: 1, price: 10 }, { productId: b, qty: 1, price: 5 }] });
    const items = [{ orderItemId: part.itemIds[0], qty: 1 }];
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: part.id, items })).data.status).toBe("processing");
    const canceled = await asAdmin(via, admin, "cancelAdminOrder", { id: part.id });
    expect(canceled.status).toBe(200);
    expect(canceled.data.status).toBe("completed");
    expect(await lines(part.id)).toEqual([[1, 1, 0, 0], [1, 0, 1, 0]]);
  });
});

describe.each(VIAS)("downloads end with the purchase over %s", (via) => {
  async function bought() {
    const me = await customer(key);
    const filePath = await storeFile("downloadable/cancel-tests", ".pdf", new TextEncoder().encode("%PDF-1.4 cancel test"));
    const product = await testProduct({ type: "downloadable", links: [{ downloads: 5, filePath }] });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }], downloadStatus: "available" });
    const purchase = await (await getDb()).downloadablePurchase.findFirstOrThrow({ where: { orderId: order.id } });
    const download = () => call("GET", `/api/shop/customer-downloadable-products/${purchase.id}/download`, undefined, { key, bearer: me.token });
    expect((await download()).status).toBe(200);
    return { me, order, purchase, download };
  }
  const state = async (id: number) => (await getDb()).downloadablePurchase.findUniqueOrThrow({ where: { id } });

  it("stops serving the links of an order the store cancels", async () => {
    const { order, purchase, download } = await bought();
    expect((await asAdmin(via, admin, "cancelAdminOrder", { id: order.id })).status).toBe(200);
    expect(await state(purchase.id)).toMatchObject({ status: "expired", downloadCanceled: 4 });
    expect((await download()).status).toBe(403);
  });

  it("stops serving the links of a line refunded in full", async () => {
    const { order, purchase, download } = await bought();
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: order.id })).status).toBe(201);
    expect((await download()).status).toBe(200);
    expect((await asAdmin(via, admin, "refundAdminOrder", { id: order.id })).status).toBe(201);
    expect((await state(purchase.id)).status).toBe("expired");
    expect((await download()).status).toBe(403);
  });

  it("tells a customer their paid order is refunded, not canceled: 409 and canCancel false", async () => {
    const { me, order, download } = await bought();
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: order.id })).status).toBe(201);
    const detail = await invoke(via, "customerOrder", { id: order.id }, { key, bearer: me.token });
    expect(detail.body.canCancel).toBe(false);
    const refused = await invoke(via, "createCancelOrder", { id: order.id }, { key, bearer: me.token });
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/refund/);
    expect((await download()).status).toBe(200);
  });
});
