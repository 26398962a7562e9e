// Admin products: CRUD with translations, prices, channels, categories, stock, attribute values and variants;
// image upload over REST multipart (GraphQL refuses binary uploads).
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminGraphql, adminToken, gqlStatus, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";

let token: string;
let ref: { channels: Record<string, number>; category: number; brand: { id: number; option: number }; color: number[]; size: number[]; colorOther: number };
beforeAll(async () => {
  token = await adminToken();
  const db = await getDb();
  const channels = Object.fromEntries((await db.channel.findMany()).map((c) => [c.code, c.id]));
  const attrs = await db.attribute.findMany({ include: { options: { orderBy: { id: "asc" } } } });
  const byCode = (c: string) => attrs.find((a) => a.code === c)!;
  const size = byCode("size").options.map((o) => o.id);
  ref = {
    channels,
    category: (await db.category.findFirstOrThrow({ where: { parentId: { not: null } } })).id,
    brand: { id: byCode("brand").id, option: byCode("brand").options[0].id },
    color: byCode("color").options.map((o) => o.id),
    size,
    colorOther: size[0],
  };
});

const create = "createAdminProduct";

function simple(overrides: Record<string, unknown> = {}) {
  const sku = unique("SKU").toUpperCase();
  return {
    sku,
    type: "simple",
    // Disabled, so the shop's catalog suites running beside this one never list it.
    status: false,
    price: 25.5,
    specialPrice: 19.99,
    translations: [
      { locale: "en", name: "Linen Shirt", urlKey: sku.toLowerCase(), description: "<p>Light</p>" },
      { locale: "fr", name: "Chemise en lin", urlKey: `${sku.toLowerCase()}-fr` },
    ],
    channels: [ref.channels.default, ref.channels.b2b],
    categories: [ref.category],
    inventories: [{ channelId: ref.channels.default, qty: 12 }, { channelId: ref.channels.b2b, qty: 3 }],
    attributeValues: [{ attributeCode: "brand", optionId: ref.brand.option }, { attributeCode: "material", value: "Linen" }],
    ...overrides,
  };
}

const idOf = (o: { data: { id: number | string; _id?: number } }) => (typeof o.data.id === "number" ? o.data.id : o.data._id!);

