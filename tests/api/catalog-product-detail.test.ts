// One product (SPEC.md Product, WIRE.md Catalog): GET /api/shop/products/{id}, GraphQL product(id:) by IRI or
// number and product(urlKey:) in any locale. The detail adds images, attribute values, variants, super
// attributes, downloadable links, categories and a summary of approved reviews.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";
import { DEMO_SKUS } from "../../lib/seed/product-data.ts";
import { expectGraphqlError, expectNoPagingHeaders, optionId, productBySku, TRANSPORTS, type Transport } from "../support/catalog-fixtures.ts";

const DETAIL_FIELDS = `id _id sku type name urlKey price formattedPrice minimumPrice maximumPrice inStock isSaleable
  baseImageUrl description parentId
  images { totalCount edges { node { id url path position } } }
  attributeValues { totalCount edges { node { attributeId code label value optionId } } }
  superAttributes { totalCount edges { node { id code label options { totalCount edges { node { id label } } } } } }
  variants { totalCount edges { node { id _id sku name price formattedPrice inStock attributes } } }
  downloadableLinks { totalCount edges { node { _id title price formattedPrice downloads } } }
  categories { totalCount edges { node { _id name slug } } }
  reviewsSummary { averageRating totalReviews }`;

const PRODUCT_QUERY = `query Product($id: ID, $urlKey: String) { product(id: $id, urlKey: $urlKey) { ${DETAIL_FIELDS} } }`;

const byNumber = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);

type By = { id: number | string } | { urlKey: string };

/** The nodes of a connection, after checking it holds them all. */
function nodesOf(connection: { totalCount: number; edges: { node: any }[] }): any[] {
  expect(connection.totalCount).toBe(connection.edges.length);
  return connection.edges.map((e) => e.node);
}

/** The detail on either transport, with GraphQL's `_id` as `id` (its IRI checked on the way). */
async function productDetail(t: Transport, by: By, who: { key: string; headers?: Record<string, string> }) {
  if (t === "rest") {
    const res = await call("GET", `/api/shop/products/${"id" in by ? by.id : "by-url-key"}`, undefined, who);
    return { status: res.status, body: res.body, answer: res };
  }
  const res = await graphql(PRODUCT_QUERY, by, who);
  const node = res.body.data?.product;
  if (!node) return { status: res.body.errors?.[0]?.extensions?.status ?? 500, body: null, answer: res };
  expect(node.id).toBe(`/api/shop/products/${node._id}`);
  // The detail's nested lists are connections on GraphQL (the family's documented shape), whole on one page.
  // (Super attributes, their options and downloadable links too; categories and links carry their number as `_id`.)
  const [images, attributeValues, variants, categories, superAttributes, links] =
    [node.images, node.attributeValues, node.variants, node.categories, node.superAttributes, node.downloadableLinks].map(nodesOf);
  for (const v of variants) expect(v.id).toBe(`/api/shop/products/${v._id}`);
  const withNumber = ({ _id, ...rest }: { _id: number }) => ({ ...rest, id: _id });
  return {
    status: 200,
    body: {
      ...node, id: node._id, images, attributeValues,
      categories: categories.map(withNumber),
      variants: variants.map((v: { _id: number }) => ({ ...v, id: v._id })),
      superAttributes: superAttributes.map((a: { options: never }) => ({ ...a, options: nodesOf(a.options) })),
      downloadableLinks: links.map(withNumber),
    },
    answer: res,
  };
}

async function stored(sku: string) {
  const db = await getDb();
  return db.product.findUniqueOrThrow({
    where: { sku },
    include: {
      images: { orderBy: { position: "asc" } },
      categories: true,
      downloadableLinks: { orderBy: { sortOrder: "asc" } },
      translations: true,
      variants: {
        where: { status: true },
        orderBy: { id: "asc" },
        include: { attributeValues: { where: { optionId: { not: null } }, include: { attribute: true } } },
      },
    },
  });
}

