// A customer takes a delivered order through raise → message → close, and through raise → cancel → reopen, on
// REST and GraphQL, with every quantity and flag checked at each step (issue 5, "Done when").
import { beforeAll, describe, expect, it } from "vitest";
import { graphql } from "../support/client.ts";
import { act, must, placedOrder, raise, reasons, returnable, shopper, VIAS, type Shopper } from "../support/returns.ts";

const CLOSED_FIELDS = ["id", "orderId", "orderIncrementId", "statusId", "statusTitle", "statusColor", "canClose", "canReopen", "isExpired", "messagesCount", "updatedAt"];

describe.each(VIAS)("returns flow over %s", (via) => {
  let me: Shopper;
  beforeAll(async () => {
    me = await shopper();
  });

  it("raise → message → close", async () => {
    const order = await placedOrder(me, [{ qty: 3 }]);
    const line = order.lines[0];
    expect((await returnable(via, me, order.id)).get(line.id)).toMatchObject({
      qtyOrdered: 3, currentQuantity: 3, forReturnQuantity: 3, forCancelQuantity: 0, rmaQuantity: 0, rmaReturnPeriod: 30,
    });

    const raised = await raise(via, me, line.id, 2);
    const { both, returnOnly } = await reasons();
    expect(both).toBeGreaterThan(0);
    expect(raised).toMatchObject({
      orderId: order.id,
      orderIncrementId: order.incrementId,
      statusId: 1,
      statusTitle: "Pending",
      statusColor: "#F59E0B",
      packageCondition: "unopened",
      information: "It does not fit.",
      canClose: true,
      canReopen: false,
      isExpired: false,
      messagesCount: 0,
      images: [],
      item: { id: raised.id, order_item_id: line.id, quantity: 2, resolution: "return", reason_id: returnOnly, reason: "Wrong size", variant_id: null },
    });
    expect(raised.item.sku).toMatch(/^T-/);
    expect((await returnable(via, me, order.id)).get(line.id)).toMatchObject({ currentQuantity: 1, forReturnQuantity: 1, rmaQuantity: 2 });

    const sent = must(await act(via, me, "sendCustomerReturnMessage", { returnId: raised.id, message: "When will you collect it?" }), 201);
    expect(sent).toMatchObject({ rmaId: raised.id, message: "When will you collect it?", isAdmin: false, attachmentUrl: null });
    expect(must(await act(via, me, "customerReturn", { id: raised.id })).messagesCount).toBe(1);

    const closed = must(await act(via, me, "closeCustomerReturn", { id: raised.id }), 200);
    expect(Object.keys(closed).sort()).toEqual([...CLOSED_FIELDS].sort());
    expect(closed).toMatchObject({
      id: raised.id, orderId: order.id, orderIncrementId: order.incrementId, statusId: 3, statusTitle: "Solved",
      canClose: false, canReopen: false, isExpired: false, messagesCount: 2,
    });
    expect(closed.statusColor).toMatch(/^#[0-9A-F]{6}$/i);
    expect(Date.parse(closed.updatedAt)).not.toBeNaN();

    const thread = await act(via, me, "customerReturnMessages", { id: raised.id });
    expect(thread.total).toBe(2);
    expect(must(thread).map((m: { message: string }) => m.message)).toEqual(["When will you collect it?", "The customer closed this return."]);

    // A solved return keeps its units; closing again is refused in that state.
    expect((await returnable(via, me, order.id)).get(line.id)).toMatchObject({ currentQuantity: 1, rmaQuantity: 2 });
    const again = await act(via, me, "closeCustomerReturn", { id: raised.id });
    expect(again.status).toBe(400);
    expect(again.message).toMatch(/cannot be closed/);
  });

  it("raise → cancel → reopen", async () => {
    const order = await placedOrder(me, [{ qty: 3 }, { qty: 1 }]);
    const [line, other] = order.lines;
    const raised = await raise(via, me, line.id, 3);
    // Every unit of the line is in a return: the line is no longer returnable, the other one still is.
    let items = await returnable(via, me, order.id);
    expect(items.has(line.id)).toBe(false);
    expect(items.get(other.id)).toMatchObject({ currentQuantity: 1 });

    const canceled = must(await act(via, me, "cancelCustomerReturn", { id: raised.id }));
    expect(canceled).toMatchObject({ statusId: 9, statusTitle: "Canceled", canClose: false, canReopen: true, isExpired: false, messagesCount: 0 });
    items = await returnable(via, me, order.id);
    expect(items.get(line.id)).toMatchObject({ currentQuantity: 3, forReturnQuantity: 3, rmaQuantity: 0 });

    const reopened = must(await act(via, me, "reopenCustomerReturn", { id: raised.id }));
    expect(reopened).toMatchObject({ statusId: 1, statusTitle: "Pending", canClose: true, canReopen: false });
    expect((await returnable(via, me, order.id)).has(line.id)).toBe(false);
    expect((await act(via, me, "reopenCustomerReturn", { id: raised.id })).status).toBe(400);
  });

  it("lists the caller's returns newest first, narrowed by status id and paged", async () => {
    const other = await shopper(me.key);
    const order = await placedOrder(other, [{ qty: 5 }]);
    const first = await raise(via, other, order.lines[0].id, 1);
    const second = await raise(via, other, order.lines[0].id, 1);
    must(await act(via, other, "cancelCustomerReturn", { id: first.id }));
    const all = await act(via, other, "customerReturns");
    expect(all.total).toBe(2);
    expect(must(all).map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    const canceled = await act(via, other, "customerReturns", { status: 9 });
    expect(must(canceled).map((r: { id: number }) => r.id)).toEqual([first.id]);
    const page2 = await act(via, other, "customerReturns", {}, { perPage: 1, page: 2 });
    expect(page2.total).toBe(2);
    expect(must(page2).map((r: { id: number }) => r.id)).toEqual([first.id]);
    // Nobody else's returns show up.
    expect(must(await act(via, me, "customerReturns")).some((r: { id: number }) => r.id === first.id)).toBe(false);
  });
});

describe("GraphQL identifiers", () => {
  it("answers IRIs with the number in _id and looks a return up by IRI", async () => {
    const me = await shopper();
    const order = await placedOrder(me, [{ qty: 1 }]);
    const raised = await raise("rest", me, order.lines[0].id, 1);
    const r = await graphql(`{ customerReturn(id: "/api/shop/returns/${raised.id}") { id _id statusId item { order_item_id } } }`, {}, { key: me.key, bearer: me.token });
    expect(r.body.data?.customerReturn).toEqual({ id: `/api/shop/returns/${raised.id}`, _id: raised.id, statusId: 1, item: { order_item_id: order.lines[0].id } });
  });
});
