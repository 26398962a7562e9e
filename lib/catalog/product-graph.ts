// The product as GraphQL shows it: one type, `Product`, for list rows, the detail and the products inside other
// records (wishlist, compare list, a grouped product's children). The REST answers keep their shapes (./shapes.ts);
// what GraphQL adds is declared here (lib/graphql/extensions.ts) and read only when a query asks for it, so the
// light listing reads no part. On the detail (`product(...)`) the parts it already carries are served from it.
//
// Added beside the detail's fields, in the shapes the family's storefront reads: connections of categories,
// images, variants, approved reviews, grouped products (with their associated product), bundle options (with
// their products), downloadable links and samples (this store keeps no samples: always empty), booking products
// (this store sells none: always empty); a configurable's `combinations` and `superAttributeOptions` (JSON text
// in the `Iterable` scalar, as the storefront parses it); related products; `guestCheckout`, `locale`, `channel`.
import { z } from "zod";
import { expressionBuilder } from "kysely";
import type { RequestContext } from "../context.ts";
import type { DB } from "../db/sql/index.ts";
import { NotFound } from "../errors.ts";
import { graphqlFields, servedAs, type LazyField } from "../graphql/extensions.ts";
import { bundleOptionsOfMany, groupedChildrenOf } from "./composite.ts";
import { display, finalPrice } from "./pricing.ts";
import { imageUrl, productRows } from "./products.ts";
import { attributeValuesOf, valueOf, variantsOfMany } from "./product-parts.ts";
import { BundleOptionShape, GroupedProductShape, ProductAttributeValueAttribute, ProductDetail, ProductRow, ProductVariant } from "./shapes.ts";
import { listed, sold } from "./visibility.ts";

type Parent = Record<string, unknown>;

// ───────────────────────────── shapes GraphQL adds ─────────────────────────────

const ProductCategoryNode = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    position: z.int(),
    /** products_and_description | products_only | description_only */
    displayMode: z.string().nullable(),
    additional: z.string().nullable(),
    translation: z.object({ name: z.string(), slug: z.string(), urlPath: z.string().nullable() }).meta({ id: "ProductCategoryNodeTranslation" }).nullable(),
  })
  .meta({ id: "ProductCategoryNode", iri: "/api/shop/categories" });

const ProductReviewNode = z
  .object({ id: z.int(), name: z.string(), title: z.string(), comment: z.string(), rating: z.int(), createdAt: z.string() })
  .meta({ id: "ProductReviewNode", iri: "/api/shop/product-reviews" });

const SuperAttributeOptionNode = z
  .object({ id: z.int(), adminName: z.string(), label: z.string(), swatchValue: z.string().nullable() })
  .meta({ id: "ProductSuperAttributeOption" });

const SuperAttributeNode = z
  .object({
    id: z.int(),
    code: z.string(),
    adminName: z.string(),
    label: z.string(),
    type: z.string(),
    swatchType: z.string().nullable(),
    options: z.array(SuperAttributeOptionNode).meta({ connection: true }),
  })
  .meta({ id: "ProductSuperAttribute" });

/** A grouped product's link: the former list fields (the associated product's), its order and the product itself. */
const GroupedProductNode = GroupedProductShape.extend({
  sortOrder: z.int(),
  associatedProduct: ProductRow,
}).meta({ id: "ProductGroupedProduct" });

const BundleOptionProductNode = z
  .object({ id: z.int(), qty: z.int(), isDefault: z.boolean(), isUserDefined: z.boolean(), sortOrder: z.int(), productId: z.int(), product: ProductRow })
  .meta({ id: "ProductBundleOptionProduct", iri: "/api/shop/product-bundle-option-products" });

/** A bundle option: the former list fields, and the family's `sortOrder`, `translation` and `bundleOptionProducts`. */
const BundleOptionNode = BundleOptionShape.extend({
  sortOrder: z.int(),
  translation: z.object({ label: z.string(), locale: z.string() }).meta({ id: "ProductBundleOptionTranslation" }),
  bundleOptionProducts: z.array(BundleOptionProductNode).meta({ connection: true }),
}).meta({ id: "ProductBundleOption", iri: "/api/shop/product-bundle-options" });

