// Each cached read touches only the tables its tags name (lib/cache): with every cache cold, the storefront's reads
// (catalog lists, details and their parts, the held public reads over REST and GraphQL, Shop GraphQL answers, the
// key check, a whole checkout) run once; every statement a cache's load sends is parsed for the tables it reads,
// and each must be one of that cache's tags (or row tables). A read whose tags miss a table would go on answering
// from memory after a write to it. And CACHED_TABLES, the tables whose writes reach other instances, is exactly
// the union of the caches' tags: none is missing (checked as a cache is made) and none is left over.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caches, loadingCache } from "../../lib/cache/index.ts";
import { CACHED_TABLES, onStatement } from "../../lib/db/observe.ts";
import { getSql, provider } from "../../lib/db/client.ts";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { freshProduct } from "../support/checkout.ts";
import { activeShippingMethods, channelPaymentMethods, countryByCode } from "../../lib/checkout/reference.ts";
import { storefrontRedirect } from "../../lib/cms/redirects.ts";
// Every module that makes a cache, so that the union of tags is whole even where no request loads one.
import "../../lib/catalog/cache.ts";
import "../../lib/catalog/attributes.ts";
import "../../lib/catalog/categories.ts";
import "../../lib/cms/pages.ts";
import "../../lib/store/reference.ts";
import "../../lib/graphql/response-cache.ts";

const READ = /^\s*(SELECT|WITH)\b/i;
/** A table a statement reads: named after FROM or JOIN, quoted (Prisma and the raw statements quote every table). */
const TABLE = /\b(?:FROM|JOIN)\s+(?:[`"]\w+[`"]\s*\.\s*)?[`"](\w+)[`"]/gi;

/** The database's tables: a name after FROM may also be a CTE's (`WITH "page" AS (...)`). */
let known = new Set<string>();
const tablesOf = (sql: string) => new Set([...sql.matchAll(TABLE)].map((m) => m[1]).filter((t) => known.has(t)));

/** Per cache, the tables its loads read; and every table read outside a cache's tags, with the statement. */
const read = new Map<string, Set<string>>();
const untagged: string[] = [];
let stop: () => void = () => undefined;

beforeAll(async () => {
  const db = await getDb();
  const rows = provider() === "postgresql"
    ? await db.$queryRawUnsafe<{ name: string }[]>(`SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema()`)
    : await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table'`);
  known = new Set(rows.map((r) => r.name));
  expect(known.has("Product")).toBe(true);
  stop = onStatement((sql) => {
    const cache = loadingCache();
    if (!cache || !READ.test(sql)) return;
    const tables = read.get(cache.name) ?? new Set<string>();
    read.set(cache.name, tables);
    for (const table of tablesOf(sql)) {
      tables.add(table);
      if (!cache.tags.has(table) && !cache.rowTables.has(table)) untagged.push(`${cache.name} reads ${table}: ${sql.slice(0, 200)}`);
    }
  });
});

afterAll(() => stop());

const forgetAll = () => {
  for (const cache of caches()) cache.forget();
};

