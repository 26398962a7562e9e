// The store's side of returns over the Admin API: the moves of the return state machine and replies.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

async function newReturn(resolution: "return" | "cancel_items" = "return") {
  const db = await getDb();
  const product = await hiddenProduct();
  const customer = await db.customer.create({ data: { firstName: "R", lastName: "M", email: `${unique("rma")}@example.com`, passwordHash: "x", apiToken: unique("api") } });
  const order = await makeOrder({ status: "completed", customerId: customer.id, lines: [{ productId: product.id, qty: 2, price: 10 }] });
  await db.orderItem.update({ where: { id: order.itemIds[0] }, data: { qtyShipped: 2, qtyInvoiced: 2 } });
  const reason = await db.returnReason.findFirstOrThrow();
  return db.returnRequest.create({ data: { customerId: customer.id, orderId: order.id, orderItemId: order.itemIds[0], quantity: 1, resolution, reasonId: reason.id, statusId: 1, information: "Too small" } });
}


describe.each(VIAS)("returns over %s", (transport) => {
  it("accept → received → solved, each through the transitions table; a refused move is a 400 and writes nothing", async () => {
    const r = await newReturn();
    const accepted = await asAdmin(transport, token, "acceptAdminReturn", { id: r.id });
    expect(accepted.status, JSON.stringify(accepted.raw)).toBe(200);
    expect(accepted.data).toMatchObject({ statusId: 2, statusTitle: "Accepted", customerId: r.customerId });
    expect((await asAdmin(transport, token, "acceptAdminReturn", { id: r.id })).status).toBe(400);
    expect((await asAdmin(transport, token, "markReceivedAdminReturn", { id: r.id })).data.statusId).toBe(6);
    expect((await asAdmin(transport, token, "solveAdminReturn", { id: r.id })).data.statusId).toBe(3);
    const late = await asAdmin(transport, token, "declineAdminReturn", { id: r.id });
    expect(late.status).toBe(400);
    expect(late.message).toMatch(/cannot be declined/);
    expect((await (await getDb()).returnRequest.findUniqueOrThrow({ where: { id: r.id } })).statusId).toBe(3);
  });

  it("declines, cancels items of a cancel_items return, and replies in the thread", async () => {
    const declined = await newReturn();
    expect((await asAdmin(transport, token, "declineAdminReturn", { id: declined.id })).data.statusId).toBe(7);
    const cancel = await newReturn("cancel_items");
    await asAdmin(transport, token, "acceptAdminReturn", { id: cancel.id });
    expect((await asAdmin(transport, token, "markReceivedAdminReturn", { id: cancel.id })).status).toBe(400);
    expect((await asAdmin(transport, token, "cancelItemsAdminReturn", { id: cancel.id })).data.statusId).toBe(8);
    const reply = await asAdmin(transport, token, "replyAdminReturn", { id: cancel.id, message: "Refund on its way." });
    expect(reply.status).toBe(201);
    expect(reply.data).toMatchObject({ statusId: 8, messagesCount: 1 });
    const message = await (await getDb()).returnMessage.findFirstOrThrow({ where: { returnId: cancel.id } });
    expect(message).toMatchObject({ message: "Refund on its way.", isAdmin: true });
    const empty = await asAdmin(transport, token, "replyAdminReturn", { id: cancel.id, message: "" });
    expect(empty.status).toBe(422);
    expect((await asAdmin(transport, token, "acceptAdminReturn", { id: 99999999 })).status).toBe(404);
  });
});

describe("return records", () => {
  it("lists any customer's returns by status, and needs sales.returns permissions", async () => {
    const r = await newReturn();
    const listed = await adminCall(token, "GET", `/api/admin/sales/returns?status=1&order_id=${r.orderId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(listed.body.data[0]).toMatchObject({ statusId: 1, information: "Too small", item: { order_item_id: r.orderItemId } });
    expect((await adminCall(token, "GET", "/api/admin/sales/returns?status=12")).status).toBe(422);
    const viewer = await adminToken({ scope: "custom", permissions: ["sales.returns.view"] });
    expect((await adminCall(viewer, "GET", `/api/admin/sales/returns/${r.id}`)).status).toBe(200);
    expect((await adminCall(viewer, "POST", `/api/admin/sales/returns/${r.id}/accept`, {})).status).toBe(403);
  });
});