const DownloadableLinkNode = z
  .object({
    id: z.int(),
    title: z.string(),
    /** file | url: how the bought link is delivered (the address itself is never shown). */
    type: z.string(),
    price: z.number(),
    formattedPrice: z.string(),
    downloads: z.int(),
    sortOrder: z.int(),
    translation: z.object({ title: z.string(), locale: z.string() }).meta({ id: "ProductDownloadableLinkTranslation" }),
    /** This store keeps no samples: null. */
    sampleType: z.string().nullable(),
    sampleFile: z.string().nullable(),
    sampleFileUrl: z.string().nullable(),
    sampleUrl: z.string().nullable(),
  })
  .meta({ id: "ProductDownloadableLink", iri: "/api/shop/product-downloadable-links" });

const DownloadableSampleNode = z
  .object({
    id: z.int(),
    type: z.string(),
    file: z.string().nullable(),
    fileUrl: z.string().nullable(),
    url: z.string().nullable(),
    sortOrder: z.int(),
    translation: z.object({ title: z.string(), locale: z.string() }).meta({ id: "ProductDownloadableSampleTranslation" }).nullable(),
  })
  .meta({ id: "ProductDownloadableSample", iri: "/api/shop/product-downloadable-samples" });

// Booking products: this store sells none, so these types only say what a booking product would answer.
const slotsField = z.unknown().nullable();
const BookingEventTicketTranslation = z
  .object({ locale: z.string(), name: z.string(), description: z.string().nullable() })
  .meta({ id: "BookingEventTicketTranslation" });
const BookingEventTicket = z
  .object({
    id: z.int(),
    bookingProductId: z.int(),
    price: z.number(),
    qty: z.int(),
    specialPrice: z.number().nullable(),
    specialPriceFrom: z.string().nullable(),
    specialPriceTo: z.string().nullable(),
    formattedPrice: z.string(),
    formattedSpecialPrice: z.string().nullable(),
    translation: BookingEventTicketTranslation.nullable(),
    translations: z.array(BookingEventTicketTranslation).meta({ connection: true }),
  })
  .meta({ id: "BookingEventTicket", iri: "/api/shop/booking-event-tickets" });

const BookingProductNode = z
  .object({
    id: z.int(),
    /** default | appointment | event | rental | table */
    type: z.string(),
    qty: z.int().nullable(),
    location: z.string().nullable(),
    availableFrom: z.string().nullable(),
    availableTo: z.string().nullable(),
    availableEveryWeek: z.boolean().nullable(),
    appointmentSlot: z
      .object({ id: z.int(), bookingProductId: z.int(), duration: z.int().nullable(), breakTime: z.int().nullable(), sameSlotAllDays: z.boolean().nullable(), slots: slotsField })
      .meta({ id: "BookingAppointmentSlot", iri: "/api/shop/booking-appointment-slots" })
      .nullable(),
    tableSlot: z
      .object({
        id: z.int(), bookingProductId: z.int(), priceType: z.string().nullable(), guestLimit: z.int().nullable(), duration: z.int().nullable(),
        breakTime: z.int().nullable(), preventSchedulingBefore: z.int().nullable(), sameSlotAllDays: z.boolean().nullable(), slots: slotsField,
      })
      .meta({ id: "BookingTableSlot", iri: "/api/shop/booking-table-slots" })
      .nullable(),
    eventTickets: z.array(BookingEventTicket).meta({ connection: true }),
    rentalSlot: z
      .object({ rentingType: z.string().nullable(), dailyPrice: z.number().nullable(), hourlyPrice: z.number().nullable(), slots: slotsField })
      .meta({ id: "BookingRentalSlot" })
      .nullable(),
    defaultSlot: z
      .object({ bookingType: z.string().nullable(), duration: z.int().nullable(), breakTime: z.int().nullable(), slots: slotsField })
      .meta({ id: "BookingDefaultSlot" })
      .nullable(),
  })
  .meta({ id: "BookingProduct", iri: "/api/shop/booking-products" });

/** One bookable slot of a day (`bookingSlots`); a rental answers `time` and its `slots`. */
export const BookingSlot = z
  .object({
    slotId: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    timestamp: z.string().nullable(),
    qty: z.int().nullable(),
    time: z.string().nullable(),
    slots: slotsField,
  })
  .meta({ id: "BookingSlot" });

// ───────────────────────────── reads ─────────────────────────────
// Every read takes the ids of all the records an answer asks a part of (lib/graphql/extensions.ts loads a field
// for them together) and answers them in a fixed number of statements, however many there are.

type ById<T> = Map<number, T>;

