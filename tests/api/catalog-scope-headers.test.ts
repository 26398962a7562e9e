// X-CURRENCY and X-LOCALE on the catalog (SPEC.md Authentication, "Optional context headers"): prices and
// formatted prices in the request currency, names and url keys in the request locale; a code the channel does
// not have, or a differently cased one, falls back silently to the default with 200.
import { beforeAll, describe, expect, it } from "vitest";
import { call, graphql, storefrontKey } from "../support/client.ts";
import {
  allProducts,
  convert,
  exchangeRate,
  expectedListing,
  money,
  productBySku,
  TRANSPORTS,
  type Transport,
} from "../support/catalog-fixtures.ts";

let rate: number;
beforeAll(async () => {
  rate = await exchangeRate("EUR");
  expect(rate).toBe(0.92);
});

const DETAIL = `query($id: ID) { product(id: $id) { _id name urlKey description price formattedPrice
  attributeValues { edges { node { code label value } } } categories { edges { node { _id name slug translation { name slug } } } }
  variants { edges { node { _id name price formattedPrice } } } downloadableLinks { edges { node { title price formattedPrice } } } } }`;

async function detail(t: Transport, id: number, headers: Record<string, string>) {
  const key = await storefrontKey();
  if (t === "rest") {
    const res = await call("GET", `/api/shop/products/${id}`, undefined, { key, headers });
    expect(res.status).toBe(200);
    return res.body;
  }
  const res = await graphql(DETAIL, { id: `/api/shop/products/${id}` }, { key, headers });
  expect(res.body.errors).toBeUndefined();
  const p = res.body.data.product;
  const nodes = (c: { edges: { node: any }[] }) => c.edges.map((e) => e.node);
  for (const c of nodes(p.categories)) expect(c.translation).toEqual({ name: c.name, slug: c.slug });
  return {
    ...p, id: p._id, attributeValues: nodes(p.attributeValues), categories: nodes(p.categories).map((c: { _id: number }) => ({ ...c, id: c._id })),
    variants: nodes(p.variants).map((v: { _id: number }) => ({ ...v, id: v._id })), downloadableLinks: nodes(p.downloadableLinks),
  };
}

describe.each(TRANSPORTS)("X-CURRENCY (%s)", (t) => {
  it("EUR converts every price of the list and formats it with €", async () => {
    const key = await storefrontKey();
    const usd = await allProducts(t, {}, { key });
    const eur = await allProducts(t, {}, { key, headers: { "X-CURRENCY": "EUR" } });

    expect(eur.rows.map((r) => r.id)).toEqual(usd.rows.map((r) => r.id));
    expect(eur.rows.length).toBeGreaterThan(0);
    expect(usd.rows.some((r) => r.specialPrice !== null)).toBe(true);
    eur.rows.forEach((row, i) => {
      const base = usd.rows[i];
      expect(base.formattedPrice).toBe(money("$", base.price));
      expect(row.price).toBe(convert(base.price, rate));
      expect(row.formattedPrice).toBe(money("€", row.price));
      expect(row.minimumPrice).toBe(convert(base.minimumPrice, rate));
      expect(row.specialPrice).toBe(base.specialPrice === null ? null : convert(base.specialPrice, rate));
    });
  });

  it("EUR converts the detail: price, variants and downloadable links", async () => {
    const tshirt = await productBySku("CFG-TSHIRT");
    const usd = await detail(t, tshirt.id, {});
    const eur = await detail(t, tshirt.id, { "X-CURRENCY": "EUR" });
    expect(eur.price).toBe(convert(usd.price, rate));
    expect(eur.formattedPrice).toBe(money("€", eur.price));
    expect(eur.variants.length).toBeGreaterThan(0);
    eur.variants.forEach((v: { price: number; formattedPrice: string }, i: number) => {
      expect(v.price).toBe(convert(usd.variants[i].price, rate));
      expect(v.formattedPrice).toBe(money("€", v.price));
    });

    const album = await productBySku("DL-JAZZ");
    const links = (await detail(t, album.id, { "X-CURRENCY": "EUR" })).downloadableLinks;
    const baseLinks = (await detail(t, album.id, {})).downloadableLinks;
    expect(links.some((l: { price: number }) => l.price > 0)).toBe(true);
    links.forEach((l: { price: number; formattedPrice: string }, i: number) => {
      expect(l.price).toBe(convert(baseLinks[i].price, rate));
      expect(l.formattedPrice).toBe(money("€", l.price));
    });
  });

  it("price bounds are read in the request currency", async () => {
    const key = await storefrontKey();
    const expected = await expectedListing((p) => p.price * rate >= 20 && p.price * rate <= 50);
    const inUsd = await expectedListing((p) => p.price >= 20 && p.price <= 50);
    expect(expected.map((p) => p.id)).not.toEqual(inUsd.map((p) => p.id));

    const req = t === "rest" ? { rest: { price: "20,50" } } : { graphql: { filter: JSON.stringify({ price: "20,50" }) } };
    const { rows } = await allProducts(t, req, { key, headers: { "X-CURRENCY": "EUR" } });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });

  it.each<{ name: string; headers: Record<string, string> }>([
    { name: "a lower-cased code", headers: { "X-CURRENCY": "eur" } },
    { name: "an unknown code", headers: { "X-CURRENCY": "xx" } },
    { name: "a currency the channel does not sell in (b2b: USD only)", headers: { "X-CURRENCY": "EUR", "X-CHANNEL": "b2b" } },
    { name: "an empty value", headers: { "X-CURRENCY": "" } },
  ])("$name falls back silently to USD", async ({ headers }) => {
    const key = await storefrontKey();
    const { rows } = await allProducts(t, {}, { key, headers });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.formattedPrice).toBe(money("$", r.price));
    const first = await productBySku(rows[0].sku);
    expect(rows[0].price).toBe(first.price);
  });
});

