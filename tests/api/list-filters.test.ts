// Lists as SPEC.md says (GraphQL section, "Reserved keys on REST"): every Shop GraphQL list takes the JSON-encoded
// `filter` argument with the keys of its REST query, and answers what REST answers for them; the REST query keys
// `locale` and `channel` pick the scope as the X-LOCALE and X-CHANNEL headers do, and win over them when both come.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { invoke, operationNamed, type InvokeOptions } from "../support/invoke.ts";

let key: string;
let me: { id: number; token: string };
let auth: InvokeOptions;
let products: number[];
let otherChannel: string;

beforeAll(async () => {
  key = await storefrontKey();
  me = await customer(key);
  auth = { key, bearer: me.token };
  products = [await freshProduct({ qty: 5 }), await freshProduct({ qty: 5 })];
  for (const productId of products) {
    expect((await call("POST", "/api/shop/wishlists", { productId }, auth)).status).toBeLessThan(300);
    expect((await call("POST", "/api/shop/compare-items", { productId }, auth)).status).toBe(201);
  }
  const db = await getDb();
  const base = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
  otherChannel = `lf-${unique().toLowerCase()}`.slice(0, 40);
  await db.channel.create({
    data: {
      code: otherChannel, name: "Filters", defaultLocaleId: base.defaultLocaleId, baseCurrencyId: base.baseCurrencyId,
      locales: { create: [{ localeId: base.defaultLocaleId }] }, currencies: { create: [{ currencyId: base.baseCurrencyId }] },
    },
  });
});

const ids = (list: { id: number }[]) => list.map((r) => r.id);

/** The list over GraphQL with `filter`, beside REST with the same keys in its query: the same rows. */
async function both(name: string, filter: Record<string, unknown>, opts: InvokeOptions) {
  const op = operationNamed(name);
  const query = new URLSearchParams(Object.entries(filter).map(([k, v]) => [k, String(v)])).toString();
  const rest = await call("GET", `${op.rest!.paths[0]}?per_page=50&${query}`, undefined, opts);
  expect(rest.status, `${name} REST ${JSON.stringify(rest.body)}`).toBe(200);
  const gql = await invoke("graphql", op, { filter: JSON.stringify(filter) }, { ...opts, perPage: 50 });
  expect(gql.ok, `${name} GraphQL ${JSON.stringify(gql.raw)}`).toBe(true);
  expect(ids(gql.data), name).toEqual(ids(rest.body));
  expect(gql.total, name).toBe(Number(rest.headers.get("X-Total-Count")));
  return gql.data as any[];
}

