// Returnable items and the unit accounting behind raising: return windows, exact quantities across several
// returns on one line (returns of goods and cancelations side by side, units released by cancel and decline and
// taken again by reopen), and the refusals: an ineligible line, too many units, someone else's order.
import { beforeAll, describe, expect, it } from "vitest";
import { act, placedOrder, raise, reasons, returnable, shopper, storeAct, VIAS, type Shopper } from "../support/returns.ts";

describe.each(VIAS)("returnable items over %s", (via) => {
  let me: Shopper;
  beforeAll(async () => {
    me = await shopper();
  });

  it("lists only lines within their window: the product's own period, else the store's 30 days", async () => {
    const order = await placedOrder(me, [{ qty: 1 }, { qty: 1, period: 10 }, { qty: 2, period: 60 }], { ageDays: 20 });
    const [store, short, long] = order.lines;
    const items = await returnable(via, me, order.id);
    expect([...items.keys()]).toEqual([store.id, long.id]);
    expect(items.get(store.id)).toMatchObject({ rmaReturnPeriod: 30, productId: store.productId, qtyOrdered: 1, price: 12.5, type: "simple" });
    expect(items.get(long.id)).toMatchObject({ rmaReturnPeriod: 60, currentQuantity: 2 });
    expect(items.get(store.id)!.urlKey).toMatch(/^t-/);

    const late = await act(via, me, "createCustomerReturn", await returnInput(order.id, short.id, 1));
    expect(late.status).toBe(422);
    expect(late.message).toMatch(/not eligible for return/);

    const old = await placedOrder(me, [{ qty: 1 }], { ageDays: 31 });
    expect((await returnable(via, me, old.id)).size).toBe(0);
  });

  it("keeps currentQuantity, forReturnQuantity, forCancelQuantity and rmaQuantity exact across several returns on one line", async () => {
    // Processing, 6 of 10 units shipped: 6 may be returned, 4 canceled.
    const order = await placedOrder(me, [{ qty: 10, shipped: 6 }], { status: "processing" });
    const line = order.lines[0].id;
    const standing = async () => (await returnable(via, me, order.id)).get(line);
    const expectUnits = async (current: number, forReturn: number, forCancel: number, rma: number) =>
      expect(await standing()).toMatchObject({ currentQuantity: current, forReturnQuantity: forReturn, forCancelQuantity: forCancel, rmaQuantity: rma });

    await expectUnits(10, 6, 4, 0);
    const r1 = await raise(via, me, line, 2);
    await expectUnits(8, 4, 4, 2);
    const r2 = await raise(via, me, line, 3, { resolutionType: "cancel_items" });
    await expectUnits(5, 4, 1, 5);
    const r3 = await raise(via, me, line, 4, { quantity: 4, rmaQty: undefined });
    expect(r3.item.quantity).toBe(4);
    await expectUnits(1, 0, 1, 9);

    const tooMany = await act(via, me, "createCustomerReturn", await returnInput(order.id, line, 1));
    expect(tooMany.status).toBe(422);
    expect(tooMany.message).toMatch(/not eligible for return/);
    const tooManyCancel = await act(via, me, "createCustomerReturn", await returnInput(order.id, line, 2, "cancel_items"));
    expect(tooManyCancel.status).toBe(422);
    expect(tooManyCancel.message).toMatch(/not eligible for return.*at most 1/);

    // Declined by the store, canceled by the customer: their units come back.
    expect(await storeAct("decline", r1.id)).toBe(200);
    await expectUnits(3, 2, 1, 7);
    await act(via, me, "cancelCustomerReturn", { id: r2.id });
    await expectUnits(6, 2, 4, 4);
    // A solved return keeps its units.
    for (const step of ["accept", "markReceived", "solve"] as const) expect(await storeAct(step, r3.id)).toBe(200);
    await expectUnits(6, 2, 4, 4);
    // Reopening takes the units again.
    expect((await act(via, me, "reopenCustomerReturn", { id: r2.id })).status).toBe(200);
    await expectUnits(3, 2, 1, 7);
    expect((await act(via, me, "reopenCustomerReturn", { id: r1.id })).status).toBe(200);
    await expectUnits(1, 0, 1, 9);
    await raise(via, me, line, 1, { resolutionType: "cancel_items" });
    // Nothing left to act on: the line is no longer listed.
    expect((await returnable(via, me, order.id)).has(line)).toBe(false);
  });

  it("offers no cancelation on an order that can no longer be canceled", async () => {
    const order = await placedOrder(me, [{ qty: 4, shipped: 3 }], { status: "shipped" });
    expect((await returnable(via, me, order.id)).get(order.lines[0].id)).toMatchObject({ currentQuantity: 3, forReturnQuantity: 3, forCancelQuantity: 0 });
    const res = await act(via, me, "createCustomerReturn", await returnInput(order.id, order.lines[0].id, 1, "cancel_items"));
    expect(res.status).toBe(422);
    expect(res.message).toMatch(/not eligible for return/);
  });

  it("refuses a product id in place of the order line id", async () => {
    const order = await placedOrder(me, [{ qty: 2 }]);
    const { productId } = order.lines[0];
    for (const input of [await returnInput(order.id, productId, 1), { ...(await returnInput(order.id, productId, 1)), orderId: undefined }]) {
      const res = await act(via, me, "createCustomerReturn", input);
      expect(res.status).toBe(422);
      expect(res.message).toMatch(/selected item is not eligible for return/);
    }
  });

  it("answers 404 for an order that is not the caller's", async () => {
    const stranger = await shopper(me.key);
    const theirs = await placedOrder(stranger, [{ qty: 1 }]);
    expect((await act(via, me, "returnableItems", { orderId: theirs.id })).status).toBe(404);
    expect((await act(via, me, "returnableItems", { orderId: 999_999_999 })).status).toBe(404);
    expect((await act(via, me, "createCustomerReturn", await returnInput(theirs.id, theirs.lines[0].id, 1))).status).toBe(404);
    // Without the order id, someone else's line is simply not eligible.
    const blind = await act(via, me, "createCustomerReturn", { ...(await returnInput(theirs.id, theirs.lines[0].id, 1)), orderId: undefined });
    expect(blind.status).toBe(422);
    expect(blind.message).toMatch(/not eligible for return/);
  });

  it("validates the rest of the input with 422", async () => {
    const order = await placedOrder(me, [{ qty: 2 }]);
    const base = await returnInput(order.id, order.lines[0].id, 1);
    const { cancelOnly } = await reasons();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ agreement: false }, /agreement/],
      [{ rmaQty: undefined }, /rmaQty/],
      [{ rmaQty: 0 }, /rmaQty/],
      [{ resolutionType: "exchange" }, /resolutionType/],
      [{ rmaReasonId: cancelOnly }, /reason applies to cancel_items/],
      [{ rmaReasonId: 999_999 }, /rmaReasonId/],
    ];
    for (const [change, message] of cases) {
      const res = await act(via, me, "createCustomerReturn", { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(JSON.stringify(res.body), JSON.stringify(change)).toMatch(message);
    }
    expect((await returnable(via, me, order.id)).get(order.lines[0].id)).toMatchObject({ rmaQuantity: 0 });
  });
});

describe("raising at the same time", () => {
  it("hands the last unit to one return only", async () => {
    const me = await shopper();
    const order = await placedOrder(me, [{ qty: 1 }]);
    const input = await returnInput(order.id, order.lines[0].id, 1);
    const answers = await Promise.all([act("rest", me, "createCustomerReturn", input), act("graphql", me, "createCustomerReturn", input)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });
});

async function returnInput(orderId: number, orderItemId: number, rmaQty: number, resolutionType = "return") {
  const r = await reasons();
  return { orderId, orderItemId, rmaQty, resolutionType, rmaReasonId: r.both, agreement: true };
}
