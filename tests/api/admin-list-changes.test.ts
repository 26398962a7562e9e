// Lists a connector can poll (issue 33, items 4 and 5): orders, products, customers, returns and stock rows take
// `updated_since` and `created_since` and sort by `updated_at`, so a connector reads only what changed since its last
// run; and an admin list refuses a parameter it does not know (422 naming it) rather than answering every row as
// if unfiltered.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../support/client.ts";
import { adminCall, adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const rows = (via: string, res: { data: any }) => (via === "rest" ? res.data.data : res.data) as { id: unknown; _id?: number; incrementId?: string }[];
const idOf = (r: { id: unknown; _id?: number }) => (typeof r.id === "number" ? r.id : r._id);

describe.each(VIAS)("admin lists over %s", (via) => {
  it("answer the orders changed or made since an instant, oldest change first with sort=updated_at", async () => {
    const p = await hiddenProduct(10);
    const early = await makeOrder({ lines: [{ productId: p.id, qty: 1, price: 10 }], createdAt: new Date("2099-01-01T00:00:00Z") });
    const late = await makeOrder({ lines: [{ productId: p.id, qty: 1, price: 10 }], createdAt: new Date("2099-06-01T00:00:00Z") });
    const since = await asAdmin(via, token, "adminOrders", { updatedSince: "2099-03-01T00:00:00+00:00", sort: "updated_at" }, { perPage: 50 });
    expect(since.status, JSON.stringify(since.raw)).toBe(200);
    const ids = rows(via, since).map(idOf);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(early.id);
    const made = await asAdmin(via, token, "adminOrders", { createdSince: "2099-01-01", sort: "-updated_at" }, { perPage: 50 });
    const madeIds = rows(via, made).map(idOf);
    expect(madeIds.indexOf(late.id)).toBeLessThan(madeIds.indexOf(early.id));
    expect(madeIds.indexOf(early.id)).toBeGreaterThanOrEqual(0);
  });

  it("answer a product changed through the API since an instant, not one left alone", async () => {
    const [touched, untouched] = await Promise.all([hiddenProduct(10), hiddenProduct(10)]);
    const db = await getDb();
    await db.product.updateMany({ where: { id: { in: [touched.id, untouched.id] } }, data: { updatedAt: new Date("2001-01-01T00:00:00Z") } });
    const t = new Date(Date.now() - 1000).toISOString();
    expect((await asAdmin(via, token, "updateAdminProduct", { id: touched.id, price: 12 })).status).toBe(200);
    const changed = await asAdmin(via, token, "adminProducts", { updatedSince: t, sort: "-updated_at" }, { perPage: 50 });
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    const ids = rows(via, changed).map(idOf);
    expect(ids).toContain(touched.id);
    expect(ids).not.toContain(untouched.id);
  });

  it("answer the stock rows changed since an instant (an admin write or a sale), not those left alone", async () => {
    const [written, sold, untouched] = await Promise.all([hiddenProduct(10), hiddenProduct(10), hiddenProduct(10)]);
    const db = await getDb();
    const ids = [written.id, sold.id, untouched.id];
    await db.productInventory.updateMany({ where: { productId: { in: ids } }, data: { updatedAt: new Date("2001-01-01T00:00:00Z") } });
    const rowsOf = await db.productInventory.findMany({ where: { productId: { in: ids } }, orderBy: { productId: "asc" } });
    const rowOf = (productId: number) => rowsOf.find((r) => r.productId === productId)!.id;
    const t = new Date(Date.now() - 1000).toISOString();
    expect((await asAdmin(via, token, "updateAdminInventory", { id: rowOf(written.id), qty: 7 })).status).toBe(200);
    // The stock restock of a cancel moves the row as well.
    const o = await makeOrder({ lines: [{ productId: sold.id, qty: 1, price: 10 }] });
    expect((await asAdmin(via, token, "cancelAdminOrder", { id: o.id })).status).toBe(200);
    const changed = await asAdmin(via, token, "adminInventories", { updatedSince: t, sort: "-updated_at" }, { perPage: 50 });
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    const listed = rows(via, changed).map(idOf);
    expect(listed).toContain(rowOf(written.id));
    expect(listed).toContain(rowOf(sold.id));
    expect(listed).not.toContain(rowOf(untouched.id));
    expect(listed.indexOf(rowOf(sold.id))).toBeLessThan(listed.indexOf(rowOf(written.id)));
    const made = await asAdmin(via, token, "adminInventories", { createdSince: "2099-01-01", sort: "updated_at" });
    expect(made.status).toBe(200);
    expect(rows(via, made)).toEqual([]);
  });

  it("refuse an instant that is not ISO 8601, and a sort they do not know", async () => {
    for (const bad of ["yesterday", "2026-13-01", "1700000000", "2026-01-01T10:00"]) {
      const res = await asAdmin(via, token, "adminCustomers", { updatedSince: bad });
      expect(res.status, bad).toBe(422);
    }
    expect((await asAdmin(via, token, "adminReturns", { sort: "shoe_size" })).status).toBe(422);
    expect((await asAdmin(via, token, "adminReturns", { createdSince: "2026-01-01", sort: "updated_at" })).status).toBe(200);
  });
});

describe("an admin list on REST", () => {
  it("refuses a parameter it does not know with 422 naming it and what it takes", async () => {
    const res = await adminCall(token, "GET", "/api/admin/sales/orders?created_at_from=2026-01-01");
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/unknown parameter created_at_from; this list takes .*status.*updated_since.*page, per_page/);
    // Paging, filters and sorting it knows pass, in either spelling.
    for (const q of ["page=2&per_page=5", "customer_email=x%40example.com&sort=-created_at", "customerEmail=x%40example.com", "updated_since=2026-01-01T00:00:00Z"]) {
      expect((await adminCall(token, "GET", `/api/admin/sales/orders?${q}`)).status, q).toBe(200);
    }
    const other = await adminCall(token, "GET", "/api/admin/settings/roles?search=owner");
    expect(other.status).toBe(422);
    expect(other.body.message).toContain("unknown parameter search");
  });
});