describe("cached reads and their tags", () => {
  it("every statement a cached read sends reads only tables among its tags", async () => {
    const db = await getDb();
    const key = await storefrontKey();
    const fresh = await freshProduct({ qty: 5 });
    const byType = async (type: string) => (await db.product.findFirstOrThrow({ where: { type, status: true }, select: { id: true } })).id;
    const products = [fresh, ...(await Promise.all(["configurable", "grouped", "bundle", "downloadable"].map(byType)))];
    const category = await db.category.findFirstOrThrow({ where: { status: 1, parentId: { not: null } }, select: { id: true } });
    const attribute = await db.attributeOption.findFirstOrThrow({ select: { id: true, attributeId: true } });
    const page = await db.cmsPage.findFirstOrThrow({ select: { id: true } });
    const channel = await db.channel.findFirstOrThrow({ where: { code: "default" }, select: { id: true } });
    const locale = await db.locale.findFirstOrThrow({ select: { id: true } });
    const country = await db.country.findFirstOrThrow({ where: { states: { some: {} } }, select: { id: true, states: { select: { id: true }, take: 1 } } });

    const ok = async (what: string, answer: Promise<{ status: number; body: unknown }>) => {
      const a = await answer;
      expect(a.status, `${what}: ${JSON.stringify(a.body).slice(0, 300)}`).toBe(200);
    };
    forgetAll();
    // The catalog over REST: lists (pages and totals), a search, details and their parts.
    await ok("list", call("GET", "/api/shop/products?per_page=5", undefined, { key }));
    await ok("list by category", call("GET", `/api/shop/products?category_id=${category.id}&sort=price-desc`, undefined, { key }));
    await ok("search", call("GET", "/api/shop/products?query=shirt", undefined, { key }));
    for (const id of products) {
      await ok(`detail ${id}`, call("GET", `/api/shop/products/${id}`, undefined, { key }));
      for (const part of ["images", "variants", "attribute-values", "downloadable-links"]) {
        await ok(`${part} of ${id}`, call("GET", `/api/shop/products/${id}/${part}`, undefined, { key }));
      }
    }
    // The held public reads, over both transports (GraphQL answers of catalog reads kept whole, too).
    const held: [string, Record<string, unknown>][] = [
      ["categories", {}], ["category", { id: category.id }], ["treeCategories", {}],
      ["attributes", {}], ["attribute", { id: attribute.attributeId }], ["attributeOptions", { attributeId: attribute.attributeId }],
      ["attributeOption", { id: attribute.id }],
      ["pages", {}], ["page", { id: page.id }],
      ["channels", {}], ["channel", { id: channel.id }], ["locales", {}], ["locale", { id: String(locale.id) }], ["currencies", {}],
      ["countries", {}], ["country", { id: country.id }], ["countryStates", { countryId: country.id }], ["countryState", { id: country.states[0].id }],
    ];
    for (const via of VIAS) {
      forgetAll();
      for (const [op, input] of held) must(await invoke(via, op, input, { key, pathParams: op === "country" ? { country_id: country.id } : undefined }));
    }
    // Shop GraphQL answers, their reads warm (so that the answer's own load is what runs) and cold.
    const list = `{ products(first: 5) { edges { node { _id name price inStock } } } categories { edges { node { _id name } } } }`;
    for (const cold of [false, true]) {
      if (cold) forgetAll();
      const answer = await graphql(list, undefined, { key });
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    // What checkout consults: shipping and payment methods, countries.
    forgetAll();
    expect((await activeShippingMethods(await getSql())).length).toBeGreaterThan(0);
    expect((await channelPaymentMethods(await getSql(), channel.id)).length).toBeGreaterThan(0);
    expect(await countryByCode(await getSql(), "US")).not.toBeNull();
    // What the storefront's proxy consults before a page renders: the redirects it answers.
    forgetAll();
    expect(await storefrontRedirect(db, `/page/no-such-page-${Date.now()}`)).toBeNull();

    expect(untagged, "statements of cached reads reading a table missing from their tags").toEqual([]);
    // Every cache made ran a load that read something (GraphQL answers read through the catalog caches within).
    const silent = caches().filter((c) => !read.has(c.name) && c.name !== "Shop GraphQL answers").map((c) => c.name);
    expect(silent, "caches these requests never loaded from the database").toEqual([]);
  });

  it("CACHED_TABLES is the union of the caches' tags", () => {
    const tagged = new Set(caches().flatMap((c) => [...c.tags, ...c.rowTables]));
    expect([...CACHED_TABLES].filter((t) => !tagged.has(t)), "listed, yet no cache is made of it").toEqual([]);
    expect([...tagged].filter((t) => !CACHED_TABLES.has(t))).toEqual([]);
  });
});
