// A product's parts at their own REST paths (./sub-resources.ts): each read asks for that part alone, in one
// statement with the product's standing (active and sold in the channel, as the detail requires), and the variants
// one more for their attribute values. The answers are the detail's arrays (./products.ts), cached as it is.
import type { RequestContext } from "../context.ts";
import { NotFound } from "../errors.ts";
import { bool, date, int, rawRows } from "../db/raw.ts";
import { detailCache } from "./cache.ts";
import { display, finalPrice } from "./pricing.ts";
import { attributeValueOf, imageUrl } from "./products.ts";

type Raw = Record<string, unknown>;

/**
 * The rows `join` adds to product `id` (`p`), each with the product's standing; 404 unless the product is active
 * and sold in the request's channel. `$1` is the product, `$2` the channel, `$3…` the `values`. A product without
 * the part answers one row whose part columns are null.
 */
async function partRows(ctx: RequestContext, id: number, columns: string, join: string, orderBy: string, ...values: unknown[]): Promise<Raw[]> {
  const rows = await rawRows(
    ctx.db,
    `SELECT p."type" AS "productType", p."status" AS "productStatus",
       (SELECT COUNT(*) FROM "ProductChannel" pc WHERE pc."productId" = p."id" AND pc."channelId" = $2) AS "inChannel", ${columns}
     FROM "Product" p ${join} WHERE p."id" = $1 ORDER BY ${orderBy}`,
    id, ctx.channel.id, ...values,
  );
  if (!rows.length || !bool(rows[0].productStatus) || !int(rows[0].inChannel)) throw new NotFound("Product");
  return rows;
}

/** Held like the detail, per scope; tagged with the product (and its variants) so a stock change drops it. */
function cached<T>(ctx: RequestContext, part: string, id: number, read: () => Promise<{ id: number; rows: T[]; variants?: T[] }>): Promise<T[]> {
  const key = JSON.stringify(["part", part, ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, id]);
  return (detailCache.get(key, read) as ReturnType<typeof read>).then((v) => v.rows);
}

export function productImagesOf(ctx: RequestContext, id: number) {
  return cached(ctx, "images", id, async () => {
    const rows = await partRows(
      ctx, id,
      `im."id" AS "id", im."type" AS "type", im."path" AS "path", im."position" AS "position"`,
      `LEFT JOIN "ProductImage" im ON im."productId" = p."id"`,
      `im."position" ASC, im."id" ASC`,
    );
    return {
      id,
      rows: rows.filter((r) => r.id != null).map((r) => {
        const url = imageUrl(ctx, String(r.path));
        return { id: int(r.id), type: String(r.type), path: String(r.path), url, publicPath: url, position: int(r.position) };
      }),
    };
  });
}

export function productDownloadableLinksOf(ctx: RequestContext, id: number) {
  return cached(ctx, "downloadable-links", id, async () => {
    const rows = await partRows(
      ctx, id,
      `dl."id" AS "id", dl."title" AS "title", dl."price" AS "price", dl."downloads" AS "downloads"`,
      `LEFT JOIN "DownloadableLink" dl ON dl."productId" = p."id"`,
      `dl."sortOrder" ASC, dl."id" ASC`,
    );
    return {
      id,
      rows: rows.filter((r) => r.id != null).map((r) => {
        const price = display(ctx, r.price);
        return { id: int(r.id), title: String(r.title), price: price.amount, formattedPrice: price.formatted, downloads: int(r.downloads) };
      }),
    };
  });
}

/** Columns of an attribute value `v` with its attribute `a` and option `o`, labelled in the locale bound as `$<n>`. */
const valueColumns = (locale: string) => `v."id" AS "valueId", v."productId" AS "ownerId", v."attributeId" AS "attributeId", v."optionId" AS "optionId",
  v."textValue" AS "textValue", v."booleanValue" AS "booleanValue", a."code" AS "code", a."adminName" AS "adminName", a."type" AS "attributeType",
  (SELECT t."name" FROM "AttributeTranslation" t WHERE t."attributeId" = a."id" AND t."locale" = ${locale}) AS "label",
  o."adminName" AS "optionAdminName",
  (SELECT ot."label" FROM "AttributeOptionTranslation" ot WHERE ot."optionId" = o."id" AND ot."locale" = ${locale}) AS "optionLabel"`;

