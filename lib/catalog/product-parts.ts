// A product's parts at their own REST paths (./sub-resources.ts): each read asks for that part alone, in one
// statement with the product's standing (sold in the channel, as the detail requires: ./visibility.ts), and the
// variants one more for their attribute values. The answers are the detail's arrays (./products.ts), cached as it is.
import { expressionBuilder, type InferResult } from "kysely";
import type { RequestContext } from "../context.ts";
import type { DB } from "../db/sql/index.ts";
import { NotFound } from "../errors.ts";
import { detailCache } from "./cache.ts";
import { display, finalPrice } from "./pricing.ts";
import { attributeValueOf, imageUrl } from "./products.ts";
import { active, sold, stocked } from "./visibility.ts";

/** Whether the product `p` of a part's statement may be shown: selected with the part's rows. */
const standing = (ctx: RequestContext) => sold("p", ctx.channel.id).as("productSold");

/**
 * The rows of a part's statement, 404 unless the product exists and is sold in the request's channel. A product
 * without the part answers one row whose part columns are null (the part is LEFT JOINed).
 */
function shown<R extends { productSold: unknown }>(rows: R[]): R[] {
  // A selected condition is not decoded by column type: SQLite answers 0/1 (lib/db/sql/index.ts).
  if (!rows.length || !Number(rows[0].productSold)) throw new NotFound("Product");
  return rows;
}

/** Held like the detail, per scope; tagged with the product (and its variants) so a stock change drops it. */
function cached<T>(ctx: RequestContext, part: string, id: number, read: () => Promise<{ id: number; rows: T[]; variants?: T[] }>): Promise<T[]> {
  const key = JSON.stringify(["part", part, ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, id]);
  return (detailCache.get(key, read) as ReturnType<typeof read>).then((v) => v.rows);
}

export function productImagesOf(ctx: RequestContext, id: number) {
  return cached(ctx, "images", id, async () => {
    const rows = shown(
      await ctx.sql
        .selectFrom("Product as p")
        .leftJoin("ProductImage as im", "im.productId", "p.id")
        .select([standing(ctx), "im.id", "im.type", "im.path", "im.position"])
        .where("p.id", "=", id)
        .orderBy("im.position", "asc")
        .orderBy("im.id", "asc")
        .execute(),
    );
    return {
      id,
      rows: rows.flatMap((r) => {
        if (r.id === null) return [];
        const url = imageUrl(ctx, r.path!);
        return [{ id: r.id, type: r.type!, path: r.path!, url, publicPath: url, position: r.position! }];
      }),
    };
  });
}

export function productDownloadableLinksOf(ctx: RequestContext, id: number) {
  return cached(ctx, "downloadable-links", id, async () => {
    const rows = shown(
      await ctx.sql
        .selectFrom("Product as p")
        .leftJoin("DownloadableLink as dl", "dl.productId", "p.id")
        .select([standing(ctx), "dl.id", "dl.title", "dl.price", "dl.downloads"])
        .where("p.id", "=", id)
        .orderBy("dl.sortOrder", "asc")
        .orderBy("dl.id", "asc")
        .execute(),
    );
    return {
      id,
      rows: rows.flatMap((r) => {
        if (r.id === null) return [];
        const price = display(ctx, r.price);
        return [{ id: r.id, title: r.title!, price: price.amount, formattedPrice: price.formatted, downloads: r.downloads! }];
      }),
    };
  });
}

type ValueScope = DB & { v: DB["ProductAttributeValue"]; a: DB["Attribute"]; o: DB["AttributeOption"] };

/** Columns of an attribute value `v` with its attribute `a` and option `o`, labelled in `locale`. */
function valueColumns(locale: string) {
  const eb = expressionBuilder<ValueScope, "v" | "a" | "o">();
  return [
    "v.id as valueId", "v.productId as ownerId", "v.attributeId", "v.optionId", "v.textValue", "v.booleanValue",
    "a.code", "a.adminName", "a.type as attributeType", "o.adminName as optionAdminName",
    eb.selectFrom("AttributeTranslation as at").select("at.name").whereRef("at.attributeId", "=", "a.id").where("at.locale", "=", locale).as("label"),
    eb.selectFrom("AttributeOptionTranslation as ot").select("ot.label").whereRef("ot.optionId", "=", "o.id").where("ot.locale", "=", locale).as("optionLabel"),
  ] as const;
}

/** Values for every locale, and the request's (as the detail shows them). */
const valueScope = (locale: string) => {
  const eb = expressionBuilder<ValueScope, "v">();
  return eb.or([eb("v.locale", "is", null), eb("v.locale", "=", locale)]);
};

/** A value row as `valuesQuery` reads it, or as a LEFT JOIN from the product does (every column may be null). */
type ValueRow = { [K in keyof InferResult<ReturnType<typeof valuesQuery>>[number]]: InferResult<ReturnType<typeof valuesQuery>>[number][K] | null };

export function valueOf(r: ValueRow) {
  return attributeValueOf({
    attributeId: r.attributeId!,
    optionId: r.optionId,
    textValue: r.textValue,
    booleanValue: r.booleanValue,
    attribute: { id: r.attributeId!, code: r.code!, adminName: r.adminName!, type: r.attributeType!, translations: r.label === null ? [] : [{ name: r.label }] },
    option: r.optionId === null ? null : { adminName: r.optionAdminName!, translations: r.optionLabel === null ? [] : [{ label: r.optionLabel }] },
  });
}