describe.each(TRANSPORTS)("X-LOCALE (%s)", (t) => {
  it("fr gives French names and url keys on the list", async () => {
    const key = await storefrontKey();
    const expected = await expectedListing();
    const { rows } = await allProducts(t, {}, { key, headers: { "X-LOCALE": "fr" } });

    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((r, i) => {
      expect(r.name).toBe(expected[i].name.fr);
      expect(r.urlKey).toBe(expected[i].urlKey.fr);
    });
    expect(rows.find((r) => r.sku === "SH-OXFORD-WHITE")?.name).toBe("Chemise Oxford blanche");
  });

  it("fr translates the detail: name, description, attribute labels, option values, categories", async () => {
    const p = await productBySku("CFG-TSHIRT");
    const d = await detail(t, p.id, { "X-LOCALE": "fr" });
    expect(d).toMatchObject({ name: "T-shirt classique", urlKey: p.urlKey.fr });
    expect(d.description).toContain("T-shirt classique");
    expect(d.attributeValues).toEqual(expect.arrayContaining([
      expect.objectContaining({ code: "brand", label: "Marque", value: "Acme" }),
      expect.objectContaining({ code: "material", label: "Matière", value: "Coton" }),
    ]));
    expect(d.categories.map((c: { name: string }) => c.name).sort()).toEqual(["Hommes", "T-shirts"]);
    expect(d.variants[0].name).toMatch(/^T-shirt classique - /);
  });

  it("search matches names in the request locale", async () => {
    const key = await storefrontKey();
    const expected = await expectedListing((p) => p.name.fr.toLowerCase().includes("chemise"));
    expect(expected.length).toBeGreaterThan(0);
    const req = t === "rest" ? { rest: { query: "chemise" } } : { graphql: { query: "chemise" } };
    const { rows } = await allProducts(t, req, { key, headers: { "X-LOCALE": "fr" } });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });

  it.each<{ name: string; headers: Record<string, string> }>([
    { name: "an upper-cased code", headers: { "X-LOCALE": "FR" } },
    { name: "a region-qualified code", headers: { "X-LOCALE": "fr-FR" } },
    { name: "an unknown code", headers: { "X-LOCALE": "xx" } },
    { name: "a locale the channel does not have (b2b: en only)", headers: { "X-LOCALE": "fr", "X-CHANNEL": "b2b" } },
  ])("$name falls back silently to English", async ({ headers }) => {
    const key = await storefrontKey();
    const { rows } = await allProducts(t, {}, { key, headers });
    expect(rows.length).toBeGreaterThan(0);
    const products = await Promise.all(rows.slice(0, 5).map((r) => productBySku(r.sku)));
    rows.slice(0, 5).forEach((r, i) => expect(r.name).toBe(products[i].name.en));
  });

  it("EUR and fr together", async () => {
    const p = await productBySku("DL-JAZZ");
    const d = await detail(t, p.id, { "X-LOCALE": "fr", "X-CURRENCY": "EUR" });
    expect(d.name).toBe("Album Classiques du jazz");
    expect(d.price).toBe(convert(p.price, rate));
    expect(d.formattedPrice).toBe(money("€", d.price));
  });
});