/** Per request and product: what was read once is not read again (a part asked by several fields or levels). */
const memos = new WeakMap<RequestContext, Map<string, Promise<unknown>>>();

function perProduct<T>(ctx: RequestContext, name: string, ids: number[], read: (ids: number[]) => Promise<ById<T>>, absent: T): Promise<T[]> {
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new Map<string, Promise<unknown>>()));
  const key = (id: number) => `${name}:${id}`;
  const missing = [...new Set(ids)].filter((id) => !memo.has(key(id)));
  if (missing.length) {
    const all = read(missing);
    for (const id of missing) memo.set(key(id), all.then((m) => (m.has(id) ? m.get(id)! : absent)));
  }
  return Promise.all(ids.map((id) => memo.get(key(id)) as Promise<T>));
}

/**
 * Ids for a follow-up read, or an id no record has: the read runs either way, so an answer costs the same statements
 * whichever types its page holds (a page of one row no fewer than a full one).
 */
const orNone = (ids: number[]): number[] => (ids.length ? ids : [0]);

const group = <R, K, V>(rows: R[], keyOf: (r: R) => K, valueOf: (r: R) => V): Map<K, V[]> => {
  const out = new Map<K, V[]>();
  for (const r of rows) out.set(keyOf(r), [...(out.get(keyOf(r)) ?? []), valueOf(r)]);
  return out;
};

/** Which of `ids` are sold in the request's channel: the parts of any other product answer null. */
function soldOf(ctx: RequestContext, ids: number[]): Promise<boolean[]> {
  return perProduct(ctx, "sold", ids, async (missing) => {
    const rows = await ctx.sql.selectFrom("Product as p").select("p.id").where("p.id", "in", missing).where(sold("p", ctx.channel.id)).execute();
    return new Map(rows.map((r) => [r.id, true]));
  }, false);
}

const readImages = async (ctx: RequestContext, ids: number[]) =>
  group(
    await ctx.sql.selectFrom("ProductImage").select(["id", "productId", "type", "path", "position"]).where("productId", "in", ids).orderBy("position", "asc").orderBy("id", "asc").execute(),
    (r) => r.productId,
    (r) => {
      const url = imageUrl(ctx, r.path);
      return { id: r.id, type: r.type, path: r.path, url, publicPath: url, position: r.position };
    },
  );

// The attributes' flags are read beside the values (what their records' added fields show), whether or not any.
const readAttributeValues = async (ctx: RequestContext, ids: number[]) => {
  const [values] = await Promise.all([attributeValuesOf(ctx, ids), attributeFlags(ctx)]);
  return group(values, (r) => r.ownerId, valueOf);
};

/** The detail's own fields beyond a list row: SEO texts in the request's locale (else the default's), parent. */
async function readMeta(ctx: RequestContext, ids: number[]) {
  const [products, translations] = await Promise.all([
    ctx.sql.selectFrom("Product").select(["id", "parentId"]).where("id", "in", ids).execute(),
    ctx.sql.selectFrom("ProductTranslation").select(["productId", "locale", "metaTitle", "metaDescription", "metaKeywords"])
      .where("productId", "in", ids).where("locale", "in", [ctx.locale, ctx.channel.defaultLocale]).execute(),
  ]);
  return new Map(products.map((p) => {
    const own = translations.filter((t) => t.productId === p.id);
    const t = own.find((x) => x.locale === ctx.locale) ?? own[0];
    return [p.id, { parentId: p.parentId, metaTitle: t?.metaTitle ?? null, metaDescription: t?.metaDescription ?? null, metaKeywords: t?.metaKeywords ?? null }];
  }));
}

/** The average of each product's approved ratings (to one decimal; 0 when none) and how many there are. */
async function readReviewsSummary(ctx: RequestContext, ids: number[]) {
  const rows = await ctx.sql
    .selectFrom("ProductReview")
    .select((eb) => ["productId", eb.fn.avg("rating").as("average"), eb.fn.countAll().as("total")])
    .where("productId", "in", ids)
    .where("status", "=", "approved")
    .groupBy("productId")
    .execute();
  const out = new Map(ids.map((id) => [id, { averageRating: 0, totalReviews: 0 }]));
  // Aggregates are not decoded by column type: SQLite answers numbers, PostgreSQL text.
  for (const r of rows) out.set(r.productId, { averageRating: Math.round(Number(r.average) * 10) / 10, totalReviews: Number(r.total) });
  return out;
}

