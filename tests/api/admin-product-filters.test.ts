// The admin product list's filters the panel's product screen offers: by category and by stock in a channel
// (in stock, out of stock, low), on REST and GraphQL alike; a bad value is a 422 naming the parameter.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let tag: string;
let made: Record<string, number>;
let channels: { default: number; b2b: number };
let category: number;

/** A disabled product (the shop's catalog suites never list it) of the run's tag, with stock in the default channel. */
async function product(key: string, input: Record<string, unknown>) {
  const sku = `${tag}-${key}`;
  const res = await adminCall(token, "POST", "/api/admin/catalog/products", {
    sku, type: "simple", status: false, price: 10, channels: [channels.default, channels.b2b],
    translations: [{ locale: "en", name: `Filter ${key}`, urlKey: sku.toLowerCase() }],
    ...input,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  token = await adminToken();
  tag = unique("PF").toUpperCase();
  const db = await getDb();
  const codes = Object.fromEntries((await db.channel.findMany()).map((c) => [c.code, c.id]));
  channels = { default: codes.default, b2b: codes.b2b };
  category = (await db.category.findFirstOrThrow({ where: { parentId: { not: null } } })).id;
  const color = (await db.attribute.findFirstOrThrow({ where: { code: "color" }, include: { options: { orderBy: { id: "asc" } } } })).options.map((o) => o.id);
  made = {
    empty: await product("empty", { inventories: [{ channelId: channels.default, qty: 0 }, { channelId: channels.b2b, qty: 40 }] }),
    few: await product("few", { inventories: [{ channelId: channels.default, qty: 3 }], categories: [category] }),
    many: await product("many", { inventories: [{ channelId: channels.default, qty: 20 }], categories: [category] }),
    none: await product("none", {}),
    virtual: await product("virtual", { type: "virtual" }),
    parent: await product("parent", { type: "configurable", superAttributes: ["color"] }),
  };
  // The configurable's variants: 2 and 0 units, so it is in stock, and low up to 2.
  for (const [i, qty] of [2, 0].entries()) {
    await product(`v${i}`, { parentId: made.parent, attributeValues: [{ attributeCode: "color", optionId: color[i] }], inventories: [{ channelId: channels.default, qty }] });
  }
});

const skus = (rows: { sku: string }[]) => rows.map((r) => r.sku.slice(tag.length + 1)).sort();

describe.each(VIAS)("admin product filters over %s", (via) => {
  const list = async (filters: Record<string, unknown>) => {
    const res = await asAdmin(via, token, "adminProducts", { q: tag, ...filters }, { perPage: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // REST answers the list envelope, GraphQL's connection is flattened to its rows.
    return skus(Array.isArray(res.data) ? res.data : res.data.data);
  };

  it("filters by stock in the request's channel: a configurable by its variants, virtual always in stock", async () => {
    expect(await list({ stock: "in_stock" })).toEqual(["few", "many", "parent", "v0", "virtual"]);
    expect(await list({ stock: "out_of_stock" })).toEqual(["empty", "none", "v1"]);
    expect(await list({ stock: "low" })).toEqual(["few", "parent", "v0"]);
    expect(await list({ stock: "low", lowStock: 1 })).toEqual([]);
    expect(await list({ stock: "low", lowStock: 20 })).toEqual(["few", "many", "parent", "v0"]);
  });

  it("counts the stock of the channel the filter names", async () => {
    expect(await list({ stock: "in_stock", channelId: channels.b2b })).toEqual(["empty", "virtual"]);
    expect(await list({ stock: "low", channelId: channels.b2b, lowStock: 40 })).toEqual(["empty"]);
  });

  it("filters by category, with the other filters", async () => {
    expect(await list({ categoryId: category })).toEqual(["few", "many"]);
    expect(await list({ categoryId: category, stock: "low" })).toEqual(["few"]);
    expect(await list({ type: "configurable", stock: "in_stock" })).toEqual(["parent"]);
  });

  it.each([
    ["stock", { stock: "plenty" }],
    ["lowStock", { stock: "low", lowStock: 0 }],
  ])("refuses a bad %s with a 422 naming it", async (field, filters) => {
    const res = await asAdmin(via, token, "adminProducts", { q: tag, ...filters });
    expect(res.status).toBe(422);
    expect(Object.keys(res.fields ?? {})).toContain(field);
  });
});

describe("the REST query", () => {
  it("spells the parameters in snake_case and answers the list envelope", async () => {
    const res = await adminCall(token, "GET", `/api/admin/catalog/products?q=${tag}&stock=low&low_stock=3&category_id=${category}`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ total: 1, currentPage: 1 });
    expect(res.body.data[0]).toMatchObject({ id: made.few, inventories: [{ channelId: channels.default, qty: 3 }], categories: [category] });
    const bad = await adminCall(token, "GET", `/api/admin/catalog/products?stock=plenty`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("stock");
    expect(bad.body.errors.stock[0]).toMatch(/in_stock, out_of_stock, low/);
  });
});
