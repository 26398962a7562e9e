// The product as the family's storefront reads it over GraphQL (issue 30, catalog part): one `Product` type for the
// detail and list rows, its parts as connections, a configurable's `combinations` / `superAttributeOptions` JSON,
// related products, `products(channel:, locale:)`, and the booking reads of a store that sells no booking product.
// The documents below ask the same fields, with the same variable types, as the storefront's; the expectations
// come from the database.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";
import { DEMO_SKUS } from "../../lib/seed/product-data.ts";
import { expectGraphqlError, productBySku } from "../support/catalog-fixtures.ts";
import { counted } from "../support/statements.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";

type Edges<T = any> = { edges: { node: T }[]; totalCount?: number };
const nodes = <T = any>(c: Edges<T>): T[] => c.edges.map((e) => e.node);
const numberOf = (iri: string) => Number(iri.split("/").pop());

const PRODUCT_PAGE = `
query ProductPage($urlKey: String!) {
  product(urlKey: $urlKey) {
    __typename id sku type name urlKey description shortDescription price baseImageUrl minimumPrice specialPrice isSaleable
    categories { edges { node { _id displayMode additional translation { name slug } } } }
    images(first: 10) { edges { node { id publicPath position } } }
    groupedProducts { edges { node { id qty sortOrder associatedProduct {
      id name sku price formattedPrice specialPrice formattedSpecialPrice images(first: 3) { edges { node { id publicPath } } } } } } }
    bundleOptions { edges { node { id type isRequired sortOrder translation { label }
      bundleOptionProducts { edges { node { id qty isDefault isUserDefined sortOrder
        product { id name sku price images(first: 3) { edges { node { id publicPath } } } } } } } } } }
    downloadableLinks { edges { node { _id type translation { title } price formattedPrice sampleType sampleFile sampleFileUrl sampleUrl } } }
    downloadableSamples { edges { node { _id type file fileUrl url translation { title } } } }
    bookingProducts { edges { node { _id type availableFrom availableTo qty location availableEveryWeek } } }
    variants { edges { node { id sku baseImageUrl } } }
    reviews { edges { node { rating } } }
  }
}`;

const SWATCHES = `
query Swatches($urlKey: String!) {
  product(urlKey: $urlKey) {
    id name sku type urlKey price specialPrice minimumPrice isSaleable
    combinations
    superAttributeOptions
    attributeValues { edges { cursor node { value attribute { adminName code isFilterable isVisibleOnFront } } } }
    superAttributes { edges { node { id code adminName options { edges { node { id adminName } } } } } }
    bookingProducts { edges { node { _id type availableFrom availableTo qty location availableEveryWeek } } }
  }
}`;

const RELATED = `
query Related($urlKey: String, $first: Int) {
  product(urlKey: $urlKey) { id sku relatedProducts(first: $first) { edges { node { id sku type name price urlKey baseImageUrl minimumPrice specialPrice isSaleable } } } }
}`;

const LIST = `
query List($first: Int, $channel: String, $locale: String, $query: String) {
  products(first: $first, channel: $channel, locale: $locale, query: $query) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { node { id sku type name price urlKey baseImageUrl minimumPrice specialPrice isSaleable } }
  }
}`;

async function urlKeyOf(sku: string) {
  return (await productBySku(sku)).urlKey.en;
}

async function ask(query: string, variables: Record<string, unknown>, headers?: Record<string, string>) {
  const key = await storefrontKey();
  const res = await graphql(query, variables, { key, headers });
  expect(res.status).toBe(200);
  return res;
}

async function page(sku: string) {
  const res = await ask(PRODUCT_PAGE, { urlKey: await urlKeyOf(sku) });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.product;
}