async function readCategories(ctx: RequestContext, ids: number[]) {
  const rows = await ctx.sql
    .selectFrom("ProductCategory as pc")
    .innerJoin("Category as c", "c.id", "pc.categoryId")
    .leftJoin("CategoryTranslation as ct", (join) => join.onRef("ct.categoryId", "=", "c.id").on("ct.locale", "=", ctx.locale))
    .select(["pc.productId", "c.id", "c.position", "c.displayMode", "c.additional", "ct.name", "ct.slug", "ct.urlPath"])
    .where("pc.productId", "in", ids)
    .where("c.status", "=", 1)
    .orderBy("pc.position", "asc")
    .orderBy("c.id", "asc")
    .execute();
  return group(rows, (c) => c.productId, (c) => ({
    id: c.id,
    name: c.name ?? "",
    slug: c.slug ?? "",
    position: c.position,
    displayMode: c.displayMode,
    additional: c.additional,
    translation: c.name !== null ? { name: c.name, slug: c.slug ?? "", urlPath: c.urlPath } : null,
  }));
}

async function readReviews(ctx: RequestContext, ids: number[]) {
  const rows = await ctx.sql
    .selectFrom("ProductReview")
    .select(["id", "productId", "name", "title", "comment", "rating", "createdAt"])
    .where("productId", "in", ids)
    .where("status", "=", "approved")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return group(rows, (r) => r.productId, ({ productId: _p, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

async function readGrouped(ctx: RequestContext, ids: number[]) {
  const links = await groupedChildrenOf(ctx.sql, ctx, ids);
  const rows = await productRows(ctx, orNone([...links.values()].flatMap((ls) => ls.map((l) => l.product.id))));
  const now = new Date();
  return new Map([...links].map(([owner, ls]) => [owner, ls.flatMap(({ product: c, qty, position }) => {
    const row = rows.get(c.id);
    if (!row || !c.available) return [];
    const price = display(ctx, finalPrice(c.priced, now));
    return [{ id: c.id, sku: c.sku, name: c.name, price: price.amount, formattedPrice: price.formatted, inStock: c.inStock, qty, sortOrder: position, associatedProduct: row }];
  })]));
}

async function readBundles(ctx: RequestContext, ids: number[]) {
  const bundles = await bundleOptionsOfMany(ctx.sql, ctx, ids);
  const rows = await productRows(ctx, orNone([...bundles.values()].flatMap((os) => os.flatMap((o) => o.products.map((op) => op.product.id)))));
  const now = new Date();
  return new Map([...bundles].map(([owner, options]) => [owner, options.map((o) => {
    const offered = o.products.filter((op) => op.product.available && rows.has(op.product.id));
    return {
      id: o.id,
      label: o.label,
      type: o.type,
      isRequired: o.isRequired,
      position: o.position,
      sortOrder: o.position,
      translation: { label: o.label, locale: ctx.locale },
      products: offered.map((op) => {
        const price = display(ctx, finalPrice(op.product.priced, now));
        return {
          id: op.id, productId: op.product.id, sku: op.product.sku, name: op.product.name, price: price.amount, formattedPrice: price.formatted,
          qty: op.qty, isUserDefined: op.isUserDefined, isDefault: op.isDefault, inStock: op.product.inStock,
        };
      }),
      bundleOptionProducts: offered.map((op) => ({
        id: op.id, qty: op.qty, isDefault: op.isDefault, isUserDefined: op.isUserDefined, sortOrder: op.position, productId: op.product.id, product: rows.get(op.product.id)!,
      })),
    };
  })]));
}

async function readLinks(ctx: RequestContext, ids: number[]) {
  const rows = await ctx.sql
    .selectFrom("DownloadableLink")
    .select(["id", "productId", "title", "type", "price", "downloads", "sortOrder"])
    .where("productId", "in", ids)
    .orderBy("sortOrder", "asc")
    .orderBy("id", "asc")
    .execute();
  return group(rows, (l) => l.productId, (l) => {
    const price = display(ctx, l.price);
    return {
      id: l.id, title: l.title, type: l.type, price: price.amount, formattedPrice: price.formatted, downloads: l.downloads, sortOrder: l.sortOrder,
      translation: { title: l.title, locale: ctx.locale }, sampleType: null, sampleFile: null, sampleFileUrl: null, sampleUrl: null,
    };
  });
}

/**
 * Configurable products' super attributes with the options their active variants carry, each option with the
 * variants that carry it and are in stock (`products`), and the in-stock variants' choices (`combinations`:
 * variant id → attribute code → option id).
 */
async function readConfigurables(ctx: RequestContext, ids: number[]) {
  const variantsOf = await perProduct(ctx, "variants", ids, (missing) => readVariants(ctx, missing), []);
  const label = (locale: string) =>
    expressionBuilder<DB & { a: DB["Attribute"] }, "a">().selectFrom("AttributeTranslation as at").select("at.name").whereRef("at.attributeId", "=", "a.id").where("at.locale", "=", locale);
  const attributes = await ctx.sql
    .selectFrom("ProductSuperAttribute as sa")
    .innerJoin("Attribute as a", "a.id", "sa.attributeId")
    .select(["sa.productId", "a.id", "a.code", "a.adminName", "a.type", "a.swatchType", "a.position", label(ctx.locale).as("label")])
    .where("sa.productId", "in", ids)
    .orderBy("a.position", "asc")
    .orderBy("a.id", "asc")
    .execute();
  const optionLabel = expressionBuilder<DB & { o: DB["AttributeOption"] }, "o">()
    .selectFrom("AttributeOptionTranslation as ot").select("ot.label").whereRef("ot.optionId", "=", "o.id").where("ot.locale", "=", ctx.locale);
  const options = await ctx.sql
    .selectFrom("AttributeOption as o")
    .select(["o.id", "o.attributeId", "o.adminName", "o.swatchValue", optionLabel.as("label")])
    .where("o.attributeId", "in", orNone([...new Set(attributes.map((a) => a.id))]))
    .orderBy("o.sortOrder", "asc")
    .orderBy("o.id", "asc")
    .execute();
  return new Map(ids.map((id, i) => {
    const variants = variantsOf[i];
    const own = attributes.filter((a) => a.productId === id);
    const codes = own.map((a) => a.code);
    const combinations: Record<string, Record<string, number>> = {};
    for (const v of variants) {
      if (v.inStock) combinations[String(v.id)] = Object.fromEntries(codes.filter((c) => v.attributes[c] !== undefined).map((c) => [c, v.attributes[c]]));
    }
    const superAttributes = own.map((a) => ({
      id: a.id,
      code: a.code,
      adminName: a.adminName,
      label: a.label ?? a.adminName,
      type: a.type,
      swatchType: a.swatchType,
      // Only the choices some active variant carries: any other option could not be added to a cart.
      options: options
        .filter((o) => o.attributeId === a.id && variants.some((v) => v.attributes[a.code] === o.id))
        .map((o) => ({
          id: o.id,
          adminName: o.adminName,
          label: o.label ?? o.adminName,
          swatchValue: o.swatchValue,
          products: variants.filter((v) => v.inStock && v.attributes[a.code] === o.id).map((v) => v.id),
        })),
    }));
    return [id, { superAttributes, combinations }];
  }));
}

/**
 * Variants of configurable products, with their images and the attributes' flags read beside them (what the
 * variant records' added fields show), so that the statements do not depend on whether a page holds variants.
 */
async function readVariants(ctx: RequestContext, ids: number[]) {
  const variants = await variantsOfMany(ctx, ids);
  const variantIds = [...variants.values()].flat().map((v) => v.id);
  await Promise.all([perProduct(ctx, "images", orNone(variantIds), (missing) => readImages(ctx, missing), []), attributeFlags(ctx)]);
  return variants;
}

/** At most this many related products per product. */
const MAX_RELATED = 50;

/**
 * Related products: this schema keeps no related, up-sell or cross-sell links, so they are the products sharing a
 * category with it, listed in the request's channel, itself excluded; the most categories shared first, then the
 * newest id. At most MAX_RELATED.
 */
async function readRelated(ctx: RequestContext, ids: number[]) {
  const pairs = await ctx.sql
    .selectFrom("ProductCategory as mine")
    .innerJoin("ProductCategory as other", "other.categoryId", "mine.categoryId")
    .innerJoin("Product as p", "p.id", "other.productId")
    .select((eb) => ["mine.productId as ownerId", "p.id", eb.fn.countAll().as("shared")])
    .where("mine.productId", "in", ids)
    .whereRef("other.productId", "<>", "mine.productId")
    .where(listed("p", ctx.channel.id))
    .groupBy(["mine.productId", "p.id"])
    .execute();
  const byOwner = group(pairs, (r) => r.ownerId, (r) => ({ id: r.id, shared: Number(r.shared) }));
  const chosen = new Map([...byOwner].map(([owner, list]) => [owner, list.sort((a, b) => b.shared - a.shared || b.id - a.id).slice(0, MAX_RELATED).map((r) => r.id)]));
  const rows = await productRows(ctx, orNone([...chosen.values()].flat()));
  return new Map([...chosen].map(([owner, list]) => [owner, list.flatMap((id) => (rows.has(id) ? [rows.get(id)!] : []))]));
}

/** Every attribute's flags (one statement per request). */
function attributeFlags(ctx: RequestContext) {
  return perProduct(ctx, "attribute-flags", [0], async () => {
    const rows = await ctx.sql.selectFrom("Attribute").select(["id", "isFilterable", "isVisibleOnFront"]).execute();
    return new Map([[0, new Map(rows.map((r) => [r.id, r]))]]);
  }, new Map<number, { isFilterable: number; isVisibleOnFront: boolean }>()).then(([m]) => m);
}

// ───────────────────────────── the fields ─────────────────────────────

const connection = <T extends z.ZodType>(node: T) => z.array(node).meta({ connection: true });
const idOf = (p: Parent) => p.id as number;

interface PartOptions<T> {
  /** The part: its name (what is read once per request and product) and its read for several products. */
  name: string;
  read: (ctx: RequestContext, ids: number[]) => Promise<ById<T>>;
  /** The value of a product the read found nothing for (an empty list). */
  absent: T;
  /** Only products of these types have the part; the others answer `absent` (or `otherTypes`). */
  types?: string[];
  /** What products of other types answer, when not `absent` (picked). */
  otherTypes?: unknown;
  /** The detail already carries the part under this key: served from it. */
  carried?: string;
  pick?: (value: T) => unknown;
}

/** A part of each parent product, read for all of them at once; null for a product not sold in the channel. */
function partOf<T>(output: z.ZodType, o: PartOptions<T>, description?: string): LazyField {
  return {
    output,
    description,
    load: async (ctx, parents) => {
      const pick = o.pick ?? ((v: T) => v);
      // Every record not carrying the part is read, whatever its type (a type without the part reads nothing): so
      // the statements an answer sends depend on the fields asked, not on which types a page happens to hold.
      const asked = parents.filter((p) => o.carried === undefined || p[o.carried] === undefined);
      const ids = [...new Set(asked.map(idOf))];
      const standing = await soldOf(ctx, ids);
      const soldIds = ids.filter((_, i) => standing[i]);
      const values = await perProduct(ctx, o.name, soldIds, (missing) => o.read(ctx, missing), o.absent);
      const byId = new Map(soldIds.map((id, i) => [id, values[i]]));
      return parents.map((p) => {
        if (o.carried !== undefined && p[o.carried] !== undefined) return p[o.carried];
        if (o.types && !o.types.includes(p.type as string)) return "otherTypes" in o ? o.otherTypes : pick(o.absent);
        return byId.has(idOf(p)) ? pick(byId.get(idOf(p))!) : null;
      });
    },
  };
}

const meta = (key: "metaTitle" | "metaDescription" | "metaKeywords" | "parentId") =>
  partOf(ProductDetail.shape[key], {
    name: "meta", read: readMeta, carried: key,
    absent: { parentId: null, metaTitle: null, metaDescription: null, metaKeywords: null },
    pick: (v) => v[key],
  });

const emptyConnection = (node: z.ZodType, description: string): LazyField => ({ output: connection(node), description, load: (_, parents) => parents.map(() => []) });
const configurable = (pick: (c: Awaited<ReturnType<typeof readConfigurables>> extends Map<number, infer V> ? V : never) => unknown, output: z.ZodType, description: string, otherTypes?: null) =>
  partOf(output, {
    name: "configurable", read: readConfigurables, absent: { superAttributes: [], combinations: {} }, types: ["configurable"], pick,
    ...(otherTypes === null ? { otherTypes } : {}),
  }, description);

graphqlFields(ProductRow, {
  metaTitle: meta("metaTitle"),
  metaDescription: meta("metaDescription"),
  metaKeywords: meta("metaKeywords"),
  parentId: meta("parentId"),
  reviewsSummary: partOf(ProductDetail.shape.reviewsSummary, { name: "reviews-summary", read: readReviewsSummary, carried: "reviewsSummary", absent: { averageRating: 0, totalReviews: 0 } }),
  images: partOf(ProductDetail.shape.images, { name: "images", read: readImages, carried: "images", absent: [] }),
  attributeValues: partOf(ProductDetail.shape.attributeValues, { name: "attribute-values", read: readAttributeValues, carried: "attributeValues", absent: [] }),
  variants: partOf(ProductDetail.shape.variants, { name: "variants", read: readVariants, carried: "variants", absent: [], types: ["configurable"] }),
  categories: partOf(connection(ProductCategoryNode), { name: "categories", read: readCategories, absent: [] }),
  superAttributes: configurable((c) => c.superAttributes, connection(SuperAttributeNode), "A configurable product's attributes, each with the options its variants carry."),
  combinations: configurable(
    (c) => JSON.stringify(c.combinations),
    z.unknown(),
    "A configurable product's in-stock variants as JSON text: variant id → attribute code → option id. Null for other types.",
    null,
  ),
  superAttributeOptions: configurable(
    (c) => JSON.stringify(c.superAttributes),
    z.unknown(),
    "A configurable product's attributes and options as JSON text; each option lists the in-stock variants that carry it (`products`). Null for other types.",
    null,
  ),
  groupedProducts: partOf(connection(GroupedProductNode), { name: "grouped", read: readGrouped, absent: [], types: ["grouped"] }, "A grouped product's associated products with their default quantities."),
  bundleOptions: partOf(connection(BundleOptionNode), { name: "bundle", read: readBundles, absent: [], types: ["bundle"] }, "A bundle's options with the products each offers."),
  downloadableLinks: partOf(connection(DownloadableLinkNode), { name: "links", read: readLinks, absent: [], types: ["downloadable"] }),
  downloadableSamples: emptyConnection(DownloadableSampleNode, "Samples of a downloadable product: this store keeps none, so always empty."),
  bookingProducts: emptyConnection(BookingProductNode, "Booking settings of a booking product: this store sells none, so always empty."),
  reviews: partOf(connection(ProductReviewNode), { name: "reviews", read: readReviews, absent: [] }, "The product's approved reviews, newest first."),
  relatedProducts: partOf(
    connection(ProductRow),
    { name: "related", read: readRelated, absent: [] },
    "Products sharing a category with this one (the store keeps no related-product links), listed in the channel.",
  ),
  guestCheckout: {
    output: z.boolean(),
    description: "Whether a guest may check the product out: this store keeps no per-product setting and takes guest checkouts.",
    load: (_, parents) => parents.map(() => true),
  },
  locale: { output: z.string(), description: "The locale this answer was made in.", load: (ctx, parents) => parents.map(() => ctx.locale) },
  channel: { output: z.string(), description: "The channel this answer was made in.", load: (ctx, parents) => parents.map(() => ctx.channel.code) },
});

// The detail is a `Product`: the fields it carries beyond a list row are the ones above, served from it.
servedAs(ProductDetail, ProductRow);

graphqlFields(ProductVariant, {
  baseImageUrl: {
    output: z.string().nullable(),
    description: "The variant's first image.",
    load: async (ctx, variants) => {
      const ids = variants.map(idOf);
      const images = await perProduct(ctx, "images", ids, (missing) => readImages(ctx, missing), []);
      return images.map((list) => list[0]?.url ?? null);
    },
  },
});

graphqlFields(ProductAttributeValueAttribute, {
  isFilterable: {
    output: z.int(),
    description: "1 when the attribute is a product filter.",
    load: async (ctx, attributes) => {
      const flags = await attributeFlags(ctx);
      return attributes.map((a) => flags.get(idOf(a))?.isFilterable ?? 0);
    },
  },
  isVisibleOnFront: {
    output: z.boolean(),
    description: "Whether the storefront shows the attribute on the product page.",
    load: async (ctx, attributes) => {
      const flags = await attributeFlags(ctx);
      return attributes.map((a) => flags.get(idOf(a))?.isVisibleOnFront ?? false);
    },
  },
});

/** Product `id` exists and is sold in the request's channel (`bookingSlots` answers 404 otherwise). */
export async function requireSold(ctx: RequestContext, id: number): Promise<void> {
  if (!(await soldOf(ctx, [id]))[0]) throw new NotFound("Product");
}
