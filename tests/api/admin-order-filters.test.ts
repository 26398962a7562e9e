// The order list's end of a date range and its payment method (issue 35, item 2: the panel's order filters):
// `created_until` takes in the orders made up to that instant, or through the whole of that day (UTC) when it is a
// date, and with `created_since` bounds a range; `payment_method` is the exact code the order was paid with. Both
// combine with the list's other filters, on REST and GraphQL alike, and a bad value is a 422 naming the field.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let made: Record<"jan30" | "jan31Late" | "feb1" | "jan31Transfer", { id: number; incrementId: string }>;

beforeAll(async () => {
  token = await adminToken();
  const p = await hiddenProduct(10);
  const order = (createdAt: string) => makeOrder({ lines: [{ productId: p.id, qty: 1, price: 10 }], createdAt: new Date(createdAt) });
  made = {
    jan30: await order("2098-01-30T12:00:00Z"),
    jan31Late: await order("2098-01-31T23:59:59.500Z"),
    feb1: await order("2098-02-01T00:00:00Z"),
    jan31Transfer: await order("2098-01-31T08:00:00Z"),
  };
  await (await getDb()).orderPayment.update({ where: { orderId: made.jan31Transfer.id }, data: { method: "moneytransfer", methodTitle: "Money Transfer" } });
});

const rows = (via: string, res: { data: any }) => (via === "rest" ? res.data.data : res.data) as { id: unknown; _id?: number }[];
const idOf = (r: { id: unknown; _id?: number }) => (typeof r.id === "number" ? r.id : r._id);
/** The ids of this file's orders the list answers, in the list's order. */
const listed = async (via: (typeof VIAS)[number], filters: Record<string, unknown>) => {
  const res = await asAdmin(via, token, "adminOrders", { createdSince: "2098-01-01", sort: "created_at", ...filters }, { perPage: 50 });
  expect(res.status, JSON.stringify(res.raw)).toBe(200);
  const mine = new Set(Object.values(made).map((o) => o.id));
  return rows(via, res).map(idOf).filter((id): id is number => mine.has(id as number));
};

describe.each(VIAS)("the order list over %s", (via) => {
  it("ends a date range with created_until: a date takes in its whole day, a date-time that instant", async () => {
    expect(await listed(via, { createdUntil: "2098-01-31" })).toEqual([made.jan30.id, made.jan31Transfer.id, made.jan31Late.id]);
    expect(await listed(via, { createdUntil: "2098-01-30" })).toEqual([made.jan30.id]);
    expect(await listed(via, { createdUntil: "2098-01-31T08:00:00Z" })).toEqual([made.jan30.id, made.jan31Transfer.id]);
    expect(await listed(via, { createdUntil: "2098-01-31T10:00:00+02:00" })).toEqual([made.jan30.id, made.jan31Transfer.id]);
    expect(await listed(via, { createdUntil: "2098-02-01T00:00:00Z" })).toEqual([made.jan30.id, made.jan31Transfer.id, made.jan31Late.id, made.feb1.id]);
    // With created_since, one day.
    expect(await listed(via, { createdSince: "2098-01-31", createdUntil: "2098-01-31" })).toEqual([made.jan31Transfer.id, made.jan31Late.id]);
  });

  it("filters by the exact payment method code, alone and with the other filters", async () => {
    expect(await listed(via, { paymentMethod: "moneytransfer" })).toEqual([made.jan31Transfer.id]);
    expect(await listed(via, { paymentMethod: "cashondelivery" })).toEqual([made.jan30.id, made.jan31Late.id, made.feb1.id]);
    expect(await listed(via, { paymentMethod: "money" })).toEqual([]);
    expect(await listed(via, { paymentMethod: "cashondelivery", createdUntil: "2098-01-31", status: "pending", sort: "-created_at" })).toEqual([made.jan31Late.id, made.jan30.id]);
    expect(await listed(via, { paymentMethod: "moneytransfer", q: made.jan31Transfer.incrementId })).toEqual([made.jan31Transfer.id]);
    expect(await listed(via, { paymentMethod: "moneytransfer", status: "processing" })).toEqual([]);
  });

  it("refuses a bad end of range or payment method with a 422 naming the field", async () => {
    for (const [field, bad] of [["createdUntil", "tomorrow"], ["createdUntil", "2098-13-01"], ["createdUntil", "2098-01-31T10:00"], ["paymentMethod", "Cash On Delivery"], ["paymentMethod", "x".repeat(61)]]) {
      const res = await asAdmin(via, token, "adminOrders", { [field]: bad });
      expect(res.status, `${field}=${bad}`).toBe(422);
      expect(Object.keys(res.fields), `${field}=${bad}`).toEqual([field]);
    }
  });
});

describe("the order list on REST", () => {
  it("takes both filters in their snake_case spelling and names each in a 422", async () => {
    const ok = await adminCall(token, "GET", `/api/admin/sales/orders?created_since=2098-01-31&created_until=2098-01-31&payment_method=moneytransfer&per_page=50`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((o: { id: number }) => o.id)).toEqual([made.jan31Transfer.id]);
    expect(ok.body.meta.total).toBe(1);
    const bad = await adminCall(token, "GET", "/api/admin/sales/orders?created_until=soon&payment_method=Cash!");
    expect(bad.status).toBe(422);
    // Field errors are keyed by the input field, camelCase, as the API keys every 422.
    expect(Object.keys(bad.body.errors).sort()).toEqual(["createdUntil", "paymentMethod"]);
    expect(bad.body.errors.createdUntil.join(" ")).toMatch(/ISO 8601/);
    expect(bad.body.errors.paymentMethod.join(" ")).toMatch(/payment method code/);
  });
});