describe("the GraphQL `filter` argument takes the REST keys", () => {
  it("catalog lists: categories by parent, attributes by flag and code, options by attribute", async () => {
    const db = await getDb();
    const parent = await db.category.findFirstOrThrow({ where: { status: 1, children: { some: { status: 1 } }, parentId: { not: null } } });
    const children = await both("categories", { parent_id: parent.id }, { key });
    expect(children.length).toBeGreaterThan(0);
    const below = new Set((await db.category.findMany({ where: { parentId: parent.id }, select: { id: true } })).map((c) => c.id));
    expect(children.every((c: { id: number }) => below.has(c.id))).toBe(true);
    const everything = await invoke("graphql", "categories", {}, { key, perPage: 50 });
    expect(everything.total).toBeGreaterThan(children.length);

    const filterable = await both("attributes", { is_filterable: 1 }, { key });
    expect(filterable.length).toBeGreaterThan(0);
    expect(filterable.every((a: { isFilterable: unknown }) => a.isFilterable === true || a.isFilterable === 1)).toBe(true);
    const color = await both("attributes", { code: "color" }, { key });
    expect(color.map((a: { code: string }) => a.code)).toEqual(["color"]);
    const options = await both("attributeOptions", { attribute_id: color[0].id }, { key });
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o: { attributeId: number }) => o.attributeId === color[0].id)).toBe(true);
  });

  it("CMS pages by url_key; channels, locales, currencies and countries by code", async () => {
    const db = await getDb();
    const page = await db.cmsPageTranslation.findFirstOrThrow({ where: { locale: "en" } });
    expect(ids(await both("pages", { url_key: page.urlKey }, { key }))).toEqual([page.pageId]);
    expect((await both("channels", { code: "default" }, { key })).map((c: { code: string }) => c.code)).toEqual(["default"]);
    expect((await both("locales", { code: "fr" }, { key })).map((l: { code: string }) => l.code)).toEqual(["fr"]);
    expect((await both("currencies", { code: "EUR" }, { key })).map((c: { code: string }) => c.code)).toEqual(["EUR"]);
    expect((await both("countries", { code: "US" }, { key })).map((c: { code: string }) => c.code)).toEqual(["US"]);
    expect(await both("countries", { code: "XX" }, { key })).toEqual([]);
  });

  it("the customer's lists: wishlist and compare items by product_id; the others take filter too", async () => {
    const wish = await both("wishlists", { product_id: products[1] }, auth);
    expect(wish).toHaveLength(1);
    expect(wish[0].productId ?? wish[0].product?.id).toBe(products[1]);
    const compared = await both("compareItems", { product_id: products[0] }, auth);
    expect(compared).toHaveLength(1);
    expect((await both("compareItems", {}, auth)).length).toBe(2);
    for (const name of ["euWithdrawals", "getCustomerAddresses", "returnReasons"]) await both(name, {}, auth);
    expect((await both("returnReasons", {}, auth)).length).toBeGreaterThan(0);
  });

  it("a filter that is not a JSON object is a 400", async () => {
    for (const name of ["categories", "attributes", "countries", "pages"]) {
      for (const filter of ["{not json", "[1,2]", "3"]) {
        const res = await invoke("graphql", name, { filter }, { key });
        expect(res.status, `${name} ${filter}`).toBe(400);
        expect(res.message).toMatch(/filter must be a JSON-encoded object/);
      }
    }
    const wish = await invoke("graphql", "wishlists", { filter: "nope" }, auth);
    expect(wish.status).toBe(400);
  });
});

describe("REST `locale` and `channel` query keys pick the scope", () => {
  const names = async (query: string, headers: Record<string, string> = {}) => {
    const res = await call("GET", `/api/shop/categories?per_page=50${query}`, undefined, { key, headers });
    expect(res.status).toBe(200);
    return (res.body as { id: number; name: string }[]).map((c) => `${c.id}:${c.name}`);
  };

  it("?locale= translates as X-LOCALE does, and wins over the header", async () => {
    const english = await names("");
    const french = await names("", { "X-LOCALE": "fr" });
    expect(french).not.toEqual(english);
    expect(await names("&locale=fr")).toEqual(french);
    expect(await names("&locale=fr", { "X-LOCALE": "en" })).toEqual(french);
    expect(await names("&locale=en", { "X-LOCALE": "fr" })).toEqual(english);
    // A code the store lacks falls back to the default silently, as the header does.
    expect(await names("&locale=xx")).toEqual(english);
  });

  it("?channel= scopes as X-CHANNEL does, and wins over the header", async () => {
    const count = async (query: string, headers: Record<string, string> = {}) => {
      const res = await call("GET", `/api/shop/wishlists${query}`, undefined, { ...auth, headers });
      expect(res.status).toBe(200);
      return (res.body as unknown[]).length;
    };
    expect(await count("")).toBe(2);
    expect(await count("", { "X-CHANNEL": otherChannel })).toBe(0);
    expect(await count(`?channel=${otherChannel}`)).toBe(0);
    expect(await count(`?channel=default`, { "X-CHANNEL": otherChannel })).toBe(2);
    expect(await count(`?channel=${otherChannel}`, { "X-CHANNEL": "default" })).toBe(0);
    expect(await count(`?channel=nope`)).toBe(2);
  });
});
