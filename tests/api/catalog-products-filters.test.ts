// Product list filters (SPEC.md "Product list query parameters", "GraphQL mapping"): every REST key, and the
// same keys as GraphQL's JSON `filter`; the answer is exactly the matching listed products, newest first.
import { beforeAll, describe, expect, it } from "vitest";
import { storefrontKey } from "../support/client.ts";
import {
  allProducts,
  carries,
  categoryId,
  expectedListing,
  expectGraphqlError,
  filterKeys,
  optionId,
  productPage,
  TRANSPORTS,
  type CatalogProduct,
  type ListRequest,
} from "../support/catalog-fixtures.ts";

interface Refs {
  red: number; green: number; blue: number; white: number; xl: number; small: number; acme: number;
  men: number; menShirts: number; kids: number;
}
let refs: Refs;

beforeAll(async () => {
  refs = {
    red: await optionId("color", "Red"),
    green: await optionId("color", "Green"),
    blue: await optionId("color", "Blue"),
    white: await optionId("color", "White"),
    xl: await optionId("size", "XL"),
    small: await optionId("size", "S"),
    acme: await optionId("brand", "Acme"),
    men: await categoryId("men"),
    menShirts: await categoryId("men/shirts"),
    kids: await categoryId("kids"),
  };
});

const text = (p: CatalogProduct, needle: string) =>
  p.name.en.toLowerCase().includes(needle) || p.sku.toLowerCase().includes(needle);
const search = (q: string): ListRequest => ({ rest: { query: q }, graphql: { query: q } });

interface FilterCase {
  name: string;
  req: (r: Refs) => ListRequest;
  matches: (r: Refs) => (p: CatalogProduct) => boolean;
  /** The case proves nothing unless the expected listing has such a product. */
  mustInclude?: (p: CatalogProduct) => boolean;
  empty?: true;
}

const cases: FilterCase[] = [
  { name: "no filter: every listed product", req: () => ({}), matches: () => () => true },
  { name: "query matches the name, ignoring case (filter key)", req: () => filterKeys({ query: "JEANS" }), matches: () => (p) => text(p, "jeans") },
  { name: "query matches the SKU (GraphQL query argument)", req: () => search("ts-cotton"), matches: () => (p) => text(p, "ts-cotton") },
  { name: "query matching nothing", req: () => search("no-such-thing"), matches: () => () => false, empty: true },
  { name: "query '%' is literal text, not a wildcard", req: () => search("%"), matches: () => () => false, empty: true },
  { name: "query '_' is literal text, not a wildcard", req: () => search("_"), matches: () => () => false, empty: true },
  { name: "category_id of a department", req: (r) => filterKeys({ category_id: String(r.men) }), matches: (r) => (p) => p.categoryIds.includes(r.men) },
  { name: "categoryId alias, a sub-category", req: (r) => filterKeys({ categoryId: String(r.menShirts) }), matches: (r) => (p) => p.categoryIds.includes(r.menShirts) },
  { name: "price=min,max", req: () => filterKeys({ price: "20,50" }), matches: () => (p) => p.price >= 20 && p.price <= 50 },
  { name: "price=,max", req: () => filterKeys({ price: ",30" }), matches: () => (p) => p.price <= 30 },
  { name: "price=min,", req: () => filterKeys({ price: "100," }), matches: () => (p) => p.price >= 100 },
  { name: "price bounds are inclusive", req: () => filterKeys({ price: "19,19" }), matches: () => (p) => p.price === 19, mustInclude: (p) => p.price === 19 },
  { name: "price_from and price_to", req: () => filterKeys({ price_from: "100", price_to: "200" }), matches: () => (p) => p.price >= 100 && p.price <= 200 },
  { name: "price_from alone", req: () => filterKeys({ price_from: "250" }), matches: () => (p) => p.price >= 250 },
  { name: "new=1", req: () => filterKeys({ new: "1" }), matches: () => (p) => p.new },
  { name: "featured=1", req: () => filterKeys({ featured: "1" }), matches: () => (p) => p.featured },
  { name: "new=1 and featured=1 together", req: () => filterKeys({ new: "1", featured: "1" }), matches: () => (p) => p.new && p.featured },
  { name: "type=configurable", req: () => filterKeys({ type: "configurable" }), matches: () => (p) => p.type === "configurable" },
  { name: "type=downloadable", req: () => filterKeys({ type: "downloadable" }), matches: () => (p) => p.type === "downloadable" },
  { name: "color=<option id>", req: (r) => filterKeys({ color: String(r.red) }), matches: (r) => carries("color", [r.red]) },
  {
    name: "color with several ids, comma-separated",
    req: (r) => filterKeys({ color: `${r.red},${r.blue}` }),
    matches: (r) => carries("color", [r.red, r.blue]),
  },
  {
    name: "filter[color]=<id> on REST, {color} in the GraphQL filter",
    req: (r) => ({ rest: { "filter[color]": String(r.green) }, graphql: { filter: JSON.stringify({ color: r.green }) } }),
    matches: (r) => carries("color", [r.green]),
  },
  {
    name: "a configurable matches through its variants' colour",
    req: (r) => filterKeys({ color: String(r.white) }),
    matches: (r) => carries("color", [r.white]),
    mustInclude: (p) => p.type === "configurable",
  },
  {
    name: "size XL: configurables through their variants",
    req: (r) => filterKeys({ size: String(r.xl) }),
    matches: (r) => carries("size", [r.xl]),
    mustInclude: (p) => p.sku === "CFG-TSHIRT",
  },
  {
    name: "two facets must both match",
    req: (r) => filterKeys({ color: String(r.red), brand: String(r.acme) }),
    matches: (r) => (p) => carries("color", [r.red])(p) && carries("brand", [r.acme])(p),
  },
  { name: "an option id of another attribute matches nothing", req: (r) => filterKeys({ color: String(r.small) }), matches: () => () => false, empty: true },
  { name: "unknown attribute keys are ignored", req: () => filterKeys({ colour: "1", utm_campaign: "42" }), matches: () => () => true },
  {
    name: "filters combine: category, price and facet",
    req: (r) => filterKeys({ category_id: String(r.kids), price: "10,40", color: String(r.red) }),
    matches: (r) => (p) => p.categoryIds.includes(r.kids) && p.price >= 10 && p.price <= 40 && carries("color", [r.red])(p),
  },
];

