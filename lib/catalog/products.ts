// Product reads for the shop: the filtered, sorted, paged listing and the detail record.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { activeSpecialPrice, display, finalPrice } from "./pricing.ts";
import type { ProductQuery } from "./product-query.ts";
import { countListed, facetsOf, readListed, type Facets, type ListedProduct, type ListedTranslation } from "./listing.ts";
import { countCache, detailCache, pageCache } from "./cache.ts";
import { bundleOptionsOf, COMPOSITE_TYPES, compositeFacts, compositeFactsOf, groupedChildren, type CompositeFacts } from "./composite.ts";

type Inventory = { qty: number };

export function imageUrl(ctx: RequestContext, path: string): string {
  return `${ctx.baseUrl}/storage/${path}`;
}

export function visibleProductWhere(ctx: RequestContext): Prisma.ProductWhereInput {
  return { status: true, visibleIndividually: true, parentId: null, channels: { some: { channelId: ctx.channel.id } } };
}

export const rowInclude = (channelId: number) =>
  ({
    images: { orderBy: { position: "asc" }, take: 1 },
    inventories: { where: { channelId }, select: { qty: true } },
    variants: {
      // `not: false` rather than `true` (the same rows: status is never null): with an equality on status, SQLite
      // walks the (status, …) index through the whole catalog instead of looking the 30 parents up by parentId.
      where: { status: { not: false } },
      select: { price: true, specialPrice: true, specialPriceFrom: true, specialPriceTo: true, inventories: { where: { channelId }, select: { qty: true } } },
    },
  }) satisfies Prisma.ProductInclude;

type RowProduct = Prisma.ProductGetPayload<{ include: ReturnType<typeof rowInclude> }>;
type RowTranslation = ListedTranslation;

/** A product read with `rowInclude`, as the listing reads it (./listing.ts). */
function listedOf(p: RowProduct): ListedProduct {
  const stocked = (inventories: Inventory[]) => inventories.some((i) => i.qty > 0);
  return { ...p, image: p.images[0]?.path ?? null, stocked: stocked(p.inventories), variants: p.variants.map((v) => ({ ...v, stocked: stocked(v.inventories) })) };
}

function inStockOf(p: ListedProduct): boolean {
  if (p.type === "virtual" || p.type === "downloadable") return true;
  if (p.type === "configurable") return p.variants.some((v) => v.stocked);
  return p.stocked;
}

/** `composite`: the facts of a grouped or bundle product (./composite.ts), whose prices and stock are its children's. */
export function productRow(ctx: RequestContext, p: RowProduct, t: RowTranslation, now = new Date(), composite?: CompositeFacts) {
  return listedRow(ctx, listedOf(p), t, now, composite);
}

function listedRow(ctx: RequestContext, p: ListedProduct, t: RowTranslation, now: Date, composite?: CompositeFacts) {
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
    listedRow(ctx, p, translation, now, COMPOSITE_TYPES.has(p.type) ? compositeFactsOf(p, parts, now) : undefined),
  );
}

const detailInclude = (ctx: RequestContext) =>
  ({
    ...rowInclude(ctx.channel.id),
    images: { orderBy: { position: "asc" } },
    translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } },
    attributeValues: {
      where: { OR: [{ locale: null }, { locale: ctx.locale }] },
      include: {
        attribute: { include: { translations: { where: { locale: ctx.locale } } } },
        option: { include: { translations: { where: { locale: ctx.locale } } } },
      },
    },
    superAttributes: {
      include: {
        attribute: {
          include: {
            translations: { where: { locale: ctx.locale } },
            options: { orderBy: { sortOrder: "asc" }, include: { translations: { where: { locale: ctx.locale } } } },
          },
        },
      },
    },
    downloadableLinks: { orderBy: { sortOrder: "asc" } },
    categories: { include: { category: { include: { translations: { where: { locale: ctx.locale } } } } } },
  }) satisfies Prisma.ProductInclude;

/** One product, cached briefly per scope (./cache.ts). */
export function getProduct(ctx: RequestContext, by: { id?: number; urlKey?: string; sku?: string }): ReturnType<typeof readProduct> {
  const key = JSON.stringify([ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, by.id ?? null, by.urlKey ?? null, by.sku ?? null]);
  return detailCache.get(key, () => readProduct(ctx, by)) as ReturnType<typeof readProduct>;
}

