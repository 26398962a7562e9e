// A Shop GraphQL answer of one root field is sent again while the field's value is the same object again
// (lib/graphql/reuse.ts): the operation still runs on every request, a changed value makes a new answer, and the
// answer of one scope is never another's.
import { describe, expect, it } from "vitest";
import { graphql, storefrontKey, getDb, eventually } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { counted } from "../support/statements.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";

const DETAIL = `query Detail($id: ID) { product(id: $id) { _id sku name price formattedPrice inStock variants { totalCount edges { cursor node { sku } } } } }`;

/** With fields read for the answer alone (lib/catalog/product-graph.ts), beyond the detail the operation reads. */
const RICH = `query Rich($id: ID) { product(id: $id) { _id sku categories { edges { node { id } } } relatedProducts { edges { node { sku } } } reviews { totalCount } } }`;

describe("reused GraphQL answers", () => {
  it("answer a repeated document with the same bytes and still count a visit for each request", async () => {
    const key = await storefrontKey();
    const id = await freshProduct({ price: "25" });
    const db = await getDb();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await graphql(DETAIL, { id }, { key }));
    for (const a of answers) expect(a.status).toBe(200);
    expect(answers[0].body.data.product).toMatchObject({ _id: id, price: 25, formattedPrice: "$25.00", inStock: true, variants: { totalCount: 0, edges: [] } });
    expect(answers.map((a) => JSON.stringify(a.body))).toEqual(Array(3).fill(JSON.stringify(answers[0].body)));
    expect(answers[2].headers.get("content-type")).toBe(answers[0].headers.get("content-type"));
    const visits = await eventually(() => db.productVisit.count({ where: { productId: id } }), (n) => n === 3);
    expect(visits).toBe(3);
  });

  it("make the answer once for requests that come together when the product's detail was loaded afresh", async () => {
    const key = await storefrontKey();
    const id = await freshProduct({ price: "25" });
    const db = await getDb();
    const bookkeeping = (sql: string) => /[`"](ProductVisit|StorefrontKey)[`"]/.test(sql); // off the answer's path
    await graphql(RICH, { id }, { key });
    // One request after the detail is loaded afresh: the detail's reads, then the document's own (its variants).
    forgetCatalogReads();
    const one = await counted(() => graphql(RICH, { id }, { key }), bookkeeping);
    // Five at once: the detail is loaded once for all (lib/cache), and so is the answer made of it.
    forgetCatalogReads();
    const five = await counted(() => Promise.all(Array.from({ length: 5 }, () => graphql(RICH, { id }, { key }))), bookkeeping);
    expect(one.statements.length).toBeGreaterThan(0);
    expect(five.statements, `one:\n${one.statements.join("\n")}\nfive:\n${five.statements.join("\n")}`).toHaveLength(one.statements.length);
    expect(five.result.map((a) => [a.status, JSON.stringify(a.body)])).toEqual(Array(5).fill([200, JSON.stringify(one.result.body)]));
    const visits = await eventually(() => db.productVisit.count({ where: { productId: id } }), (n) => n === 7);
    expect(visits).toBe(7);
  });

  it("answer anew once the product changed", async () => {
    const key = await storefrontKey();
    const id = await freshProduct({ price: "25" });
    const db = await getDb();
    expect((await graphql(DETAIL, { id }, { key })).body.data.product.price).toBe(25);
    expect((await graphql(DETAIL, { id }, { key })).body.data.product.price).toBe(25);
    await db.product.update({ where: { id }, data: { price: "31.5" } });
    const after = await graphql(DETAIL, { id }, { key });
    expect(after.body.data.product).toMatchObject({ price: 31.5, formattedPrice: "$31.50" });
    expect((await db.product.findUniqueOrThrow({ where: { id } })).price.toString()).toBe("31.5");
  });

  it("keep the answers of each locale and currency apart", async () => {
    const key = await storefrontKey();
    const id = await freshProduct({ price: "20" });
    const names = [];
    for (const locale of ["en", "fr", "en", "fr"]) {
      const res = await graphql(DETAIL, { id }, { key, headers: { "X-LOCALE": locale } });
      names.push(res.body.data.product.name);
    }
    expect(names[0]).toMatch(/^Test T-/);
    expect(names[1]).toBe(`${names[0]} fr`);
    expect(names.slice(2)).toEqual(names.slice(0, 2));
    const eur = await graphql(DETAIL, { id }, { key, headers: { "X-CURRENCY": "EUR" } });
    expect(eur.body.data.product.formattedPrice).not.toBe("$20.00");
    expect(eur.body.data.product.formattedPrice).toMatch(/^€/);
  });

  it("never keep an error: a missing product answers its 404 each time and records no visit", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    for (let i = 0; i < 2; i++) {
      const res = await graphql(DETAIL, { id: 999_999 }, { key });
      expect(res.body.data.product).toBeNull();
      expect(res.body.errors?.[0]?.extensions?.status).toBe(404);
    }
    expect(await db.productVisit.count({ where: { productId: 999_999 } })).toBe(0);
  });
});
