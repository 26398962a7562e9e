// Product reads for the shop: the filtered, sorted, paged listing and the detail record.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { expressionBuilder } from "kysely";
import type { DB } from "../db/sql/index.ts";
import { activeSpecialPrice, display, finalPrice } from "./pricing.ts";
import type { ProductQuery } from "./product-query.ts";
import { countListed, facetsOf, readListed, type Facets, type ListedProduct, type ListedTranslation } from "./listing.ts";
import { countCache, detailCache, pageCache } from "./cache.ts";
import { bundleOptionsOf, COMPOSITE_TYPES, compositeFacts, compositeFactsOf, groupedChildren, type CompositeFacts } from "./composite.ts";
import { active, keepsNoStock, listed, sold, stocked } from "./visibility.ts";
import { activeVariantsOf, attributeValuesOf, valueOf } from "./product-parts.ts";

export function imageUrl(ctx: RequestContext, path: string): string {
  return `${ctx.baseUrl}/storage/${path}`;
}

function inStockOf(p: ListedProduct): boolean {
  if (keepsNoStock(p.type)) return true;
  if (p.type === "configurable") return p.variants.some((v) => v.stocked);
  return p.stocked;
}

/**
 * A product as the listing shows it. `composite`: the facts of a grouped or bundle product (./composite.ts), whose
 * prices and stock are its children's.
 */
/** A product as the records of a customer's account show it (wishlist, compare list). */
export type ProductRowData = ReturnType<typeof productRow>;

export function productRow(ctx: RequestContext, p: ListedProduct, t: ListedTranslation, now: Date, composite?: CompositeFacts) {
  const base = display(ctx, composite ? composite.price : p.price);
  const special = composite ? null : activeSpecialPrice(p, now);
  const specialShown = special ? display(ctx, special) : null;
  let min = specialShown ?? base; // a product's own final price: the special price while it applies, else the price
  let max = min;
  const prices = composite ? [composite.min, composite.max] : p.type === "configurable" && p.variants.length ? p.variants.map((v) => finalPrice(v, now)) : null;
  if (prices) {
    min = display(ctx, prices.reduce((a, b) => (b.lt(a) ? b : a)));
    max = display(ctx, prices.reduce((a, b) => (b.gt(a) ? b : a)));
  }
  const inStock = composite ? composite.inStock : inStockOf(p);
  return {
    id: p.id,
    sku: p.sku,
    type: p.type,
    name: t.name,
    urlKey: t.urlKey,
    url_key: t.urlKey,
    status: p.status,
    price: base.amount,
    formattedPrice: base.formatted,
    specialPrice: specialShown?.amount ?? null,
    formattedSpecialPrice: specialShown?.formatted ?? null,
    minimumPrice: min.amount,
    formattedMinimumPrice: min.formatted,
    maximumPrice: max.amount,
    formattedMaximumPrice: max.formatted,
    new: p.new,
    featured: p.featured,
    inStock,
    isSaleable: p.status && inStock,
    baseImageUrl: p.image ? imageUrl(ctx, p.image) : null,
    shortDescription: t.shortDescription,
    description: t.description,
    createdAt: p.createdAt.toISOString(),
  };
}

/**
 * Product rows for the records of a customer's account (wishlist, compare list), whatever the products' standing:
 * the same light shape and request-currency prices as the catalog list, in two statements for all of them.
 */