async function readProduct(ctx: RequestContext, by: { id?: number; urlKey?: string; sku?: string }) {
  const channelScope = { status: true, channels: { some: { channelId: ctx.channel.id } } } satisfies Prisma.ProductWhereInput;
  let productId = by.id;
  if (productId === undefined && by.urlKey) {
    // GraphQL looks a product up by url key across locales, preferring the request's locale.
    const hits = await ctx.db.productTranslation.findMany({ where: { urlKey: by.urlKey }, select: { productId: true, locale: true } });
    productId = (hits.find((h) => h.locale === ctx.locale) ?? hits[0])?.productId;
  }
  if (productId === undefined && by.sku) productId = (await ctx.db.product.findUnique({ where: { sku: by.sku }, select: { id: true } }))?.id;
  if (productId === undefined) throw new NotFound("Product");
  const p = await ctx.db.product.findFirst({ where: { id: productId, ...channelScope }, include: detailInclude(ctx) });
  if (!p) throw new NotFound("Product");
  const variants = p.type === "configurable"
    ? await ctx.db.product.findMany({
        where: { parentId: p.id, status: true },
        orderBy: { id: "asc" },
        include: {
          translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } },
          inventories: { where: { channelId: ctx.channel.id }, select: { qty: true } },
          attributeValues: {
            where: { OR: [{ locale: null }, { locale: ctx.locale }] },
            include: {
              attribute: { include: { translations: { where: { locale: ctx.locale } } } },
              option: { include: { translations: { where: { locale: ctx.locale } } } },
            },
          },
        },
      })
    : [];
  const offered = new Set(variants.flatMap((v) => v.attributeValues.map((av) => av.optionId)));
  const reviews = await ctx.db.productReview.aggregate({
    where: { productId: p.id, status: "approved" },
    _avg: { rating: true },
    _count: { _all: true },
  });
  const t = pickTranslation(p.translations, ctx);
  const now = new Date();
  const [composites, grouped, bundle] = await Promise.all([
    compositeFacts(ctx.db, ctx.channel.id, [p], now),
    p.type === "grouped" ? groupedChildren(ctx.db, ctx, p.id) : Promise.resolve([]),
    p.type === "bundle" ? bundleOptionsOf(ctx.db, ctx, p.id) : Promise.resolve([]),
  ]);
  const childPrice = (priced: Parameters<typeof finalPrice>[0]) => display(ctx, finalPrice(priced, now));
  return {
    ...productRow(ctx, p, t, now, composites.get(p.id)),
    description: t.description,
    metaTitle: t.metaTitle,
    metaDescription: t.metaDescription,
    metaKeywords: t.metaKeywords,
    parentId: p.parentId,
    images: p.images.map((i) => {
      const url = imageUrl(ctx, i.path);
      return { id: i.id, type: i.type, path: i.path, url, publicPath: url, position: i.position };
    }),
    attributeValues: p.attributeValues.map(attributeValueOf),
    superAttributes: p.superAttributes.map(({ attribute: a }) => ({
      id: a.id,
      code: a.code,
      label: a.translations[0]?.name ?? a.adminName,
      // Only the choices some active variant carries: any other option could not be added to a cart.
      options: a.options
        .filter((o) => offered.has(o.id))
        .map((o) => ({ id: o.id, label: o.translations[0]?.label ?? o.adminName, swatchValue: o.swatchValue })),
    })),
    variants: variants.map((v) => {
      const price = display(ctx, finalPrice(v, now));
      return {
        id: v.id,
        sku: v.sku,
        name: pickTranslation(v.translations, ctx).name,
        price: price.amount,
        formattedPrice: price.formatted,
        inStock: v.inventories.some((i) => i.qty > 0),
        attributes: Object.fromEntries(v.attributeValues.filter((av) => av.optionId !== null).map((av) => [av.attribute.code, av.optionId!])),
        attributeValues: v.attributeValues.map(attributeValueOf),
      };
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
    downloadableLinks: p.downloadableLinks.map((l) => {
      const price = display(ctx, l.price);
      return { id: l.id, title: l.title, price: price.amount, formattedPrice: price.formatted, downloads: l.downloads };
    }),
    categories: p.categories.map(({ category: c }) => ({
      id: c.id,
      name: c.translations[0]?.name ?? "",
      slug: c.translations[0]?.slug ?? "",
      translation: c.translations[0] ? { name: c.translations[0].name, slug: c.translations[0].slug } : null,
    })),
    reviewsSummary: {
      averageRating: reviews._avg.rating ? Math.round(reviews._avg.rating * 10) / 10 : 0,
      totalReviews: reviews._count._all,
    },
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
