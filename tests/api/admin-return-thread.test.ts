// The store reads a return's whole message thread over the Admin API (`messages` on every AdminReturn, oldest
// first, with who wrote each), so the panel can show it beside the reply form.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken } from "../support/admin.ts";
import { act, must, placedOrder, raise, shopper } from "../support/returns.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

describe("a return's thread over the Admin API", () => {
  it("lists the customer's and the store's messages in order, on the return, its list row and a reply's answer", async () => {
    const me = await shopper();
    const order = await placedOrder(me, [{ qty: 1 }]);
    const raised = await raise("rest", me, order.lines[0].id, 1);
    must(await act("rest", me, "sendCustomerReturnMessage", { returnId: raised.id, message: "Is a swap possible?" }), 201);

    const read = await adminCall(token, "GET", `/api/admin/sales/returns/${raised.id}`);
    expect(read.status).toBe(200);
    expect(read.body.messages).toEqual([
      { id: expect.any(Number), rmaId: raised.id, message: "Is a swap possible?", isAdmin: false, attachmentUrl: null, createdAt: expect.any(String) },
    ]);

    const reply = await adminCall(token, "POST", `/api/admin/sales/returns/${raised.id}/reply`, { message: "Yes, send it back." });
    expect(reply.status).toBe(201);
    expect(reply.body.messagesCount).toBe(2);
    expect(reply.body.messages.map((m: { isAdmin: boolean; message: string }) => [m.isAdmin, m.message])).toEqual([
      [false, "Is a swap possible?"],
      [true, "Yes, send it back."],
    ]);
    const rows = await (await getDb()).returnMessage.findMany({ where: { returnId: raised.id }, orderBy: { id: "asc" } });
    expect(reply.body.messages.map((m: { id: number }) => m.id)).toEqual(rows.map((r) => r.id));

    const listed = await adminCall(token, "GET", `/api/admin/sales/returns?order_id=${order.id}`);
    expect(listed.body.data[0].messages).toHaveLength(2);
  });

  it("refuses a blank reply with 422 and adds nothing to the thread", async () => {
    const me = await shopper();
    const order = await placedOrder(me, [{ qty: 1 }]);
    const raised = await raise("rest", me, order.lines[0].id, 1);
    const blank = await adminCall(token, "POST", `/api/admin/sales/returns/${raised.id}/reply`, { message: "   " });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toHaveProperty("message");
    expect(await (await getDb()).returnMessage.count({ where: { returnId: raised.id } })).toBe(0);
    expect((await adminCall(token, "GET", `/api/admin/sales/returns/${raised.id}`)).body.messages).toEqual([]);
  });
});