export async function productRows(ctx: RequestContext, ids: number[]): Promise<Map<number, ReturnType<typeof productRow>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const channel = ctx.channel.id;
  const [products, variants] = await Promise.all([
    ctx.sql
      .selectFrom("Product as p")
      .leftJoin("ProductTranslation as tl", (join) => join.onRef("tl.productId", "=", "p.id").on("tl.locale", "=", ctx.locale))
      .leftJoin("ProductTranslation as td", (join) => join.onRef("td.productId", "=", "p.id").on("td.locale", "=", ctx.channel.defaultLocale))
      .select((eb) => [
        "p.id", "p.sku", "p.type", "p.status", "p.price", "p.specialPrice", "p.specialPriceFrom", "p.specialPriceTo", "p.new", "p.featured", "p.createdAt",
        "tl.name", "tl.urlKey", "tl.shortDescription", "tl.description",
        "td.name as defaultName", "td.urlKey as defaultUrlKey", "td.shortDescription as defaultShortDescription", "td.description as defaultDescription",
        eb.selectFrom("ProductImage as img").select("img.path").whereRef("img.productId", "=", "p.id")
          .orderBy("img.position", "asc").orderBy("img.id", "asc").limit(eb.lit(1)).as("image"),
        stocked("p", channel).as("stocked"),
      ])
      .where("p.id", "in", unique)
      .execute(),
    ctx.sql
      .selectFrom("Product as v")
      .select(["v.parentId", "v.price", "v.specialPrice", "v.specialPriceFrom", "v.specialPriceTo", stocked("v", channel).as("stocked")])
      .where("v.parentId", "in", unique)
      .where(active("v"))
      .orderBy("v.id", "asc")
      .execute(),
  ]);
  const now = new Date();
  const rows = new Map<number, ReturnType<typeof productRow>>();
  for (const p of products) {
    // The request locale's translation, else the channel's default locale's, else the sku alone.
    const t: ListedTranslation =
      p.name !== null ? { name: p.name, urlKey: p.urlKey!, shortDescription: p.shortDescription, description: p.description }
      : p.defaultName !== null ? { name: p.defaultName, urlKey: p.defaultUrlKey!, shortDescription: p.defaultShortDescription, description: p.defaultDescription }
      : { name: p.sku, urlKey: "", shortDescription: null, description: null };
    const own = variants.filter((v) => v.parentId === p.id).map((v) => ({ ...v, stocked: Boolean(Number(v.stocked)) }));
    // Selected conditions are not decoded by column type: SQLite answers 0/1 (lib/db/sql/index.ts).
    rows.set(p.id, productRow(ctx, { ...p, image: p.image, stocked: Boolean(Number(p.stocked)), variants: own }, t, now));
  }
  return rows;
}

/** A product a customer may list, review or compare: one the catalog lists in the request's channel. 404 otherwise. */
export async function listableProduct(ctx: RequestContext, productId: number) {
  const product = await ctx.sql.selectFrom("Product as p").select(["p.id", "p.sku"]).where("p.id", "=", productId).where(listed("p", ctx.channel.id)).executeTakeFirst();
  if (!product) throw new NotFound("Product");
  return product;
}

/**
 * One page of the listing and its total. The total is counted once per catalog version and filter (counting a
 * large catalog scans it) and the page is cached briefly (./cache.ts); either way a page costs a fixed number of
 * queries, whatever its size.
 */
export async function listProducts(ctx: RequestContext, q: ProductQuery, paging: Paging): Promise<Page<ReturnType<typeof productRow>>> {
  const scope = [ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString()];
  const { sort: _sort, order: _order, ...filter } = q;
  const key = JSON.stringify([scope, filter]);
  // The facets' attributes are looked up once, for the total and the page alike, and only when one of them is read.
  let facets: Promise<Facets> | undefined;
  const facetsOnce = () => (facets ??= facetsOf(ctx, q));
  const page = () =>
    pageCache.get(JSON.stringify([scope, ctx.baseUrl, q, paging.offset, paging.limit]), () => readPage(ctx, q, paging, facetsOnce)) as Promise<
      ReturnType<typeof productRow>[]
    >;
  const [total, items] = await Promise.all([
    countCache.get(key, async () => countListed(ctx, q, await facetsOnce())),
    paging.limit === 0 ? [] : page(),
  ]);
  return { total, items };
}

async function readPage(ctx: RequestContext, q: ProductQuery, paging: Paging, facets: () => Promise<Facets>): Promise<ReturnType<typeof productRow>[]> {
  const now = new Date();
  const rows = await readListed(ctx, q, await facets(), paging);
  return rows.map(({ product: p, translation, parts }) =>
    productRow(ctx, p, translation, now, COMPOSITE_TYPES.has(p.type) ? compositeFactsOf(p, parts, now) : undefined),
  );
}

/** One product, cached briefly per scope (./cache.ts). */
export function getProduct(ctx: RequestContext, by: { id?: number; urlKey?: string; sku?: string }): ReturnType<typeof readProduct> {
  const key = JSON.stringify([ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, by.id ?? null, by.urlKey ?? null, by.sku ?? null]);
  return detailCache.get(key, () => readProduct(ctx, by)) as ReturnType<typeof readProduct>;
}

/** The product id asked for: given, or by url key (across locales, preferring the request's: GraphQL), or by sku. */
async function productIdOf(ctx: RequestContext, by: { id?: number; urlKey?: string; sku?: string }): Promise<number | undefined> {
  if (by.id !== undefined) return by.id;
  if (by.urlKey) {
    const hits = await ctx.sql.selectFrom("ProductTranslation").select(["productId", "locale"]).where("urlKey", "=", by.urlKey).orderBy("id", "asc").execute();
    const hit = (hits.find((h) => h.locale === ctx.locale) ?? hits[0])?.productId;
    if (hit !== undefined) return hit;
  }
  if (by.sku) return (await ctx.sql.selectFrom("Product").select("id").where("sku", "=", by.sku).executeTakeFirst())?.id;
  return undefined;
}

