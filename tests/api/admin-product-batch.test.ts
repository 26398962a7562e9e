// The batch upsert of products (upsertAdminProducts: POST /api/admin/catalog/products/batch and its GraphQL twin),
// external ids and metadata on products, and the CSV import's channel stock, locales and configurable products.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { MAX_BATCH_PRODUCTS } from "../../lib/admin/catalog/product-batch-service.ts";

const BATCH = "upsertAdminProducts";
const URL = "/api/admin/catalog/products/batch";

let token: string;
let ref: { default: number; b2b: number; color: number[]; colorNames: string[]; size: number[]; sizeNames: string[] };
beforeAll(async () => {
  token = await adminToken();
  const db = await getDb();
  const channels = Object.fromEntries((await db.channel.findMany()).map((c) => [c.code, c.id]));
  const options = async (code: string) => (await db.attribute.findUniqueOrThrow({ where: { code }, include: { options: { orderBy: { id: "asc" } } } })).options;
  const [color, size] = [await options("color"), await options("size")];
  ref = { default: channels.default, b2b: channels.b2b, color: color.map((o) => o.id), colorNames: color.map((o) => o.adminName), size: size.map((o) => o.id), sizeNames: size.map((o) => o.adminName) };
});

/** A simple product row in two locales with stock in two channels; disabled, so the shop's catalog suites never list it. */
function row(sku: string, overrides: Record<string, unknown> = {}) {
  const slug = sku.toLowerCase();
  return {
    sku,
    type: "simple",
    status: false,
    price: "12.50",
    translations: [
      { locale: "en", name: `Mug ${sku}`, urlKey: slug },
      { locale: "fr", name: `Tasse ${sku}`, urlKey: `${slug}-fr` },
    ],
    channels: [ref.default, ref.b2b],
    inventories: [{ channelId: ref.default, qty: 7 }, { channelId: ref.b2b, qty: 3 }],
    ...overrides,
  };
}

const rowsOf = (tag: string, from: number, to: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: to - from }, (_, k) => row(`${tag}-${from + k}`, extra(from + k)));

async function count(tag: string) {
  return (await getDb()).product.count({ where: { sku: { startsWith: `${tag}-` } } });
}

