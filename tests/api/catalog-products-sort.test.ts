// Product list sorting (SPEC.md): REST `sort=<field>-<dir>` or `sort=<field>&order=<dir>`, GraphQL `sortKey`
// with `reverse`. Both transports return the same ids in the same order, and paging stays stable across ties.
import { beforeAll, describe, expect, it } from "vitest";
import { storefrontKey } from "../support/client.ts";
import {
  allProducts,
  categoryId,
  expectedListing,
  expectGraphqlError,
  productPage,
  TRANSPORTS,
  type CatalogProduct,
  type ProductRow,
} from "../support/catalog-fixtures.ts";

type Sorted = (rows: ProductRow[], expected: CatalogProduct[]) => void;

/** Rows hold the listed products, and `key` never goes the wrong way between neighbours (ties in any order). */
const ordered = <K extends number | string>(key: (r: ProductRow) => K, dir: "asc" | "desc"): Sorted => (rows, expected) => {
  expect([...rows.map((r) => r.id)].sort((a, b) => a - b)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = dir === "asc" ? [key(rows[i - 1]), key(rows[i])] : [key(rows[i]), key(rows[i - 1])];
    expect(a <= b, `${rows[i - 1].sku} (${key(rows[i - 1])}) before ${rows[i].sku} (${key(rows[i])})`).toBe(true);
  }
};

/** Creation dates are distinct in the seed, so the order is exact. */
const byAge = (dir: "asc" | "desc"): Sorted => (rows, expected) => {
  const newest = expected.map((p) => p.id);
  expect(rows.map((r) => r.id)).toEqual(dir === "desc" ? newest : [...newest].reverse());
};

const price = (r: ProductRow) => r.price;
const name = (r: ProductRow) => r.name;

const cases: { name: string; rest: Record<string, string>; graphql: { sortKey?: string; reverse?: boolean }; check: Sorted }[] = [
  { name: "default: newest first", rest: {}, graphql: {}, check: byAge("desc") },
  { name: "price-asc / PRICE", rest: { sort: "price-asc" }, graphql: { sortKey: "PRICE" }, check: ordered(price, "asc") },
  { name: "price-desc / PRICE reverse", rest: { sort: "price-desc" }, graphql: { sortKey: "PRICE", reverse: true }, check: ordered(price, "desc") },
  { name: "sort=price&order=desc", rest: { sort: "price", order: "desc" }, graphql: { sortKey: "PRICE", reverse: true }, check: ordered(price, "desc") },
  { name: "sort=price alone is ascending", rest: { sort: "price" }, graphql: { sortKey: "PRICE", reverse: false }, check: ordered(price, "asc") },
  { name: "created_at-desc / CREATED_AT reverse", rest: { sort: "created_at-desc" }, graphql: { sortKey: "CREATED_AT", reverse: true }, check: byAge("desc") },
  { name: "created_at-asc / CREATED_AT", rest: { sort: "created_at-asc" }, graphql: { sortKey: "CREATED_AT" }, check: byAge("asc") },
  { name: "sort=created_at&order=asc", rest: { sort: "created_at", order: "asc" }, graphql: { sortKey: "CREATED_AT" }, check: byAge("asc") },
  { name: "name-asc / TITLE", rest: { sort: "name-asc" }, graphql: { sortKey: "TITLE" }, check: ordered(name, "asc") },
  { name: "name-asc / NAME", rest: { sort: "name-asc" }, graphql: { sortKey: "NAME" }, check: ordered(name, "asc") },
  { name: "name-desc / NAME reverse", rest: { sort: "name-desc" }, graphql: { sortKey: "NAME", reverse: true }, check: ordered(name, "desc") },
  { name: "name-desc / TITLE reverse", rest: { sort: "name", order: "desc" }, graphql: { sortKey: "TITLE", reverse: true }, check: ordered(name, "desc") },
  { name: "reverse alone turns the default order: oldest first", rest: { sort: "created_at-asc" }, graphql: { reverse: true }, check: byAge("asc") },
];

describe.each(TRANSPORTS)("products sort (%s)", (t) => {
  it.each(cases)("$name", async (c) => {
    const key = await storefrontKey();
    const expected = await expectedListing();
    // Pages of 13 split runs of equal prices: a tie broken differently on two pages would repeat or drop a row.
    const { rows } = await allProducts(t, t === "rest" ? { rest: c.rest } : { graphql: c.graphql }, { key }, 13);
    c.check(rows, expected);
  });

  it("sorts within a filter", async () => {
    const key = await storefrontKey();
    const men = await categoryId("men");
    const expected = await expectedListing((p) => p.categoryIds.includes(men));
    const req = t === "rest"
      ? { rest: { category_id: String(men), sort: "price-desc" } }
      : { graphql: { filter: JSON.stringify({ category_id: men }), sortKey: "PRICE", reverse: true } };
    const { rows } = await allProducts(t, req, { key }, 7);
    ordered(price, "desc")(rows, expected);
  });
});

describe("REST and GraphQL return the same order for each sort", () => {
  it.each(cases)("$name", async (c) => {
    const key = await storefrontKey();
    const viaRest = await allProducts("rest", { rest: c.rest }, { key });
    const viaGraphql = await allProducts("graphql", { graphql: c.graphql }, { key });
    expect(viaGraphql.rows.map((r) => r.id)).toEqual(viaRest.rows.map((r) => r.id));
  });
});

describe("unknown sorts are refused", () => {
  let key: string;
  beforeAll(async () => {
    key = await storefrontKey();
  });

  it.each<{ name: string; rest: Record<string, string> }>([
    { name: "an unknown field", rest: { sort: "popularity" } },
    { name: "an unknown field with a direction", rest: { sort: "popularity-desc" } },
    { name: "a known field with an unknown direction", rest: { sort: "price-sideways" } },
    { name: "an unknown order", rest: { sort: "price", order: "sideways" } },
  ])("REST: $name → 422", async ({ rest }) => {
    const page = await productPage("rest", { rest }, { key });
    expect(page.status).toBe(422);
    expect(typeof page.answer.body.message).toBe("string");
  });

  it.each(["POPULARITY", "BEST_SELLING"])("GraphQL sortKey %j → 4xx error", async (sortKey) => {
    const page = await productPage("graphql", { graphql: { sortKey } }, { key });
    expectGraphqlError(page.answer, "4xx");
  });
});