/** The product, sold in the request's channel, with its first image and own stock; undefined otherwise. */
function soldProduct(ctx: RequestContext, id: number) {
  return ctx.sql
    .selectFrom("Product as p")
    .select((eb) => [
      "p.id", "p.sku", "p.type", "p.status", "p.parentId", "p.price", "p.specialPrice", "p.specialPriceFrom", "p.specialPriceTo", "p.new", "p.featured", "p.createdAt",
      eb.selectFrom("ProductImage as img").select("img.path").whereRef("img.productId", "=", "p.id")
        .orderBy("img.position", "asc").orderBy("img.id", "asc").limit(eb.lit(1)).as("image"),
      stocked("p", ctx.channel.id).as("stocked"),
    ])
    .where("p.id", "=", id)
    .where(sold("p", ctx.channel.id))
    .executeTakeFirst();
}

/** The product's configurable attributes, each with the options some active variant carries. */
async function superAttributesOf(ctx: RequestContext, productId: number, offered: Set<number | null>) {
  const label = (locale: string) =>
    expressionBuilder<DB & { a: DB["Attribute"] }, "a">().selectFrom("AttributeTranslation as at").select("at.name").whereRef("at.attributeId", "=", "a.id").where("at.locale", "=", locale);
  const attributes = await ctx.sql
    .selectFrom("ProductSuperAttribute as sa")
    .innerJoin("Attribute as a", "a.id", "sa.attributeId")
    .select(["a.id", "a.code", "a.adminName", label(ctx.locale).as("label")])
    .where("sa.productId", "=", productId)
    .orderBy("sa.attributeId", "asc")
    .execute();
  if (!attributes.length) return [];
  const optionLabel = expressionBuilder<DB & { o: DB["AttributeOption"] }, "o">()
    .selectFrom("AttributeOptionTranslation as ot").select("ot.label").whereRef("ot.optionId", "=", "o.id").where("ot.locale", "=", ctx.locale);
  const options = await ctx.sql
    .selectFrom("AttributeOption as o")
    .select(["o.id", "o.attributeId", "o.adminName", "o.swatchValue", optionLabel.as("label")])
    .where("o.attributeId", "in", attributes.map((a) => a.id))
    .orderBy("o.sortOrder", "asc")
    .orderBy("o.id", "asc")
    .execute();
  return attributes.map((a) => ({
    id: a.id,
    code: a.code,
    label: a.label ?? a.adminName,
    // Only the choices some active variant carries: any other option could not be added to a cart.
    options: options
      .filter((o) => o.attributeId === a.id && offered.has(o.id))
      .map((o) => ({ id: o.id, label: o.label ?? o.adminName, swatchValue: o.swatchValue })),
  }));
}

/** The product's categories, named in the request's locale. */
async function categoriesOf(ctx: RequestContext, productId: number) {
  const rows = await ctx.sql
    .selectFrom("ProductCategory as pc")
    .leftJoin("CategoryTranslation as ct", (join) => join.onRef("ct.categoryId", "=", "pc.categoryId").on("ct.locale", "=", ctx.locale))
    .select(["pc.categoryId", "ct.name", "ct.slug"])
    .where("pc.productId", "=", productId)
    .orderBy("pc.categoryId", "asc")
    .execute();
  return rows.map((c) => ({
    id: c.categoryId,
    name: c.name ?? "",
    slug: c.slug ?? "",
    translation: c.name !== null ? { name: c.name, slug: c.slug! } : null,
  }));
}

/** The average of the product's approved ratings (to one decimal; 0 when none) and how many there are. */
async function reviewsSummaryOf(ctx: RequestContext, productId: number) {
  const row = await ctx.sql
    .selectFrom("ProductReview")
    .select((eb) => [eb.fn.avg("rating").as("average"), eb.fn.countAll().as("total")])
    .where("productId", "=", productId)
    .where("status", "=", "approved")
    .executeTakeFirst();
  // Aggregates are not decoded by column type: SQLite answers numbers, PostgreSQL text for the average.
  const average = row?.average == null ? 0 : Number(row.average);
  return { averageRating: average ? Math.round(average * 10) / 10 : 0, totalReviews: Number(row?.total ?? 0) };
}