const VALUE_JOINS = `LEFT JOIN "Attribute" a ON a."id" = v."attributeId" LEFT JOIN "AttributeOption" o ON o."id" = v."optionId"`;
/** Values for every locale, and the request's (as the detail shows them). */
const valueScope = (locale: string) => `(v."locale" IS NULL OR v."locale" = ${locale})`;

function valueOf(r: Raw) {
  return attributeValueOf({
    attributeId: int(r.attributeId),
    optionId: r.optionId == null ? null : int(r.optionId),
    textValue: typeof r.textValue === "string" ? r.textValue : null,
    booleanValue: r.booleanValue == null ? null : bool(r.booleanValue),
    attribute: { id: int(r.attributeId), code: String(r.code), adminName: String(r.adminName), type: String(r.attributeType), translations: typeof r.label === "string" ? [{ name: r.label }] : [] },
    option: r.optionId == null ? null : { adminName: String(r.optionAdminName), translations: typeof r.optionLabel === "string" ? [{ label: r.optionLabel }] : [] },
  });
}

export function productAttributeValuesOf(ctx: RequestContext, id: number) {
  return cached(ctx, "attribute-values", id, async () => {
    const rows = await partRows(
      ctx, id,
      valueColumns("$3"),
      `LEFT JOIN "ProductAttributeValue" v ON v."productId" = p."id" AND ${valueScope("$3")} ${VALUE_JOINS}`,
      `v."id" ASC`,
      ctx.locale,
    );
    return { id, rows: rows.filter((r) => r.valueId != null).map(valueOf) };
  });
}

/** A configurable product's active variants with their prices, stock and values; none for other types. */
export function productVariantsOf(ctx: RequestContext, id: number) {
  return cached(ctx, "variants", id, async () => {
    const rows = await partRows(
      ctx, id,
      `v."id" AS "id", v."sku" AS "sku", v."status" AS "status", v."price" AS "price", v."specialPrice" AS "specialPrice",
       v."specialPriceFrom" AS "specialPriceFrom", v."specialPriceTo" AS "specialPriceTo",
       (SELECT t."name" FROM "ProductTranslation" t WHERE t."productId" = v."id" AND t."locale" = $3) AS "name",
       (SELECT t."name" FROM "ProductTranslation" t WHERE t."productId" = v."id" AND t."locale" = $4) AS "defaultName",
       (SELECT inv."qty" FROM "ProductInventory" inv WHERE inv."productId" = v."id" AND inv."channelId" = $2) AS "stock"`,
      `LEFT JOIN "Product" v ON v."parentId" = p."id" AND p."type" = 'configurable'`,
      `v."id" ASC`,
      ctx.locale, ctx.channel.defaultLocale,
    );
    const live = rows.filter((r) => r.id != null && bool(r.status));
    const ids = live.map((r) => int(r.id));
    const values = ids.length
      ? await rawRows(
          ctx.db,
          `SELECT ${valueColumns("$1")} FROM "ProductAttributeValue" v ${VALUE_JOINS}
           WHERE v."productId" IN (${ids.map((_, i) => `$${i + 2}`).join(", ")}) AND ${valueScope("$1")} ORDER BY v."id" ASC`,
          ctx.locale, ...ids,
        )
      : [];
    const now = new Date();
    const variants = live.map((r) => {
      const own = values.filter((v) => int(v.ownerId) === int(r.id)).map(valueOf);
      const price = display(ctx, finalPrice({ price: r.price, specialPrice: r.specialPrice, specialPriceFrom: date(r.specialPriceFrom), specialPriceTo: date(r.specialPriceTo) }, now));
      return {
        id: int(r.id),
        sku: String(r.sku),
        name: String(r.name ?? r.defaultName ?? r.sku),
        price: price.amount,
        formattedPrice: price.formatted,
        inStock: r.stock != null && int(r.stock) > 0,
        attributes: Object.fromEntries(own.filter((v) => v.optionId !== null).map((v) => [v.code, v.optionId!])),
        attributeValues: own,
      };
    });
    return { id, rows: variants, variants };
  });
}
