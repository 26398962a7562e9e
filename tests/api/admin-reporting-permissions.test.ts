// Issue 13, item 7: the sales report needs `sales.orders.view` and the customers report (names, emails)
// `customers.view`, on REST and GraphQL; the products report stays open to any valid token (SPEC.md).
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminToken, asAdmin, makeOrder, hiddenProduct } from "../support/admin.ts";
import { VIAS, type Via } from "../support/invoke.ts";

const WINDOW = { start: "2021-11-02", end: "2021-11-03" };
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

/** The report's first block (the answer is an array on both transports), or null on a refusal. */
async function report(via: Via, token: string, entity: "sales" | "customers" | "products", type: string) {
  const res = await asAdmin(via, token, `admin${entity[0].toUpperCase()}${entity.slice(1)}Report`, { type, ...WINDOW });
  return { status: res.status, code: res.code, data: res.ok ? res.data[0] : res.data };
}

describe.each(VIAS)("report permissions over %s", (transport) => {
  it("the customers report needs customers.view: no names or emails without it", async () => {
    const db = await getDb();
    const product = await hiddenProduct(12);
    const email = `${unique("vip")}@example.com`;
    const vip = await db.customer.create({ data: { firstName: "Very", lastName: "Private", email, passwordHash: "x", apiToken: unique("api"), createdAt: at("2021-11-02") } });
    await makeOrder({ createdAt: at("2021-11-03"), customerId: vip.id, lines: [{ productId: product.id, qty: 1, price: 500 }] });

    const without = await adminToken({ role: ["sales.orders.view", "catalog.products.view"] });
    const refused = await report(transport, without, "customers", "customers-with-most-sales");
    expect(refused.status).toBe(403);
    expect(refused.data).toBeNull();
    expect(JSON.stringify(refused)).not.toContain(email);

    const allowed = await report(transport, await adminToken({ role: ["customers.view"] }), "customers", "customers-with-most-sales");
    expect(allowed.status).toBe(200);
    expect(allowed.data.entity).toBe("customers");
    expect(JSON.stringify(allowed.data.statistics)).toContain(email);
  });

  it("the sales report needs sales.orders.view", async () => {
    const refused = await report(transport, await adminToken({ role: ["customers.view"] }), "sales", "total-sales");
    expect(refused.status).toBe(403);
    expect(refused.data).toBeNull();
    const allowed = await report(transport, await adminToken({ role: ["sales.orders.view"] }), "sales", "total-sales");
    expect(allowed.status).toBe(200);
    expect(allowed.data).toMatchObject({ entity: "sales", type: "total-sales" });
  });

  it("the products report stays open to any valid token", async () => {
    const res = await report(transport, await adminToken({ role: ["cms.pages.view"] }), "products", "total-sold-quantities");
    expect(res.status).toBe(200);
    expect(res.data.entity).toBe("products");
    expect((await report(transport, "1|not-a-real-token-secret-xxxxxxxxxx", "products", "total-sold-quantities")).status).toBe(401);
  });
});