async function readProduct(ctx: RequestContext, by: { id?: number; urlKey?: string; sku?: string }) {
  const productId = await productIdOf(ctx, by);
  if (productId === undefined) throw new NotFound("Product");
  const p = await soldProduct(ctx, productId);
  if (!p) throw new NotFound("Product");
  const now = new Date();
  const [translations, images, values, variants, links, categories, reviewsSummary, composites, grouped, bundle] = await Promise.all([
    ctx.sql.selectFrom("ProductTranslation").selectAll().where("productId", "=", p.id).where("locale", "in", [ctx.locale, ctx.channel.defaultLocale]).orderBy("id", "asc").execute(),
    ctx.sql.selectFrom("ProductImage").select(["id", "type", "path", "position"]).where("productId", "=", p.id).orderBy("position", "asc").orderBy("id", "asc").execute(),
    attributeValuesOf(ctx, [p.id]),
    p.type === "configurable" ? activeVariantsOf(ctx, p.id) : Promise.resolve([]),
    ctx.sql.selectFrom("DownloadableLink").select(["id", "title", "price", "downloads"]).where("productId", "=", p.id).orderBy("sortOrder", "asc").orderBy("id", "asc").execute(),
    categoriesOf(ctx, p.id),
    reviewsSummaryOf(ctx, p.id),
    compositeFacts(ctx.sql, ctx.channel.id, [p], now),
    p.type === "grouped" ? groupedChildren(ctx.sql, ctx, p.id) : Promise.resolve([]),
    p.type === "bundle" ? bundleOptionsOf(ctx.sql, ctx, p.id) : Promise.resolve([]),
  ]);
  const offered = new Set(variants.flatMap((v) => v.attributeValues.map((av) => av.optionId)));
  const superAttributes = await superAttributesOf(ctx, p.id, offered);
  const t = pickTranslation(translations, ctx);
  const listed: ListedProduct = { ...p, stocked: Boolean(Number(p.stocked)), variants: variants.map((v) => ({ ...v.priced, stocked: v.inStock })) };
  const childPrice = (priced: Parameters<typeof finalPrice>[0]) => display(ctx, finalPrice(priced, now));
  return {
    ...productRow(ctx, listed, t, now, composites.get(p.id)),
    description: t.description,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    metaKeywords: t.metaKeywords,
    parentId: p.parentId,
    images: images.map((i) => {
      const url = imageUrl(ctx, i.path);
      return { ...i, url, publicPath: url };
    }),
    attributeValues: values.map(valueOf),
    superAttributes,
    variants: variants.map((v) => {
      const price = childPrice(v.priced);
      return { id: v.id, sku: v.sku, name: v.name, price: price.amount, formattedPrice: price.formatted, inStock: v.inStock, attributes: v.attributes, attributeValues: v.attributeValues };
    }),
    groupedProducts: grouped
      .filter((g) => g.product.available)
      .map(({ product: c, qty }) => {
        const price = childPrice(c.priced);
        return { id: c.id, sku: c.sku, name: c.name, price: price.amount, formattedPrice: price.formatted, inStock: c.inStock, qty };
      }),
    bundleOptions: bundle.map((o) => ({
      id: o.id,
      label: o.label,
      type: o.type,
      isRequired: o.isRequired,
      position: o.position,
      products: o.products
        .filter((op) => op.product.available)
        .map((op) => {
          const price = childPrice(op.product.priced);
          return {
            id: op.id, productId: op.product.id, sku: op.product.sku, name: op.product.name, price: price.amount, formattedPrice: price.formatted,
            qty: op.qty, isUserDefined: op.isUserDefined, isDefault: op.isDefault, inStock: op.product.inStock,
          };
        }),
    })),
    downloadableLinks: links.map((l) => {
      const price = display(ctx, l.price);
      return { id: l.id, title: l.title, price: price.amount, formattedPrice: price.formatted, downloads: l.downloads };
    }),
    categories,
    reviewsSummary,
  };
}

interface AttributeValueRecord {
  attributeId: number;
  optionId: number | null;
  textValue: string | null;
  booleanValue: boolean | null;
  attribute: { id: number; code: string; adminName: string; type: string; translations: { name: string }[] };
  option: { adminName: string; translations: { label: string }[] } | null;
}

/** One stored attribute value in the request locale: an option's label, the text, or the boolean as text. */
export function attributeValueOf(v: AttributeValueRecord) {
  const a = v.attribute;
  return {
    attributeId: v.attributeId,
    code: a.code,
    label: a.translations[0]?.name ?? a.adminName,
    type: a.type,
    value: v.option ? (v.option.translations[0]?.label ?? v.option.adminName) : (v.textValue ?? (v.booleanValue == null ? null : String(v.booleanValue))),
    optionId: v.optionId,
    attribute: { id: a.id, code: a.code, adminName: a.adminName, type: a.type },
  };
}

function pickTranslation<T extends { locale: string }>(rows: T[], ctx: RequestContext): T {
  const t = rows.find((r) => r.locale === ctx.locale) ?? rows.find((r) => r.locale === ctx.channel.defaultLocale) ?? rows[0];
  if (!t) throw new NotFound("Product");
  return t;
}