describe.each(TRANSPORTS)("product detail (%s)", (t) => {
  it("a configurable: images, attribute values, variants with their option ids, super attributes, categories", async () => {
    const key = await storefrontKey();
    const p = await stored("CFG-TSHIRT");
    const res = await productDetail(t, { id: p.id }, { key });

    expect(res.status).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({ id: p.id, sku: "CFG-TSHIRT", type: "configurable", name: p.translations.find((x) => x.locale === "en")!.name, parentId: null });
    if (t === "rest") expectNoPagingHeaders(res.answer);

    expect(d.images.map((i: { id: number }) => i.id)).toEqual(p.images.map((i) => i.id));
    for (const image of d.images) expect(image.url).toMatch(new RegExp(`^https?://.+/${image.path.replace(/[./]/g, "\\$&")}$`));
    expect(d.baseImageUrl).toBe(d.images[0].url);

    expect(d.attributeValues).toEqual(expect.arrayContaining([
      expect.objectContaining({ code: "brand", value: "Acme", optionId: await optionId("brand", "Acme") }),
      expect.objectContaining({ code: "material", value: "Cotton", optionId: null }),
    ]));

    expect(d.variants.map((v: { id: number }) => v.id)).toEqual(p.variants.map((v) => v.id));
    for (const v of p.variants) {
      const shown = d.variants.find((x: { id: number }) => x.id === v.id);
      const options = Object.fromEntries(v.attributeValues.map((av) => [av.attribute.code, av.optionId]));
      expect(shown.sku).toBe(v.sku);
      expect(shown.attributes).toMatchObject({ color: options.color, size: options.size });
      expect(shown.price).toBe(Number(v.price));
      expect(shown.inStock).toBe(v.sku !== DEMO_SKUS.soldOutVariant);
    }
    const variantPrices = p.variants.map((v) => Number(v.price));
    expect(d.minimumPrice).toBe(Math.min(...variantPrices));
    expect(d.maximumPrice).toBe(Math.max(...variantPrices));
    expect(d.inStock).toBe(true);

    // The super attributes offer exactly the options some variant carries.
    expect(d.superAttributes.map((a: { code: string }) => a.code)).toEqual(["color", "size"]);
    for (const a of d.superAttributes) {
      const carried = new Set(p.variants.flatMap((v) => v.attributeValues.filter((av) => av.attribute.code === a.code).map((av) => av.optionId)));
      expect(a.options.map((o: { id: number }) => o.id).sort(byNumber)).toEqual([...carried].sort(byNumber));
    }

    expect(d.categories.map((c: { id: number }) => c.id).sort()).toEqual(p.categories.map((c) => c.categoryId).sort());
    expect(d.categories).toEqual(expect.arrayContaining([expect.objectContaining({ name: "T-Shirts", slug: "t-shirts" })]));
    expect(d.downloadableLinks).toEqual([]);
  });

  it("a downloadable product lists its links with prices", async () => {
    const key = await storefrontKey();
    const p = await stored("DL-JAZZ");
    const res = await productDetail(t, { id: p.id }, { key });

    expect(res.status).toBe(200);
    expect(res.body.type).toBe("downloadable");
    expect(res.body.downloadableLinks).toEqual(p.downloadableLinks.map((l) => ({
      id: l.id,
      title: l.title,
      price: Number(l.price),
      formattedPrice: `$${Number(l.price).toFixed(2)}`,
      downloads: l.downloads,
    })));
    expect(res.body.variants).toEqual([]);
    expect(res.body.superAttributes).toEqual([]);
  });

  it("the reviews summary counts approved reviews only", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    // A product the seed reviewed with approved and pending or disapproved reviews alike.
    const unapproved = await db.productReview.findMany({ where: { status: { not: "approved" } }, select: { productId: true } });
    const approved = await db.productReview.groupBy({ by: ["productId"], where: { status: "approved", productId: { in: unapproved.map((r) => r.productId) } }, _count: { _all: true } });
    expect(approved.length).toBeGreaterThan(0);
    const productId = approved[0].productId;

    const res = await productDetail(t, { id: productId }, { key });
    const reviews = await db.productReview.findMany({ where: { productId, status: "approved" } });
    const average = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    expect(res.body.reviewsSummary).toEqual({ totalReviews: reviews.length, averageRating: Math.round(average * 10) / 10 });
    expect(await db.productReview.count({ where: { productId } })).toBeGreaterThan(reviews.length);
  });

  it("an unreviewed product summarises to zero", async () => {
    const key = await storefrontKey();
    const p = await productBySku("DL-PHOTO-EDITOR");
    const db = await getDb();
    expect(await db.productReview.count({ where: { productId: p.id, status: "approved" } })).toBe(0);
    const res = await productDetail(t, { id: p.id }, { key });
    expect(res.body.reviewsSummary).toEqual({ totalReviews: 0, averageRating: 0 });
  });

  it("a variant is readable on its own and names its parent", async () => {
    const key = await storefrontKey();
    const variant = await productBySku(DEMO_SKUS.soldOutVariant);
    const parent = await productBySku("CFG-TSHIRT");
    const res = await productDetail(t, { id: variant.id }, { key });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: variant.id, sku: variant.sku, type: "simple", parentId: parent.id, inStock: false, isSaleable: false });
  });

  it.each([
    { name: "an id no product has", by: { id: 99_999_999 }, status: 404 },
    { name: "a non-numeric id", by: { id: "abc" }, status: 422 },
    { name: "id 0", by: { id: 0 }, status: 422 },
  ])("$name → $status", async ({ by, status }) => {
    const key = await storefrontKey();
    const res = await productDetail(t, by, { key });
    expect(res.status).toBe(status);
    if (t === "graphql") expectGraphqlError(res.answer, status);
    else expect(typeof res.answer.body.message).toBe("string");
  });
});