describe.each(TRANSPORTS)("products filters (%s)", (t) => {
  it.each(cases)("$name", async (c) => {
    const key = await storefrontKey();
    const expected = await expectedListing(c.matches(refs));
    if (c.empty) expect(expected).toEqual([]);
    else expect(expected.length, "the seed has products for this case").toBeGreaterThan(0);
    if (c.mustInclude) expect(expected.some(c.mustInclude)).toBe(true);

    const { rows, total } = await allProducts(t, c.req(refs), { key });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
    expect(total).toBe(expected.length);
  });

  it.each([
    { name: "a colour name instead of an option id", req: () => filterKeys({ color: "red" }) },
    { name: "one bad id among several", req: (r: Refs) => filterKeys({ color: `${r.red},abc` }) },
    { name: "a non-numeric filter[size]", req: () => ({ rest: { "filter[size]": "big" }, graphql: { filter: JSON.stringify({ "filter[size]": "big" }) } }) },
    { name: "a non-numeric price_from", req: () => filterKeys({ price_from: "cheap" }) },
    { name: "a non-numeric category_id", req: () => filterKeys({ category_id: "shoes" }) },
    { name: "an unknown product type", req: () => filterKeys({ type: "booking" }) },
    { name: "new neither 1 nor 0", req: () => filterKeys({ new: "maybe" }) },
  ])("refuses $name with 422", async ({ req }) => {
    const key = await storefrontKey();
    const page = await productPage(t, req(refs), { key });
    expect(page.status, JSON.stringify(page.answer.body)).toBe(422);
    if (t === "graphql") expectGraphqlError(page.answer, 422);
    else expect(typeof page.answer.body.message).toBe("string");
  });
});

describe("GraphQL filter argument", () => {
  it.each([
    { name: "malformed JSON", filter: "{bad" },
    { name: "a JSON array", filter: "[1,2]" },
    { name: "JSON null", filter: "null" },
    { name: "a JSON string", filter: '"color"' },
  ])("refuses $name with a 4xx error, never an internal one", async ({ filter }) => {
    const key = await storefrontKey();
    const page = await productPage("graphql", { graphql: { filter } }, { key });
    expectGraphqlError(page.answer, "4xx");
  });

  it("takes numbers and booleans as JSON values too", async () => {
    const key = await storefrontKey();
    const expected = await expectedListing((p) => p.categoryIds.includes(refs.men) && p.new);
    const filter = JSON.stringify({ category_id: refs.men, new: true });
    const { rows } = await allProducts("graphql", { graphql: { filter } }, { key });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });

  it("the query argument and a filter combine", async () => {
    const key = await storefrontKey();
    const expected = await expectedListing((p) => text(p, "shirt") && carries("color", [refs.red])(p));
    expect(expected.length).toBeGreaterThan(0);
    const { rows } = await allProducts("graphql", { graphql: { query: "shirt", filter: JSON.stringify({ color: String(refs.red) }) } }, { key });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });
});

describe("REST and GraphQL agree", () => {
  it.each([
    { name: "category and price, sorted by price", rest: (r: Refs) => ({ category_id: String(r.men), price: "0,100", sort: "price-desc" }), graphql: (r: Refs) => ({ filter: JSON.stringify({ category_id: r.men, price: "0,100" }), sortKey: "PRICE", reverse: true }) },
    { name: "a facet sorted by name", rest: (r: Refs) => ({ color: `${r.blue},${r.white}`, sort: "name-asc" }), graphql: (r: Refs) => ({ filter: JSON.stringify({ color: `${r.blue},${r.white}` }), sortKey: "TITLE" }) },
    { name: "a search, default order", rest: () => ({ query: "shirt" }), graphql: () => ({ query: "shirt" }) },
  ])("same ids in the same order: $name", async (c) => {
    const key = await storefrontKey();
    const viaRest = await allProducts("rest", { rest: c.rest(refs) }, { key }, 11);
    const viaGraphql = await allProducts("graphql", { graphql: c.graphql(refs) }, { key }, 11);
    expect(viaRest.rows.length).toBeGreaterThan(0);
    expect(viaGraphql.rows.map((r) => r.id)).toEqual(viaRest.rows.map((r) => r.id));
    expect(viaGraphql.total).toBe(viaRest.total);
  });
});