describe("the batch upsert over REST", () => {
  it("takes 500 products in two channels and two locales through five calls of 100", async () => {
    const tag = unique("BAT").toUpperCase();
    const started = Date.now();
    for (let call = 0; call < 5; call++) {
      const rows = rowsOf(tag, call * 100, call * 100 + 100, (i) => ({ externalId: `erp-${tag}-${i}`, metadata: { erp_line: String(i) } }));
      const res = await adminCall(token, "POST", URL, { products: rows });
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      expect(res.body).toMatchObject({ created: 100, updated: 0, failed: 0 });
      expect(res.body.data[0]).toMatchObject({ index: 0, sku: `${tag}-${call * 100}`, externalId: `erp-${tag}-${call * 100}`, status: "created", errors: [], variants: [] });
      expect(res.body.data.every((r: { id: number | null }) => typeof r.id === "number")).toBe(true);
    }
    // Seconds, not minutes: a connector sends a catalog this way.
    expect(Date.now() - started).toBeLessThan(60_000);
    const db = await getDb();
    const products = await db.product.findMany({ where: { sku: { startsWith: `${tag}-` } }, include: { translations: true, inventories: true, channels: true } });
    expect(products).toHaveLength(500);
    for (const p of products) {
      expect(p.translations.map((t) => t.locale).sort()).toEqual(["en", "fr"]);
      expect(p.channels.map((c) => c.channelId).sort()).toEqual([ref.default, ref.b2b].sort());
      expect(Object.fromEntries(p.inventories.map((i) => [i.channelId, i.qty]))).toEqual({ [ref.default]: 7, [ref.b2b]: 3 });
      expect(p.externalId).toBe(`erp-${tag}-${p.sku.slice(tag.length + 1)}`);
      // Metadata keys are the caller's own: REST's snake_case-to-camelCase does not touch them.
      expect(p.metadata).toEqual({ erp_line: p.sku.slice(tag.length + 1) });
      expect(Number(p.price)).toBe(12.5);
    }
    expect(await db.event.count({ where: { type: "product.created", subject: { in: products.slice(0, 10).map((p) => `product:${p.id}`) } } })).toBe(10);

    // A second batch: half matched by sku, half by external id (renaming their skus); no duplicates.
    const bySku = Array.from({ length: 50 }, (_, i) => ({ sku: `${tag}-${i}`, price: "9.99", inventories: [{ channelId: ref.b2b, qty: 40 }] }));
    const byExternal = Array.from({ length: 50 }, (_, i) => ({ externalId: `erp-${tag}-${100 + i}`, sku: `${tag}-R${100 + i}`, translations: [{ locale: "fr", name: `Bol ${i}`, urlKey: `${tag.toLowerCase()}-bol-${i}` }] }));
    const again = await adminCall(token, "POST", URL, { products: [...bySku, ...byExternal] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 100, failed: 0 });
    expect(again.body.data[60]).toMatchObject({ index: 60, status: "updated", sku: `${tag}-R110`, externalId: `erp-${tag}-110` });
    expect(await count(tag)).toBe(500);
    const repriced = await db.product.findUniqueOrThrow({ where: { sku: `${tag}-3` }, include: { inventories: true } });
    expect(Number(repriced.price)).toBe(9.99);
    expect(Object.fromEntries(repriced.inventories.map((i) => [i.channelId, i.qty]))).toEqual({ [ref.default]: 7, [ref.b2b]: 40 });
    const renamed = await db.product.findUniqueOrThrow({ where: { externalId: `erp-${tag}-110` }, include: { translations: { orderBy: { locale: "asc" } } } });
    expect(renamed.sku).toBe(`${tag}-R110`);
    expect(renamed.translations.map((t) => [t.locale, t.name])).toEqual([["en", `Mug ${tag}-110`], ["fr", "Bol 10"]]);
    expect(await db.product.count({ where: { sku: `${tag}-110` } })).toBe(0);
    const event = await db.event.findFirstOrThrow({ where: { type: "product.updated", subject: `product:${renamed.id}` }, orderBy: { id: "desc" } });
    // The external id found the product: only what the row changed is named.
    expect(JSON.parse(event.data).changed).toEqual(["sku", "translations"]);
  }, 180_000);

  it("answers each row and writes only the good ones", async () => {
    const tag = unique("BAD").toUpperCase();
    const db = await getDb();
    const taken = await db.product.create({ data: { sku: `${tag}-TAKEN`, type: "simple", price: 1, status: false, externalId: `erp-${tag}-other` } });
    const rows = [
      row(`${tag}-0`),
      row(`${tag}-1`, { price: -1 }),
      row(`${tag}-2`, { translations: [{ locale: "xx", name: "X", urlKey: `${tag.toLowerCase()}-2` }] }),
      row(`${tag}-0`, { translations: [{ locale: "en", name: "Twice", urlKey: `${tag.toLowerCase()}-again` }] }),
      row(`${tag}-4`, { colour: "red" }),
      row(`${tag}-5`, { inventories: [{ channelId: 99999, qty: 1 }] }),
      // A sku whose product carries another external id is not this row's.
      row(`${tag}-TAKEN`, { externalId: `erp-${tag}-mine` }),
      row(`${tag}-7`, { externalId: `erp-${tag}-other` }),
      row(`${tag}-8`),
    ];
    const res = await adminCall(token, "POST", URL, { products: rows });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 1, failed: 6 });
    expect(res.body.data.map((r: { status: string; errors: { field: string }[] }) => [r.status, r.errors.map((e) => e.field)])).toEqual([
      ["created", []],
      ["failed", ["price"]],
      ["failed", ["translations.0.locale"]],
      ["failed", ["sku"]],
      ["failed", ["body"]],
      ["failed", ["channels"]],
      ["failed", ["sku"]],
      // Matched by its external id: that product is updated with the row, its sku renamed.
      ["updated", []],
      ["created", []],
    ]);
    expect(res.body.data[3].errors[0].message).toMatch(/repeated from index 0/);
    expect(res.body.data[1]).toMatchObject({ index: 1, sku: `${tag}-1`, id: null, status: "failed" });
    expect(await db.product.count({ where: { sku: { in: [`${tag}-1`, `${tag}-2`, `${tag}-4`, `${tag}-5`] } } })).toBe(0);
    expect((await db.product.findUniqueOrThrow({ where: { sku: `${tag}-0` }, include: { translations: true } })).translations.map((t) => t.name).sort()).toEqual([`Mug ${tag}-0`, `Tasse ${tag}-0`]);
    expect(await db.product.findUnique({ where: { id: taken.id } })).toMatchObject({ sku: `${tag}-7`, externalId: `erp-${tag}-other` });
    expect(res.body.data[7]).toMatchObject({ id: taken.id, sku: `${tag}-7`, externalId: `erp-${tag}-other` });
  });

  it("refuses a whole body over 100 rows, or with a row that is not an object, and writes nothing", async () => {
    const tag = unique("MAX").toUpperCase();
    expect(MAX_BATCH_PRODUCTS).toBe(100);
    const over = await adminCall(token, "POST", URL, { products: rowsOf(tag, 0, 101) });
    expect(over.status).toBe(422);
    expect(over.body.errors.products[0]).toMatch(/at most 100/);
    const notObject = await adminCall(token, "POST", URL, { products: [row(`${tag}-A`), "B", 3] });
    expect(notObject.status).toBe(422);
    expect(Object.keys(notObject.body.errors)).toEqual(expect.arrayContaining(["products.1"]));
    for (const body of [{ products: row(`${tag}-C`) }, { products: [] }, {}, { products: [row(`${tag}-D`)], extra: 1 }]) {
      expect((await adminCall(token, "POST", URL, body)).status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(await count(tag)).toBe(0);
    expect((await adminCall(token, "GET", URL)).status).toBe(405);
  });

  it("needs both catalog.products.create and catalog.products.edit", async () => {
    const tag = unique("PRM").toUpperCase();
    for (const permissions of [["catalog.products.create"], ["catalog.products.edit"], ["catalog.products.view"]]) {
      const limited = await adminToken({ scope: "custom", permissions });
      const res = await adminCall(limited, "POST", URL, { products: [row(`${tag}-1`)] });
      expect(res.status, permissions.join()).toBe(403);
      expect((await asAdmin("graphql", limited, BATCH, { products: [row(`${tag}-1`)] })).status).toBe(403);
    }
    expect(await count(tag)).toBe(0);
    const both = await adminToken({ scope: "custom", permissions: ["catalog.products.create", "catalog.products.edit"] });
    expect((await adminCall(both, "POST", URL, { products: [row(`${tag}-1`)] })).body).toMatchObject({ created: 1 });
  });

  it("writes a configurable product with its variants in the row's one transaction", async () => {
    const tag = unique("CFG").toUpperCase();
    const slug = tag.toLowerCase();
    const variant = (n: number, color: number, size: number, extra: Record<string, unknown> = {}) => ({
      sku: `${tag}-V${n}`,
      externalId: `erp-${tag}-v${n}`,
      price: "20.00",
      status: false,
      translations: [{ locale: "en", name: `Tee ${n}`, urlKey: `${slug}-v${n}` }, { locale: "fr", name: `T-shirt ${n}`, urlKey: `${slug}-v${n}-fr` }],
      attributeValues: [{ attributeCode: "color", optionId: color }, { attributeCode: "size", optionId: size }],
      inventories: [{ channelId: ref.default, qty: 5 }, { channelId: ref.b2b, qty: 2 }],
      ...extra,
    });
    const parent = (variants: unknown[]) => ({ ...row(`${tag}-P`, { type: "configurable", superAttributes: ["color", "size"], inventories: undefined, externalId: `erp-${tag}-p` }), variants });
    const res = await adminCall(token, "POST", URL, { products: [parent([variant(1, ref.color[0], ref.size[0]), variant(2, ref.color[1], ref.size[0])])] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data[0]).toMatchObject({ status: "created", variants: [{ index: 0, sku: `${tag}-V1`, status: "created" }, { index: 1, sku: `${tag}-V2`, status: "created" }] });
    const db = await getDb();
    const made = await db.product.findUniqueOrThrow({ where: { sku: `${tag}-P` }, include: { variants: { include: { inventories: true }, orderBy: { sku: "asc" } } } });
    expect(made.type).toBe("configurable");
    expect(made.variants.map((v) => [v.sku, v.externalId, v.visibleIndividually, v.inventories.length])).toEqual([[`${tag}-V1`, `erp-${tag}-v1`, false, 2], [`${tag}-V2`, `erp-${tag}-v2`, false, 2]]);

    // Again: variant 1 matched by external id (new price), a third added; the parent is updated.
    const next = await adminCall(token, "POST", URL, { products: [parent([{ externalId: `erp-${tag}-v1`, price: "22.00" }, variant(3, ref.color[2], ref.size[1])])] });
    expect(next.body.data[0]).toMatchObject({ status: "updated", variants: [{ status: "updated", externalId: `erp-${tag}-v1` }, { status: "created", sku: `${tag}-V3` }] });
    expect(Number((await db.product.findUniqueOrThrow({ where: { sku: `${tag}-V1` } })).price)).toBe(22);
    expect(await db.product.count({ where: { parentId: made.id } })).toBe(3);

    // A variant that fails (the combination of variant 2) fails its row: nothing of it is written.
    const bad = await adminCall(token, "POST", URL, {
      products: [{ ...parent([variant(4, ref.color[3], ref.size[2]), variant(5, ref.color[1], ref.size[0])]), price: "30.00" }],
    });
    expect(bad.body.data[0]).toMatchObject({ status: "failed", id: null, variants: [] });
    expect(bad.body.data[0].errors.map((e: { field: string }) => e.field)).toEqual(["variants.1.attributeValues"]);
    expect(await db.product.count({ where: { sku: `${tag}-V4` } })).toBe(0);
    expect(Number((await db.product.findUniqueOrThrow({ where: { id: made.id } })).price)).toBe(12.5);
    // A variant row cannot take another product as its own.
    await db.product.create({ data: { sku: `${tag}-LONE`, type: "simple", price: 1, status: false } });
    const other = await adminCall(token, "POST", URL, { products: [parent([{ sku: `${tag}-LONE` }])] });
    expect(other.body.data[0].errors[0]).toMatchObject({ field: "variants.0.sku", message: expect.stringMatching(/not a variant/) });
  });
});

describe("the batch upsert over GraphQL", () => {
  it("creates 100 products in one call, then updates them by external id", async () => {
    const tag = unique("GQL").toUpperCase();
    const rows = rowsOf(tag, 0, 100, (i) => ({ externalId: `erp-${tag}-${i}` }));
    const res = await asAdmin("graphql", token, BATCH, { products: rows });
    expect(res.status, JSON.stringify(res.raw).slice(0, 500)).toBe(200);
    expect(res.data).toMatchObject({ created: 100, updated: 0, failed: 0 });
    expect(res.data.data[99]).toMatchObject({ index: 99, sku: `${tag}-99`, externalId: `erp-${tag}-99`, status: "created" });
    const db = await getDb();
    expect(await db.productTranslation.count({ where: { product: { sku: { startsWith: `${tag}-` } } } })).toBe(200);
    expect(await db.productInventory.count({ where: { product: { sku: { startsWith: `${tag}-` } }, channelId: ref.b2b, qty: 3 } })).toBe(100);

    const update = await asAdmin("graphql", token, BATCH, { products: [{ externalId: `erp-${tag}-5`, status: true, price: 3 }, { externalId: `erp-${tag}-6`, price: -3 }] });
    expect(update.data).toMatchObject({ created: 0, updated: 1, failed: 1 });
    expect(update.data.data[1].errors).toEqual([{ field: "price", message: expect.any(String) }]);
    expect((await db.product.findUniqueOrThrow({ where: { externalId: `erp-${tag}-5` } })).status).toBe(true);
    await db.product.update({ where: { externalId: `erp-${tag}-5` }, data: { status: false } });
    expect(await count(tag)).toBe(100);

    const over = await asAdmin("graphql", token, BATCH, { products: rowsOf(tag, 100, 201) });
    expect(over.status).toBe(422);
    expect(await count(tag)).toBe(100);
  });
});

describe("external ids and metadata on one product", () => {
  const create = "createAdminProduct";
  const update = "updateAdminProduct";

  it.each(["rest", "graphql"] as const)("sets, changes and clears them over %s; a taken external id is a 422", async (via) => {
    const tag = unique("EXT").toUpperCase();
    const made = await asAdmin(via, token, create, { ...row(`${tag}-1`, { price: 12.5 }), externalId: `erp-${tag}-1`, metadata: { source: "erp", line: "4" } });
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    expect(made.data).toMatchObject({ externalId: `erp-${tag}-1`, metadata: { source: "erp", line: "4" } });
    const id = typeof made.data.id === "number" ? made.data.id : made.data._id;
    const db = await getDb();

    const clash = await asAdmin(via, token, create, { ...row(`${tag}-2`, { price: 12.5 }), externalId: `erp-${tag}-1` });
    expect(clash.status).toBe(422);
    expect(Object.keys(clash.fields)).toEqual(["externalId"]);
    expect(await count(tag)).toBe(1);

    const other = await asAdmin(via, token, create, row(`${tag}-3`, { price: 12.5 }));
    expect(other.data).toMatchObject({ externalId: null, metadata: {} });
    const otherId = typeof other.data.id === "number" ? other.data.id : other.data._id;
    const taken = await asAdmin(via, token, update, { id: otherId, externalId: `erp-${tag}-1` });
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.fields)).toEqual(["externalId"]);
    expect((await db.product.findUniqueOrThrow({ where: { id: otherId } })).externalId).toBeNull();

    // Metadata is a merge patch: `line` removed, `batch` added, `source` kept.
    const changed = await asAdmin(via, token, update, { id, externalId: `erp-${tag}-1b`, metadata: { line: null, batch: "7" } });
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    expect(changed.data).toMatchObject({ externalId: `erp-${tag}-1b`, metadata: { source: "erp", batch: "7" } });
    expect((await db.product.findUniqueOrThrow({ where: { id } })).metadata).toEqual({ source: "erp", batch: "7" });
    const event = await db.event.findFirstOrThrow({ where: { type: "product.updated", subject: `product:${id}` }, orderBy: { id: "desc" } });
    expect(JSON.parse(event.data).changed).toEqual(["externalId", "metadata"]);

    const cleared = await asAdmin(via, token, update, { id, externalId: null, metadata: null });
    expect(cleared.data).toMatchObject({ externalId: null, metadata: {} });
    expect(await db.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ externalId: null, metadata: {} });
    // Free again once cleared.
    expect((await asAdmin(via, token, update, { id: otherId, externalId: `erp-${tag}-1` })).status).toBe(200);

    for (const bad of [{ externalId: "" }, { externalId: "a\u0001b" }, { metadata: { k: 5 } }, { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }]) {
      expect((await asAdmin(via, token, update, { id, ...bad })).status, JSON.stringify(bad).slice(0, 60)).toBe(422);
    }
  });
});