describe("product(urlKey:) as the storefront's product page reads it", () => {
  it("a simple product is a Product with its images, categories and approved reviews; the other parts are empty", async () => {
    const db = await getDb();
    // A simple product with approved reviews, so that `reviews` has something to show.
    const reviewed = await db.productReview.groupBy({ by: ["productId"], where: { status: "approved", product: { type: "simple", parentId: null, status: true } }, _count: { _all: true } });
    expect(reviewed.length).toBeGreaterThan(0);
    const stored = await db.product.findUniqueOrThrow({
      where: { id: reviewed[0].productId },
      include: { images: { orderBy: [{ position: "asc" }, { id: "asc" }] }, categories: { include: { category: true } }, reviews: true },
    });
    const p = await page(stored.sku);

    expect(p.__typename).toBe("Product");
    expect(p).toMatchObject({ id: `/api/shop/products/${stored.id}`, sku: stored.sku, type: "simple", price: Number(stored.price) });
    expect(nodes(p.images).map((i) => i.position)).toEqual(stored.images.map((i) => i.position));
    for (const image of nodes(p.images)) expect(image.publicPath).toMatch(/^https?:\/\/.+\/storage\//);
    const active = stored.categories.filter((c) => c.category.status === 1);
    expect(nodes(p.categories).map((c) => c._id).sort()).toEqual(active.map((c) => c.categoryId).sort());
    for (const c of nodes(p.categories)) expect(c.translation.name).toEqual(expect.any(String));
    const approved = stored.reviews.filter((r) => r.status === "approved").map((r) => r.rating).sort();
    expect(nodes(p.reviews).map((r) => r.rating).sort()).toEqual(approved);
    expect(approved.length).toBeLessThan(stored.reviews.length + 1);

    for (const empty of ["groupedProducts", "bundleOptions", "downloadableLinks", "downloadableSamples", "bookingProducts", "variants"]) {
      expect(p[empty], empty).toEqual({ edges: [] });
    }
  });

  it("a configurable: combinations and superAttributeOptions are the in-stock variants' choices, as JSON text", async () => {
    const db = await getDb();
    const stored = await db.product.findUniqueOrThrow({
      where: { sku: "CFG-TSHIRT" },
      include: {
        superAttributes: { include: { attribute: true } },
        variants: {
          where: { status: true },
          include: { attributeValues: { where: { optionId: { not: null } }, include: { attribute: true } }, inventories: true, images: { orderBy: [{ position: "asc" }, { id: "asc" }] } },
        },
      },
    });
    const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
    const inStock = stored.variants.filter((v) => (v.inventories.find((i) => i.channelId === channel.id)?.qty ?? 0) > 0);
    expect(inStock.length).toBeLessThan(stored.variants.length); // the seed sells one variant out
    const codes = stored.superAttributes.map((s) => s.attribute.code).sort();
    const choices = (v: (typeof stored.variants)[number]) =>
      Object.fromEntries(v.attributeValues.filter((av) => codes.includes(av.attribute.code)).map((av) => [av.attribute.code, av.optionId]));

    const res = await ask(SWATCHES, { urlKey: await urlKeyOf("CFG-TSHIRT") });
    expect(res.body.errors).toBeUndefined();
    const p = res.body.data.product;

    expect(typeof p.combinations).toBe("string");
    expect(JSON.parse(p.combinations)).toEqual(Object.fromEntries(inStock.map((v) => [String(v.id), choices(v)])));

    expect(typeof p.superAttributeOptions).toBe("string");
    const options = JSON.parse(p.superAttributeOptions) as { id: number; code: string; options: { id: number; products: number[] }[] }[];
    expect(options.map((a) => a.code).sort()).toEqual(codes);
    for (const a of options) {
      const carried = new Set(stored.variants.map((v) => choices(v)[a.code]));
      expect(new Set(a.options.map((o) => o.id))).toEqual(carried);
      for (const o of a.options) {
        expect(o.products.sort()).toEqual(inStock.filter((v) => choices(v)[a.code] === o.id).map((v) => v.id).sort());
      }
    }

    // The same attributes as a connection, options as a nested connection.
    const supers = nodes(p.superAttributes);
    expect(supers.map((a) => a.code).sort()).toEqual(codes);
    for (const a of supers) {
      expect(a.adminName).toEqual(expect.any(String));
      expect(nodes(a.options).map((o) => o.id).sort()).toEqual(options.find((x) => x.code === a.code)!.options.map((o) => o.id).sort());
    }

    // The attribute flags the storefront filters its "more details" on.
    const flags = new Map((await db.attribute.findMany()).map((a) => [a.code, a]));
    expect(nodes(p.attributeValues).length).toBeGreaterThan(0);
    for (const v of nodes(p.attributeValues)) {
      const a = flags.get(v.attribute.code)!;
      expect(v.attribute).toMatchObject({ isFilterable: a.isFilterable, isVisibleOnFront: a.isVisibleOnFront });
    }
    expect(p.bookingProducts.edges).toEqual([]);

    // Each variant's first image on the product page.
    const detailed = await page("CFG-TSHIRT");
    for (const v of nodes(detailed.variants)) {
      const own = stored.variants.find((x) => x.id === numberOf(v.id))!;
      expect(v.baseImageUrl).toEqual(own.images[0] ? expect.stringContaining(own.images[0].path) : null);
    }
  });

  it("a simple product answers null combinations", async () => {
    const res = await ask(SWATCHES, { urlKey: await urlKeyOf("SH-OXFORD-WHITE") });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product).toMatchObject({ combinations: null, superAttributeOptions: null, superAttributes: { edges: [] } });
  });

  it("a grouped product: its associated products, quantities and order, each a Product with images", async () => {
    const db = await getDb();
    const stored = await db.product.findUniqueOrThrow({
      where: { sku: DEMO_SKUS.grouped },
      include: { groupedLinks: { orderBy: [{ position: "asc" }, { id: "asc" }], include: { associated: { include: { images: true } } } } },
    });
    const p = await page(DEMO_SKUS.grouped);
    const links = nodes(p.groupedProducts);
    expect(links.map((l) => numberOf(l.associatedProduct.id))).toEqual(stored.groupedLinks.map((l) => l.associatedProductId));
    links.forEach((l, i) => {
      const link = stored.groupedLinks[i];
      expect(l).toMatchObject({ qty: link.qty, sortOrder: link.position });
      expect(l.associatedProduct).toMatchObject({ sku: link.associated.sku, price: Number(link.associated.price), formattedPrice: expect.stringMatching(/^\$/) });
      expect(l.associatedProduct.images.edges.length).toBe(Math.min(3, link.associated.images.length));
    });
  });

  it("a bundle: options with IRIs, labels and their products, as the cart takes them", async () => {
    const db = await getDb();
    const stored = await db.product.findUniqueOrThrow({
      where: { sku: DEMO_SKUS.bundle },
      include: { bundleOptions: { orderBy: [{ position: "asc" }, { id: "asc" }], include: { translations: true, products: { orderBy: [{ position: "asc" }, { id: "asc" }], include: { product: true } } } } },
    });
    const p = await page(DEMO_SKUS.bundle);
    const options = nodes(p.bundleOptions);
    expect(options.map((o) => o.id)).toEqual(stored.bundleOptions.map((o) => `/api/shop/product-bundle-options/${o.id}`));
    options.forEach((o, i) => {
      const s = stored.bundleOptions[i];
      expect(o).toMatchObject({ type: s.type, isRequired: s.isRequired, sortOrder: s.position, translation: { label: s.translations.find((t) => t.locale === "en")!.label } });
      const choices = nodes(o.bundleOptionProducts);
      const sold = s.products.filter((c) => c.product.status);
      expect(choices.map((c) => numberOf(c.id))).toEqual(sold.map((c) => c.id));
      choices.forEach((c, j) => {
        expect(c).toMatchObject({ qty: sold[j].qty, isDefault: sold[j].isDefault, isUserDefined: sold[j].isUserDefined, sortOrder: sold[j].position });
        expect(c.product).toMatchObject({ id: `/api/shop/products/${sold[j].productId}`, sku: sold[j].product.sku });
      });
    });
  });

  it("a downloadable product: its links (never their files) and no samples", async () => {
    const db = await getDb();
    const sku = DEMO_SKUS.downloadable[0];
    const stored = await db.downloadableLink.findMany({ where: { product: { sku } }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
    expect(stored.length).toBeGreaterThan(0);
    const p = await page(sku);
    expect(nodes(p.downloadableLinks)).toEqual(stored.map((l) => ({
      _id: l.id, type: l.type, translation: { title: l.title }, price: Number(l.price), formattedPrice: `$${Number(l.price).toFixed(2)}`,
      sampleType: null, sampleFile: null, sampleFileUrl: null, sampleUrl: null,
    })));
    expect(p.downloadableSamples.edges).toEqual([]);
  });

  it("an unknown url key is a 404 error", async () => {
    const res = await ask(PRODUCT_PAGE, { urlKey: "no-such-product-anywhere" });
    expectGraphqlError(res, 404);
  });
});

describe("relatedProducts", () => {
  it("lists products sharing a category, listed in the channel, never the product itself", async () => {
    const db = await getDb();
    const stored = await db.product.findUniqueOrThrow({ where: { sku: "SH-OXFORD-WHITE" }, include: { categories: true } });
    const res = await ask(RELATED, { urlKey: await urlKeyOf(stored.sku), first: 4 });
    expect(res.body.errors).toBeUndefined();
    const related = nodes(res.body.data.product.relatedProducts);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    const mine = new Set(stored.categories.map((c) => c.categoryId));
    for (const r of related) {
      const other = await db.product.findUniqueOrThrow({ where: { id: numberOf(r.id) }, include: { categories: true, channels: { include: { channel: true } } } });
      expect(other.id).not.toBe(stored.id);
      expect(other.categories.some((c) => mine.has(c.categoryId))).toBe(true);
      expect(other).toMatchObject({ status: true, visibleIndividually: true, parentId: null });
      expect(other.channels.map((c) => c.channel.code)).toContain("default");
    }
  });
});

describe("products(channel:, locale:)", () => {
  it.each<{ args: Record<string, string>; headers: Record<string, string> }>([
    { args: { channel: "b2b" }, headers: { "X-CHANNEL": "b2b" } },
    { args: { locale: "fr" }, headers: { "X-LOCALE": "fr" } },
    { args: { channel: "default", locale: "fr" }, headers: { "X-CHANNEL": "default", "X-LOCALE": "fr" } },
  ])("$args scopes the list as $headers does", async ({ args, headers }) => {
    const byArgs = await ask(LIST, { first: 50, ...args });
    expect(byArgs.body.errors, JSON.stringify(byArgs.body.errors)).toBeUndefined();
    const byHeaders = await ask(LIST, { first: 50 }, headers);
    expect(byArgs.body.data.products).toEqual(byHeaders.body.data.products);
  });

  it("channel: b2b lists the b2b assortment; locale: fr names the products in French", async () => {
    const db = await getDb();
    const b2b = await ask(LIST, { first: 1, channel: "b2b" });
    const assortment = await db.productChannel.count({ where: { channel: { code: "b2b" }, product: { status: true, visibleIndividually: true, parentId: null } } });
    expect(b2b.body.data.products.totalCount).toBe(assortment);
    const all = await ask(LIST, { first: 1 });
    expect(assortment).toBeLessThan(all.body.data.products.totalCount);

    const fr = nodes((await ask(LIST, { first: 10, locale: "fr" })).body.data.products);
    const names = await db.productTranslation.findMany({ where: { locale: "fr", productId: { in: fr.map((n) => numberOf(n.id)) } } });
    for (const n of fr) {
      const own = names.find((t) => t.productId === numberOf(n.id));
      if (own) expect(n.name).toBe(own.name);
    }
    expect(names.length).toBeGreaterThan(0);
  });

  it("list nodes read their lazily loaded fields in that scope", async () => {
    const scoped = `query($channel: String, $locale: String) {
      products(first: 2, channel: $channel, locale: $locale) { edges { node { sku name locale channel guestCheckout reviews { totalCount } } } }
    }`;
    const fr = await ask(scoped, { locale: "fr" });
    expect(fr.body.errors).toBeUndefined();
    for (const n of nodes(fr.body.data.products)) expect(n).toMatchObject({ locale: "fr", channel: "default", guestCheckout: true, reviews: { totalCount: expect.any(Number) } });
    const b2b = await ask(scoped, { channel: "b2b" });
    for (const n of nodes(b2b.body.data.products)) expect(n).toMatchObject({ locale: "en", channel: "b2b" });
    const plain = await ask(`{ products(first: 1) { edges { node { locale channel } } } }`, {});
    expect(nodes(plain.body.data.products)[0]).toEqual({ locale: "en", channel: "default" });
  });

  it.each([
    { name: "an unknown channel", vars: { channel: "nowhere" } },
    { name: "a locale the channel lacks", vars: { locale: "xx" } },
  ])("$name is a 400 error", async ({ vars }) => {
    const res = await ask(LIST, { first: 5, ...vars });
    expectGraphqlError(res, 400);
    expect(res.body.data?.products ?? null).toBeNull();
  });

  it("a list that asks no part reads no part; a part asked is read then", async () => {
    const key = await storefrontKey();
    const partReads = (statements: string[]) => statements.filter((s) => /"ProductReview"/.test(s));
    forgetCatalogReads();
    const light = await counted(() => graphql(LIST, { first: 30 }, { key }));
    expect(light.result.body.errors).toBeUndefined();
    expect(light.statements.length).toBeGreaterThan(0);
    expect(partReads(light.statements)).toEqual([]);

    forgetCatalogReads();
    const asked = await counted(() => graphql(`{ products(first: 3) { edges { node { sku reviews { totalCount } } } } }`, {}, { key }));
    expect(asked.result.body.errors).toBeUndefined();
    expect(partReads(asked.statements).length).toBeGreaterThan(0);
  });
});

describe("booking reads of a store without booking products", () => {
  const DETAILS = (slot: string) => `query($urlKey: String!) { product(urlKey: $urlKey) { id bookingProducts { edges { node { _id type location availableFrom availableTo qty availableEveryWeek ${slot} } } } } }`;

  it.each([
    ["appointmentSlot { id _id bookingProductId duration breakTime sameSlotAllDays slots }"],
    ["tableSlot { id _id bookingProductId priceType guestLimit duration breakTime preventSchedulingBefore sameSlotAllDays slots }"],
    ["eventTickets { edges { node { id _id bookingProductId price qty specialPrice specialPriceFrom specialPriceTo formattedPrice formattedSpecialPrice translation { locale name description } translations { edges { node { locale name description } } } } } }"],
    ["rentalSlot { rentingType dailyPrice hourlyPrice slots }"],
    ["defaultSlot { bookingType duration breakTime slots }"],
  ])("bookingProducts with %s is an empty connection", async (slot) => {
    const res = await ask(DETAILS(slot), { urlKey: await urlKeyOf("SH-OXFORD-WHITE") });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product.bookingProducts).toEqual({ edges: [] });
  });

  const SLOTS = `query($id: Int!, $date: String!) { bookingSlots(id: $id, date: $date) { slotId from to timestamp qty time slots } }`;

  it("bookingSlots of an existing product is an empty list", async () => {
    const p = await productBySku("SH-OXFORD-WHITE");
    const res = await ask(SLOTS, { id: p.id, date: "2030-01-15" });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.bookingSlots).toEqual([]);
  });

  it("bookingSlots of an unknown product is a 404 error; a malformed date a 422", async () => {
    expectGraphqlError(await ask(SLOTS, { id: 99_999_999, date: "2030-01-15" }), 404);
    const p = await productBySku("SH-OXFORD-WHITE");
    expectGraphqlError(await ask(SLOTS, { id: p.id, date: "tomorrow" }), 422);
  });
});

describe("REST keeps its shapes", () => {
  it("GET /api/shop/products/{id} still answers plain arrays and no GraphQL-only field", async () => {
    const key = await storefrontKey();
    const p = await productBySku(DEMO_SKUS.bundle);
    const res = await call("GET", `/api/shop/products/${p.id}`, undefined, { key });
    expect(res.status).toBe(200);
    for (const k of ["images", "variants", "bundleOptions", "groupedProducts", "downloadableLinks", "superAttributes", "categories"]) expect(Array.isArray(res.body[k]), k).toBe(true);
    for (const k of ["combinations", "relatedProducts", "bookingProducts", "reviews", "locale", "channel"]) expect(res.body, k).not.toHaveProperty(k);
    expect(res.body.bundleOptions[0]).not.toHaveProperty("bundleOptionProducts");
  });
});