describe("GraphQL product lookups", () => {
  const lookup = async (vars: Record<string, unknown>, headers?: Record<string, string>) => {
    const key = await storefrontKey();
    return graphql(`query($id: ID, $urlKey: String) { product(id: $id, urlKey: $urlKey) { id _id sku name urlKey } }`, vars, { key, headers });
  };

  it.each([
    { name: "the IRI", vars: (id: number) => ({ id: `/api/shop/products/${id}` }) },
    { name: "the number as a string", vars: (id: number) => ({ id: String(id) }) },
    { name: "the number", vars: (id: number) => ({ id }) },
  ])("product(id:) takes $name", async ({ vars }) => {
    const p = await productBySku("SH-OXFORD-WHITE");
    const res = await lookup(vars(p.id));
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product).toEqual({ id: `/api/shop/products/${p.id}`, _id: p.id, sku: p.sku, name: p.name.en, urlKey: p.urlKey.en });
  });

  it.each([
    { name: "the English url key", locale: "en", headers: undefined, shown: "en" },
    { name: "the French url key, answered in the request locale (en)", locale: "fr", headers: undefined, shown: "en" },
    { name: "the French url key with X-LOCALE: fr", locale: "fr", headers: { "X-LOCALE": "fr" }, shown: "fr" },
    { name: "the English url key with X-LOCALE: fr", locale: "en", headers: { "X-LOCALE": "fr" }, shown: "fr" },
  ])("product(urlKey:) finds $name", async ({ locale, headers, shown }) => {
    const p = await productBySku("DR-WRAP-GREEN");
    const res = await lookup({ urlKey: p.urlKey[locale] }, headers);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product).toMatchObject({ _id: p.id, sku: p.sku, name: p.name[shown], urlKey: p.urlKey[shown] });
  });

  it("an unknown url key → 404", async () => {
    expectGraphqlError(await lookup({ urlKey: "no-such-product" }), 404);
  });

  it("neither id nor urlKey → 400", async () => {
    expectGraphqlError(await lookup({}), 400);
  });
});