describe.each(VIAS)("products over %s", (transport) => {
  it("creates a product with everything around it, in one write", async () => {
    const input = simple();
    const res = await asAdmin(transport, token, create, input);
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    expect(res.data).toMatchObject({
      sku: input.sku, type: "simple", parentId: null, name: "Linen Shirt", status: false, price: 25.5, specialPrice: 19.99,
      channels: [ref.channels.default, ref.channels.b2b].sort((a, b) => a - b), categories: [ref.category],
      inventories: [{ channelId: ref.channels.default, qty: 12 }, { channelId: ref.channels.b2b, qty: 3 }],
    });
    expect(res.data.attributeValues).toEqual(expect.arrayContaining([
      expect.objectContaining({ attributeCode: "brand", optionId: ref.brand.option }),
      expect.objectContaining({ attributeCode: "material", value: "Linen" }),
    ]));
    const stored = await (await getDb()).product.findUniqueOrThrow({ where: { sku: input.sku }, include: { translations: true } });
    expect(stored.translations.map((t) => t.locale).sort()).toEqual(["en", "fr"]);
    expect(Number(stored.price)).toBe(25.5);
  });

  it("refuses bad products with 422 and writes nothing", async () => {
    const taken = simple();
    await asAdmin(transport, token, create, taken);
    const cases: [string, Record<string, unknown>, string][] = [
      ["no sku", { sku: "" }, "sku"],
      ["duplicate sku", { sku: taken.sku }, "sku"],
      ["bad type", { type: "booking" }, "type"],
      ["negative price", { price: -1 }, "price"],
      ["no translations", { translations: [] }, "translations"],
      ["unknown locale", { translations: [{ locale: "xx", name: "X", urlKey: unique("u").toLowerCase() }] }, "translations.0.locale"],
      ["taken url key", { translations: [{ locale: "en", name: "X", urlKey: taken.translations[0].urlKey }] }, "translations.0.urlKey"],
      ["unknown channel", { channels: [99999] }, "channels"],
      ["unknown category", { categories: [99999] }, "categories"],
      ["option of another attribute", { attributeValues: [{ attributeCode: "brand", optionId: ref.colorOther }] }, "attributeValues.0.optionId"],
      ["unknown attribute", { attributeValues: [{ attributeCode: "nope", value: "x" }] }, "attributeValues.0.attributeCode"],
      ["configurable without super attributes", { type: "configurable" }, "superAttributes"],
      ["super attributes on a simple product", { superAttributes: ["color"] }, "superAttributes"],
    ];
    for (const [label, patch, field] of cases) {
      const input = simple(patch);
      const res = await asAdmin(transport, token, create, input);
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), `${label}: ${JSON.stringify(res.raw)}`).toContain(field);
      if (input.sku && input.sku !== taken.sku) expect(await (await getDb()).product.count({ where: { sku: input.sku } }), label).toBe(0);
    }
  });

  it("builds a configurable product from variants with distinct option combinations", async () => {
    const parent = await asAdmin(transport, token, create, simple({ type: "configurable", superAttributes: ["color", "size"], attributeValues: [], inventories: [] }));
    expect(parent.data.superAttributes.sort()).toEqual(["color", "size"]);
    const parentId = idOf(parent);
    const variant = (color: number, size: number) =>
      simple({ parentId, translations: [{ locale: "en", name: "Variant", urlKey: unique("v").toLowerCase() }], attributeValues: [{ attributeCode: "color", optionId: color }, { attributeCode: "size", optionId: size }] });
    const v1 = await asAdmin(transport, token, create, variant(ref.color[0], ref.size[0]));
    expect(v1.status, JSON.stringify(v1.raw)).toBe(201);
    expect(v1.data.parentId).toBe(parentId);
    expect((await asAdmin(transport, token, create, variant(ref.color[1], ref.size[0]))).status).toBe(201);
    const twin = await asAdmin(transport, token, create, variant(ref.color[0], ref.size[0]));
    expect(twin.status).toBe(422);
    expect(twin.fields.attributeValues[0]).toMatch(/combination/);
    const partial = await asAdmin(transport, token, create, simple({ parentId, attributeValues: [{ attributeCode: "color", optionId: ref.color[2] }] }));
    expect(partial.status).toBe(422);
    const notParent = await asAdmin(transport, token, create, simple({ parentId: idOf(v1), attributeValues: [] }));
    expect(notParent.fields.parentId).toBeDefined();
    const read = await adminCall(token, "GET", `/api/admin/catalog/products/${parentId}`);
    expect(read.body.variants.map((v: { id: number }) => v.id)).toContain(idOf(v1));
    expect(read.body.variants).toHaveLength(2);
  });
});