async function importCsv(csv: string) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
  form.append("type", "products");
  const res = await dispatch(new Request(`${BASE}/api/admin/imports`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }));
  return { status: res.status, body: await res.json() };
}

describe("the CSV import, through the batch upsert", () => {
  it("carries stock per channel, several locales, external ids and configurable products with variants", async () => {
    const tag = unique("CSV").toUpperCase();
    const slug = tag.toLowerCase();
    const csv = [
      "sku,external_id,type,price,status,name,url_key,name:fr,url_key:fr,description:FR,channels,qty,qty:b2b,super_attributes,parent_sku,attr:color,attr:size",
      `${tag}-S,erp-${slug}-s,,4.5,0,Plate,${slug}-s,Assiette,${slug}-s-fr,<p>Plate</p>,default|b2b,6,9,,,,`,
      `${tag}-C,,configurable,30,0,Jacket,${slug}-c,Veste,${slug}-c-fr,,default|b2b,,,color|size,,,`,
      `${tag}-C1,,,31,0,Jacket 1,${slug}-c1,Veste 1,${slug}-c1-fr,,default|b2b,2,3,,${tag}-C,${ref.colorNames[0]},${ref.sizeNames[0]}`,
      `${tag}-C2,,,32,0,Jacket 2,${slug}-c2,,,,default|b2b,1,0,,${tag}-C,${ref.colorNames[1].toUpperCase()},${ref.sizeNames[0]}`,
    ].join("\n");
    const dry = await importCsv(csv);
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.body).toMatchObject({ status: "pending", errors: [], summary: { rows: 4, valid: 4, invalid: 0, creates: 4, updates: 0 } });
    // A dry run writes each row and rolls it back.
    expect(await count(tag)).toBe(0);
    const run = await adminCall(token, "POST", `/api/admin/imports/${dry.body.id}/run`, {});
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ status: "completed", summary: { created: 4, updated: 0, skipped: 0 } });

    const db = await getDb();
    const simple = await db.product.findUniqueOrThrow({ where: { sku: `${tag}-S` }, include: { translations: { orderBy: { locale: "asc" } }, inventories: true, channels: true } });
    expect(simple.externalId).toBe(`erp-${slug}-s`);
    expect(simple.translations.map((t) => [t.locale, t.name, t.urlKey, t.description])).toEqual([["en", "Plate", `${slug}-s`, null], ["fr", "Assiette", `${slug}-s-fr`, "<p>Plate</p>"]]);
    expect(Object.fromEntries(simple.inventories.map((i) => [i.channelId, i.qty]))).toEqual({ [ref.default]: 6, [ref.b2b]: 9 });
    expect(simple.channels).toHaveLength(2);
    const jacket = await db.product.findUniqueOrThrow({ where: { sku: `${tag}-C` }, include: { superAttributes: true, variants: { orderBy: { sku: "asc" }, include: { attributeValues: true, inventories: true } } } });
    expect(jacket.type).toBe("configurable");
    expect(jacket.superAttributes).toHaveLength(2);
    expect(jacket.variants.map((v) => v.sku)).toEqual([`${tag}-C1`, `${tag}-C2`]);
    expect(jacket.variants[1].attributeValues.map((v) => v.optionId).sort((a, b) => a! - b!)).toEqual([ref.color[1], ref.size[0]].sort((a, b) => a - b));
    expect(Object.fromEntries(jacket.variants[0].inventories.map((i) => [i.channelId, i.qty]))).toEqual({ [ref.default]: 2, [ref.b2b]: 3 });

    // A second file: updates by external id and sku, and a variant of the jacket (in the store now) whose combination
    // is taken, and one whose option does not exist.
    const second = [
      "sku,external_id,price,qty:b2b,name:fr,url_key:fr,parent_sku,attr:color,attr:size",
      `${tag}-S2,erp-${slug}-s,5.5,11,,,,,`,
      `${tag}-C1,,33,,Veste une,${slug}-c1-un,,,`,
      `${tag}-C3,,34,,Veste trois,${slug}-c3-fr,${tag}-C,${ref.colorNames[1]},${ref.sizeNames[0]}`,
      `${tag}-C4,,34,,,,${tag}-C,no-such-colour,${ref.sizeNames[0]}`,
    ].join("\n");
    const dry2 = await importCsv(second);
    expect(dry2.body).toMatchObject({ status: "failed", summary: { rows: 4, valid: 2, invalid: 2, creates: 0, updates: 2 } });
    expect(dry2.body.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[4, "attributeValues"], [5, "attr:color"]]);
    const run2 = await adminCall(token, "POST", `/api/admin/imports/${dry2.body.id}/run`, { skip_errors: true });
    expect(run2.body).toMatchObject({ status: "completed", summary: { created: 0, updated: 2, skipped: 2 } });
    const renamed = await db.product.findUniqueOrThrow({ where: { externalId: `erp-${slug}-s` }, include: { inventories: true } });
    expect([renamed.id, renamed.sku, Number(renamed.price)]).toEqual([simple.id, `${tag}-S2`, 5.5]);
    expect(Object.fromEntries(renamed.inventories.map((i) => [i.channelId, i.qty]))).toEqual({ [ref.default]: 6, [ref.b2b]: 11 });
    expect((await db.productTranslation.findFirstOrThrow({ where: { product: { sku: `${tag}-C1` }, locale: "fr" } })).name).toBe("Veste une");
    expect(await db.product.count({ where: { sku: { in: [`${tag}-C3`, `${tag}-C4`] } } })).toBe(0);
  });

  it("reports a configurable's rows together when one of its variants fails, and refuses unknown suffixes", async () => {
    const tag = unique("CSV").toUpperCase();
    const slug = tag.toLowerCase();
    const csv = [
      "sku,type,price,status,name,url_key,super_attributes,parent_sku,attr:color,attr:size",
      `${tag}-C,configurable,30,0,Coat,${slug}-c,color|size,,,`,
      `${tag}-C1,,31,0,Coat 1,${slug}-c1,,${tag}-C,${ref.colorNames[0]},${ref.sizeNames[0]}`,
      `${tag}-C2,,32,0,Coat 2,${slug}-c2,,${tag}-C,${ref.colorNames[0]},`,
      `${tag}-X,,5,0,Orphan,${slug}-x,,${tag}-NOPE,${ref.colorNames[0]},${ref.sizeNames[0]}`,
    ].join("\n");
    const dry = await importCsv(csv);
    expect(dry.body).toMatchObject({ status: "failed", summary: { rows: 4, valid: 0, invalid: 4 } });
    expect(dry.body.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([[2, "row"], [3, "row"], [4, "attributeValues"], [5, "parent_sku"]]);
    expect(dry.body.errors[0].message).toMatch(/row 4/);
    for (const header of ["sku,qty:nowhere", "sku,name:xx", "sku,attr:nothing", "sku,constructor:en", "sku,price:en"]) {
      const res = await importCsv(`${header}\n${tag}-Z,1\n`);
      expect(res.status, header).toBe(422);
      expect(res.body.errors.file[0], header).toMatch(/Unknown columns/);
    }
    expect(await count(tag)).toBe(0);
  });
});
