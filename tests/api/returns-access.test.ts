// Who may call the return endpoints (SPEC.md "Return view, close, returnable items"): 401 for a missing
// storefront key, 403 for a missing or invalid customer bearer, 404 for a return or order that is not the caller's,
// on every endpoint and on both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { call, cartToken } from "../support/client.ts";
import { act, placedOrder, raise, reasons, shopper, VIAS, type ReturnOp, type Shopper } from "../support/returns.ts";

let me: Shopper;
let stranger: Shopper;
let mine: { returnId: number; orderId: number; lineId: number };

beforeAll(async () => {
  me = await shopper();
  stranger = await shopper(me.key);
  const order = await placedOrder(me, [{ qty: 3 }]);
  const r = await raise("rest", me, order.lines[0].id, 1);
  mine = { returnId: r.id, orderId: order.id, lineId: order.lines[0].id };
});

/** Every return endpoint with a body or query that would succeed for the owner. */
function endpoints(): [string, string, unknown][] {
  const id = mine.returnId;
  return [
    ["GET", `/api/shop/returnable-items?order_id=${mine.orderId}`, undefined],
    ["GET", `/api/shop/returns/returnable-items?order_id=${mine.orderId}`, undefined],
    ["GET", "/api/shop/returns/reasons", undefined],
    ["GET", "/api/shop/returns", undefined],
    ["GET", `/api/shop/returns/${id}`, undefined],
    ["POST", "/api/shop/returns", { orderId: mine.orderId, orderItemId: mine.lineId, rmaQty: 1, resolutionType: "return", rmaReasonId: 1, agreement: true }],
    ["POST", `/api/shop/returns/${id}/cancel`, {}],
    ["POST", `/api/shop/returns/${id}/reopen`, {}],
    ["POST", `/api/shop/returns/${id}/close`, {}],
    ["POST", `/api/shop/returns/${id}/messages`, { message: "Hello" }],
    ["GET", `/api/shop/returns/${id}/messages`, undefined],
    ["GET", `/api/shop/returns/${id}/images/1`, undefined],
  ];
}

describe("REST credentials", () => {
  it("answers 401 missing_key without a storefront key, even with a good bearer", async () => {
    for (const [method, path, body] of endpoints()) {
      const res = await call(method, path, body, { bearer: me.token });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toBe("missing_key");
    }
  });

  it("answers 403 for a missing, invalid, legacy or cart bearer", async () => {
    const bearers = [null, "42|not-a-secret", "garbage", await cartToken(me.key)];
    for (const bearer of bearers) {
      for (const [method, path, body] of endpoints()) {
        const res = await call(method, path, body, { key: me.key, bearer });
        expect(res.status, `${method} ${path} with ${bearer}`).toBe(403);
      }
    }
    expect((await call("GET", `/api/shop/returns/${mine.returnId}`, undefined, { key: me.key, bearer: me.token })).body.statusId).toBe(1);
  });
});

describe.each(VIAS)("someone else's records over %s", (via) => {
  const attempts: [ReturnOp, () => Record<string, unknown>][] = [
    ["customerReturn", () => ({ id: mine.returnId })],
    ["cancelCustomerReturn", () => ({ id: mine.returnId })],
    ["reopenCustomerReturn", () => ({ id: mine.returnId })],
    ["closeCustomerReturn", () => ({ id: mine.returnId })],
    ["sendCustomerReturnMessage", () => ({ returnId: mine.returnId, message: "Not mine" })],
    ["customerReturnMessages", () => ({ id: mine.returnId })],
    ["returnableItems", () => ({ orderId: mine.orderId })],
  ];

  it.each(attempts)("%s answers 404", async (name, input) => {
    const res = await act(via, stranger, name, input());
    expect(res.status, JSON.stringify(res.body)).toBe(404);
  });

  it("answers 404 for a return that does not exist", async () => {
    expect((await act(via, me, "customerReturn", { id: 999_999_999 })).status).toBe(404);
    expect((await act(via, me, "closeCustomerReturn", { id: 999_999_999 })).status).toBe(404);
  });

  it("answers 403 without a customer bearer", async () => {
    for (const [name, input] of attempts) {
      const res = await act(via, { ...me, token: "" }, name, input());
      expect(res.status, name).toBe(403);
    }
  });

  it("leaves the owner's return untouched", async () => {
    const detail = (await act(via, me, "customerReturn", { id: mine.returnId })).body;
    expect(detail).toMatchObject({ statusId: 1, messagesCount: 0 });
  });
});

describe("the image route", () => {
  it("answers 404 to someone else and for an image the return does not have", async () => {
    const path = `/api/shop/returns/${mine.returnId}/images/1`;
    expect((await call("GET", path, undefined, { key: me.key, bearer: stranger.token })).status).toBe(404);
    expect((await call("GET", path, undefined, { key: me.key, bearer: me.token })).status).toBe(404);
  });
});

describe("return reasons", () => {
  it.each(VIAS)("lists the active reasons by position over %s", async (via) => {
    const res = await act(via, me, "returnReasons");
    const rows = res.body as { id: number; title: string; position: number; resolutionType: string }[];
    expect(res.status).toBe(200);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.map((r) => r.position)).toEqual([...rows.map((r) => r.position)].sort((a, b) => a - b));
    const { returnOnly } = await reasons();
    expect(rows.find((r) => r.id === returnOnly)).toEqual({ id: returnOnly, title: "Wrong size", position: 1, resolutionType: "return" });
  });

  it("is served at /api/shop/return-reasons too", async () => {
    const res = await call("GET", "/api/shop/return-reasons", undefined, { key: me.key, bearer: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe(String(res.body.length));
  });
});