describe("product updates, lists, deletes", () => {
  it("PATCH changes only what it names: one locale, one stock level, the price", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const res = await adminCall(token, "PATCH", `/api/admin/catalog/products/${made.id}`, {
      price: 30,
      special_price: null,
      translations: [{ locale: "fr", name: "Chemise", url_key: `${made.sku.toLowerCase()}-fr2` }],
      inventories: [{ channel_id: ref.channels.b2b, qty: 0 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ price: 30, specialPrice: null, channels: made.channels, categories: made.categories });
    expect(res.body.translations.find((t: { locale: string }) => t.locale === "en")).toEqual(made.translations.find((t: { locale: string }) => t.locale === "en"));
    expect(res.body.translations.find((t: { locale: string }) => t.locale === "fr").name).toBe("Chemise");
    expect(res.body.inventories).toEqual([{ channelId: ref.channels.default, qty: 12 }, { channelId: ref.channels.b2b, qty: 0 }]);
    const other = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const cases: [string, Record<string, unknown>, number][] = [
      ["nothing to change", {}, 422],
      ["sku of another product", { sku: other.sku }, 422],
      ["type cannot change", { type: "virtual" }, 422],
      ["bad price", { price: "cheap" }, 422],
    ];
    for (const [label, body, status] of cases) expect((await adminCall(token, "PATCH", `/api/admin/catalog/products/${made.id}`, body)).status, label).toBe(status);
    expect((await adminCall(token, "PATCH", "/api/admin/catalog/products/99999999", { price: 1 })).status).toBe(404);
    const gql = await asAdmin("graphql", token, "updateAdminProduct", { id: made.id, price: 31, featured: true });
    expect(gql.data).toMatchObject({ price: 31, featured: true });
  });

  it("cleans description HTML on the way in, on both transports", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const dirty = `<p onmouseover="steal()">Soft <b>cotton</b><script>alert(1)</script> <a href="javascript:alert(1)">care</a></p><img src=x onerror=alert(1)>`;
    const clean = `<p>Soft <b>cotton</b> <a>care</a></p><img src="x" />`;
    const db = await getDb();
    const stored = async () =>
      db.productTranslation.findUniqueOrThrow({ where: { productId_locale: { productId: made.id, locale: "en" } }, select: { description: true, shortDescription: true } });
    const en = (extra: Record<string, unknown>) => [{ locale: "en", name: "Shirt", url_key: made.sku.toLowerCase(), ...extra }];
    const rest = await adminCall(token, "PATCH", `/api/admin/catalog/products/${made.id}`, { translations: en({ description: dirty, short_description: `<i>Short</i><style>*{}</style>` }) });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await stored()).toEqual({ description: clean, shortDescription: "<i>Short</i>" });
    const gql = await asAdmin("graphql", token, "updateAdminProduct", {
      id: made.id,
      translations: [{ locale: "en", name: "Shirt", urlKey: made.sku.toLowerCase(), description: `<h2>Care</h2><iframe src="//evil"></iframe>` }],
    });
    expect(gql.status, JSON.stringify(gql)).toBe(200);
    expect((await stored()).description).toBe("<h2>Care</h2>");
  });

  it("lists with filters, sort and the envelope; GraphQL as a connection", async () => {
    const tag = unique("LST").toUpperCase();
    for (const price of [5, 50, 20]) await adminCall(token, "POST", "/api/admin/catalog/products", simple({ sku: `${tag}-${price}`, price, translations: [{ locale: "en", name: `P${price}`, urlKey: `${tag.toLowerCase()}-${price}` }] }));
    const res = await adminCall(token, "GET", `/api/admin/catalog/products?q=${tag}&sort=price&per_page=2`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ currentPage: 1, perPage: 2, lastPage: 2, total: 3 });
    expect(res.body.data.map((p: { price: number }) => p.price)).toEqual([5, 20]);
    const desc = await adminCall(token, "GET", `/api/admin/catalog/products?q=${tag}&sort=price-desc`);
    expect(desc.body.data.map((p: { price: number }) => p.price)).toEqual([50, 20, 5]);
    const gql = await adminGraphql(token, `query($s: String) { adminProducts(q: $s, sort: "-price", first: 2) { totalCount pageInfo { hasNextPage } edges { node { id _id sku price } } } }`, { s: tag });
    expect(gql.body.data.adminProducts.totalCount).toBe(3);
    expect(gql.body.data.adminProducts.edges[0].node).toMatchObject({ sku: `${tag}-50`, id: expect.stringMatching(/^\/api\/admin\/catalog\/products\/\d+$/) });
    expect((await adminCall(token, "GET", "/api/admin/catalog/products?type=booking")).status).toBe(422);
  });

  it("deletes a product (404 after) and needs catalog.products.delete", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const editor = await adminToken({ scope: "custom", permissions: ["catalog.products.view", "catalog.products.edit"] });
    expect((await adminCall(editor, "DELETE", `/api/admin/catalog/products/${made.id}`)).status).toBe(403);
    expect((await adminCall(editor, "POST", "/api/admin/catalog/products", simple())).status).toBe(403);
    const gone = await adminCall(token, "DELETE", `/api/admin/catalog/products/${made.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: made.id, success: true });
    expect(await (await getDb()).product.count({ where: { id: made.id } })).toBe(0);
    expect((await adminCall(token, "GET", `/api/admin/catalog/products/${made.id}`)).status).toBe(404);
    const gql = await adminGraphql(token, `mutation { deleteAdminProduct(input: { id: ${made.id} }) { adminProduct { id } } }`);
    expect(gqlStatus(gql)).toBe(404);
  });
});

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e2ee1f0000000049454e44ae426082", "hex");

async function upload(id: number, parts: [string, Blob, string][], bearer = token) {
  const form = new FormData();
  for (const [name, blob, filename] of parts) form.append(name, blob, filename);
  const res = await dispatch(new Request(`${BASE}/api/admin/catalog/products/${id}/images`, { method: "POST", body: form, headers: { Authorization: `Bearer ${bearer}`, Accept: "application/json" } }));
  return { status: res.status, body: await res.json() };
}

describe("product images", () => {
  it("uploads images over REST multipart into storage outside the web root", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const res = await upload(made.id, [["images", new Blob([PNG], { type: "image/png" }), "front.png"], ["images", new Blob([PNG]), "back.png"]]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.images).toHaveLength(2);
    for (const image of res.body.images) {
      expect(image.path).toMatch(new RegExp(`^product/${made.id}/[0-9a-f-]+\\.png$`));
      expect(fs.readFileSync(path.join(STORAGE_DIR, image.path)).equals(PNG)).toBe(true);
    }
    expect(path.relative(process.cwd(), STORAGE_DIR).startsWith("public")).toBe(false);
    expect(await (await getDb()).productImage.count({ where: { productId: made.id } })).toBe(2);
  });

  it.each(VIAS)("reorders and removes images when an update lists them, over %s; another product's image is a 422 that writes nothing", async (transport) => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const other = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const three = (await upload(made.id, [["images", new Blob([PNG]), "a.png"], ["images", new Blob([PNG]), "b.png"], ["images", new Blob([PNG]), "c.png"]])).body.images as { id: number }[];
    const [a, b, c] = three.map((i) => i.id);
    const foreign = (await upload(other.id, [["images", new Blob([PNG]), "x.png"]])).body.images[0].id as number;
    const db = await getDb();
    const stored = async () => (await db.productImage.findMany({ where: { productId: made.id }, orderBy: { position: "asc" } })).map((i) => i.id);

    const refused = await asAdmin(transport, token, "updateAdminProduct", { id: made.id, images: [c, foreign] });
    expect(refused.status).toBe(422);
    expect(refused.fields.images?.[0]).toContain(`Image ${foreign} is not an image of this product`);
    const twice = await asAdmin(transport, token, "updateAdminProduct", { id: made.id, images: [c, c] });
    expect(twice.status).toBe(422);
    expect(await stored()).toEqual([a, b, c]);
    expect(await db.productImage.count({ where: { productId: other.id } })).toBe(1);

    const reordered = await asAdmin(transport, token, "updateAdminProduct", { id: made.id, images: [c, a] });
    expect(reordered.status, JSON.stringify(reordered.raw)).toBe(200);
    expect(reordered.data.images.map((i: { id: number }) => i.id)).toEqual([c, a]);
    expect(await stored()).toEqual([c, a]);
    const event = await db.event.findFirstOrThrow({ where: { type: "product.updated", subject: `product:${made.id}` }, orderBy: { id: "desc" } });
    expect(JSON.parse(event.data).changed).toContain("images");
  });

  it("refuses non-images, JSON bodies and GraphQL uploads with clear 4xx errors", async () => {
    const made = (await adminCall(token, "POST", "/api/admin/catalog/products", simple())).body;
    const text = await upload(made.id, [["images", new Blob(["hello"], { type: "image/png" }), "fake.png"]]);
    expect(text.status).toBe(422);
    const json = await adminCall(token, "POST", `/api/admin/catalog/products/${made.id}/images`, { images: "aGVsbG8=" });
    expect(json.status).toBe(422);
    const empty = await adminCall(token, "POST", `/api/admin/catalog/products/${made.id}/images`, {});
    expect(empty.status).toBe(415);
    expect(empty.body.message).toMatch(/multipart/);
    const gql = await adminGraphql(token, `mutation { uploadAdminProductImages(input: { id: ${made.id} }) { adminProduct { id } } }`);
    expect(gqlStatus(gql)).toBe(415);
    expect(gql.body.errors![0].message).toMatch(/multipart/);
    const form = new FormData();
    form.append("operations", JSON.stringify({ query: "mutation($f: Iterable) { uploadAdminProductImages(input: { id: 1, images: $f }) { adminProduct { id } } }", variables: { f: null } }));
    form.append("map", JSON.stringify({ 0: ["variables.f"] }));
    form.append("0", new Blob([PNG]), "x.png");
    const raw = await dispatch(new Request(`${BASE}/api/admin/graphql`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } }));
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect(await (await getDb()).productImage.count({ where: { productId: made.id } })).toBe(0);
    expect((await upload(99999999, [["images", new Blob([PNG]), "a.png"]])).status).toBe(404);
  });
});