export function productAttributeValuesOf(ctx: RequestContext, id: number) {
  return cached(ctx, "attribute-values", id, async () => {
    const rows = shown(
      await ctx.sql
        .selectFrom("Product as p")
        .leftJoin("ProductAttributeValue as v", (join) => join.onRef("v.productId", "=", "p.id").on(valueScope(ctx.locale)))
        .leftJoin("Attribute as a", "a.id", "v.attributeId")
        .leftJoin("AttributeOption as o", "o.id", "v.optionId")
        .select([standing(ctx), ...valueColumns(ctx.locale)])
        .where("p.id", "=", id)
        .orderBy("v.id", "asc")
        .execute(),
    );
    return { id, rows: rows.filter((r) => r.valueId !== null).map(valueOf) };
  });
}

/** The attribute values of `productIds` in the request's locale (and those of every locale), in their order. */
function valuesQuery(ctx: RequestContext, productIds: number[]) {
  return ctx.sql
    .selectFrom("ProductAttributeValue as v")
    .leftJoin("Attribute as a", "a.id", "v.attributeId")
    .leftJoin("AttributeOption as o", "o.id", "v.optionId")
    .select(valueColumns(ctx.locale))
    .where("v.productId", "in", productIds)
    .where(valueScope(ctx.locale))
    .orderBy("v.id", "asc");
}

export const attributeValuesOf = (ctx: RequestContext, productIds: number[]) => valuesQuery(ctx, productIds).execute();

/** Variant columns under alias `v`: its name in the request's and the channel's default locale, whether it is stocked. */
function variantColumns(ctx: RequestContext) {
  const eb = expressionBuilder<DB & { v: DB["Product"] }, "v">();
  const name = (locale: string) => eb.selectFrom("ProductTranslation as t").select("t.name").whereRef("t.productId", "=", "v.id").where("t.locale", "=", locale);
  return [
    "v.id", "v.sku", "v.price", "v.specialPrice", "v.specialPriceFrom", "v.specialPriceTo",
    name(ctx.locale).as("name"), name(ctx.channel.defaultLocale).as("defaultName"), stocked("v", ctx.channel.id).as("stocked"),
  ] as const;
}

/** A configurable product's active variants, in their order. */
const activeVariants = (ctx: RequestContext, parentId: number) =>
  ctx.sql.selectFrom("Product as v").select(variantColumns(ctx)).where("v.parentId", "=", parentId).where(active("v")).orderBy("v.id", "asc");

type VariantRow = InferResult<ReturnType<typeof activeVariants>>[number];

/** Variants with their prices, stock and attribute values (one statement for the values of them all). */
async function withValues(ctx: RequestContext, rows: VariantRow[], always = false) {
  // `always`: read even for no variant (an id none has), so that a batch's statements do not depend on the data.
  const values = rows.length || always ? await attributeValuesOf(ctx, rows.length ? rows.map((r) => r.id) : [0]) : [];
  return rows.map((r) => {
    const own = values.filter((v) => v.ownerId === r.id).map(valueOf);
    return {
      id: r.id,
      sku: r.sku,
      name: r.name ?? r.defaultName ?? r.sku,
      priced: { price: r.price, specialPrice: r.specialPrice, specialPriceFrom: r.specialPriceFrom, specialPriceTo: r.specialPriceTo },
      // A selected condition is not decoded by column type: SQLite answers 0/1.
      inStock: Boolean(Number(r.stocked)),
      attributes: Object.fromEntries(own.filter((v) => v.optionId !== null).map((v) => [v.code, v.optionId!])),
      attributeValues: own,
    };
  });
}

/** A configurable product's active variants, for its detail (which has checked the product's standing). */
export async function activeVariantsOf(ctx: RequestContext, parentId: number) {
  return withValues(ctx, await activeVariants(ctx, parentId).execute());
}

/** The active variants of several configurable products with their prices, stock and values (two statements), by product. */
export async function variantsOfMany(ctx: RequestContext, parentIds: number[]) {
  const out = new Map<number, ReturnType<typeof pricedVariant>[]>();
  if (!parentIds.length) return out;
  const rows = await ctx.sql
    .selectFrom("Product as v")
    .select([...variantColumns(ctx), "v.parentId"])
    .where("v.parentId", "in", parentIds)
    .where(active("v"))
    .orderBy("v.id", "asc")
    .execute();
  const now = new Date();
  const parents = new Map(rows.map((r) => [r.id, r.parentId!]));
  for (const v of await withValues(ctx, rows, true)) {
    const parentId = parents.get(v.id)!;
    out.set(parentId, [...(out.get(parentId) ?? []), pricedVariant(ctx, v, now)]);
  }
  return out;
}

function pricedVariant(ctx: RequestContext, { priced, ...v }: Awaited<ReturnType<typeof withValues>>[number], now: Date) {
  const price = display(ctx, finalPrice(priced, now));
  return { id: v.id, sku: v.sku, name: v.name, price: price.amount, formattedPrice: price.formatted, inStock: v.inStock, attributes: v.attributes, attributeValues: v.attributeValues };
}

/** A configurable product's active variants with their prices, stock and values; none for other types. */
export function productVariantsOf(ctx: RequestContext, id: number) {
  return cached(ctx, "variants", id, async () => {
    const rows = shown(
      await ctx.sql
        .selectFrom("Product as p")
        .leftJoin("Product as v", (join) => join.onRef("v.parentId", "=", "p.id").on("p.type", "=", "configurable").on(active("v")))
        .select([standing(ctx), ...variantColumns(ctx)])
        .where("p.id", "=", id)
        .orderBy("v.id", "asc")
        .execute(),
    );
    const live = rows.flatMap((r) => (r.id === null ? [] : [{ ...r, id: r.id, sku: r.sku!, price: r.price! }]));
    const now = new Date();
    const variants = (await withValues(ctx, live)).map((v) => pricedVariant(ctx, v, now));
    return { id, rows: variants, variants };
  });
}
