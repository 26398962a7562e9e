// Product rows for the records of a customer's account (wishlist, compare list): one query for all rows, the
// same light shape and request-currency prices as the catalog list; and the check that a product may be listed.
import type { RequestContext } from "../context.ts";
import { NotFound } from "../errors.ts";
import { productRow, rowInclude, visibleProductWhere } from "../catalog/products.ts";

export type ProductRowData = ReturnType<typeof productRow>;

export async function productRows(ctx: RequestContext, ids: number[]): Promise<Map<number, ProductRowData>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const products = await ctx.db.product.findMany({
    where: { id: { in: unique } },
    include: {
      ...rowInclude(ctx.channel.id),
      translations: {
        where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } },
        select: { locale: true, name: true, urlKey: true, shortDescription: true, description: true },
      },
    },
  });
  const now = new Date();
  const rows = new Map<number, ProductRowData>();
  for (const p of products) {
    const t = p.translations.find((x) => x.locale === ctx.locale) ?? p.translations[0] ?? { name: p.sku, urlKey: "", shortDescription: null };
    rows.set(p.id, productRow(ctx, p, t, now));
  }
  return rows;
}

/** A product a customer may list, review or compare: one the catalog shows in the request's channel. 404 otherwise. */
export async function listableProduct(ctx: RequestContext, productId: number) {
  const product = await ctx.db.product.findFirst({ where: { id: productId, ...visibleProductWhere(ctx) }, select: { id: true, sku: true } });
  if (!product) throw new NotFound("Product");
  return product;
}
