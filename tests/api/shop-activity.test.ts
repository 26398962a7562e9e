// The Shop API records what the reports read: product visits and search terms.
import { describe, expect, it } from "vitest";
import { call, graphql, storefrontKey, customer, getDb, unique, eventually } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { disconnectDb } from "../../lib/db/client.ts";

describe("shop activity", () => {
  it("records a visit for each product read, on both transports, with the customer when known", async () => {
    const key = await storefrontKey();
    const me = await customer(key);
    const id = await freshProduct();
    const db = await getDb();
    expect((await call("GET", `/api/shop/products/${id}`, undefined, { key })).status).toBe(200);
    expect((await graphql(`{ product(id: ${id}) { sku } }`, {}, { key, bearer: me.token })).body.errors).toBeUndefined();
    const visits = await eventually(() => db.productVisit.findMany({ where: { productId: id } }), (v) => v.length === 2);
    expect(visits).toHaveLength(2);
    expect(visits.map((v) => v.customerId).sort()).toEqual([me.id, null].sort());
    expect(visits.every((v) => v.channelId === 1)).toBe(true);
  });

  it("records every repeated read, though the answers come from cache", async () => {
    const key = await storefrontKey();
    const id = await freshProduct();
    const term = unique("yy");
    const db = await getDb();
    for (let i = 0; i < 3; i++) {
      expect((await call("GET", `/api/shop/products/${id}`, undefined, { key })).status).toBe(200);
      expect((await graphql(`{ product(id: ${id}) { sku } }`, {}, { key })).body.errors).toBeUndefined();
      expect((await graphql(`query Find($q: String) { products(query: $q) { totalCount } }`, { q: term }, { key })).body.errors).toBeUndefined();
    }
    const visits = await eventually(() => db.productVisit.count({ where: { productId: id } }), (n) => n === 6);
    expect(visits).toBe(6);
    const searched = await eventually(() => db.searchTerm.findMany({ where: { term: term.toLowerCase() } }), (r) => r[0]?.uses === 3);
    expect(searched.map((r) => r.uses)).toEqual([3]);
  });

  it("counts a search term once per search, per locale, with its result count; paging on does not count again", async () => {
    const key = await storefrontKey();
    const term = unique("zz");
    const db = await getDb();
    await call("GET", `/api/shop/products?query=${term}`, undefined, { key });
    await graphql(`{ products(query: "${term.toUpperCase()}") { totalCount } }`, {}, { key });
    await call("GET", `/api/shop/products?query=${term}&page=2`, undefined, { key });
    await call("GET", `/api/shop/products?query=${term}`, undefined, { key, headers: { "X-LOCALE": "fr" } });
    const rows = await eventually(
      () => db.searchTerm.findMany({ where: { term: term.toLowerCase() }, orderBy: { locale: "asc" } }),
      (r) => r.length === 2 && r[0].uses === 2,
    );
    expect(rows.map((r) => [r.locale, r.uses, r.results])).toEqual([["en", 2, 0], ["fr", 1, 0]]);
  });

  it("records nothing for a product that is not there", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const before = await db.productVisit.count();
    expect((await call("GET", "/api/shop/products/999999", undefined, { key })).status).toBe(404);
    expect(await db.productVisit.count({ where: { productId: 999999 } })).toBe(0);
    expect(await db.productVisit.count()).toBeGreaterThanOrEqual(before);
  });

  // Last: it disconnects the clients this file shares (the next call connects again). On PostgreSQL a batch begun
  // while Prisma disconnected held its connection in a transaction, and the disconnect never returned.
  it("writes the visits still waiting before a disconnect, which then returns", async () => {
    const key = await storefrontKey();
    const id = await freshProduct();
    for (let i = 0; i < 3; i++) expect((await call("GET", `/api/shop/products/${id}`, undefined, { key })).status).toBe(200);
    await disconnectDb();
    expect(await (await getDb()).productVisit.count({ where: { productId: id } })).toBe(3);
  });
});
