// The products report (SPEC.md "Products report (admin)"): eight types over a window, each as statistics (the
// report endpoint) and, all but top-search-terms, as a table of columns and records (view and export).
import type { RequestContext } from "../context.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { BadRequest } from "../errors.ts";
import { dec, formatPrice, toNumber } from "../money.ts";
import { imageUrl } from "../catalog/products.ts";
import { perDay, progress, share, within, type ReportWindow, type Span } from "./window.ts";
import { PRODUCT_REPORT_TYPES, type ProductReportType } from "./report-types.ts";

/** SPEC.md Errors: an unknown type is a 400 whose body says the type is invalid. */
export function reportType(type: string | undefined, allowed: readonly string[] = PRODUCT_REPORT_TYPES): ProductReportType {
  const t = type ?? "total-sold-quantities";
  if (!allowed.includes(t)) throw new BadRequest(`Invalid type "${t}": the type must be one of ${allowed.join(", ")}.`, "invalid_type");
  return t as ProductReportType;
}

/** Rows in the statistics form; the table form lists up to TABLE_LIMIT. */
const TOP = 5;
export const TABLE_LIMIT = 500;

/** Orders that count as sales: everything placed except canceled and failed ones. */
const SOLD_STATUSES_EXCLUDED = ["canceled", "failed"];

function soldItems(w: ReportWindow, span: Span): Prisma.OrderItemWhereInput {
  return {
    parentId: null,
    order: { createdAt: within(span), status: { notIn: SOLD_STATUSES_EXCLUDED }, ...(w.channelId ? { channelId: w.channelId } : {}) },
  };
}

const inChannel = (w: ReportWindow) => (w.channelId ? { channelId: w.channelId } : {});

async function soldQuantities(ctx: RequestContext, w: ReportWindow, span: Span) {
  const rows = await ctx.db.orderItem.findMany({ where: soldItems(w, span), select: { qtyOrdered: true, order: { select: { createdAt: true } } } });
  return { total: rows.reduce((a, r) => a + r.qtyOrdered, 0), overTime: perDay(span, rows.map((r) => ({ at: r.order.createdAt, amount: r.qtyOrdered }))) };
}

async function wishlistAdds(ctx: RequestContext, w: ReportWindow, span: Span) {
  const rows = await ctx.db.wishlistItem.findMany({ where: { createdAt: within(span), ...inChannel(w) }, select: { createdAt: true } });
  return { total: rows.length, overTime: perDay(span, rows.map((r) => ({ at: r.createdAt, amount: 1 }))) };
}

async function comparison(fetch: (span: Span) => Promise<{ total: number; overTime: { label: string; total: number }[] }>, w: ReportWindow, key: string) {
  const [previous, current] = await Promise.all([fetch(w.previous), fetch(w.current)]);
  return {
    [key]: { previous: previous.total, current: current.total, progress: progress(previous.total, current.total) },
    over_time: { previous: previous.overTime, current: current.overTime },
  };
}

async function productsById(ctx: RequestContext, ids: number[]) {
  const rows = await ctx.db.product.findMany({
    where: { id: { in: ids } },
    include: { translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } }, images: { orderBy: { position: "asc" } } },
  });
  return new Map(rows.map((p) => [p.id, p]));
}

const base = (ctx: RequestContext, amount: unknown) => ({ amount: toNumber(dec(amount as never), ctx.baseCurrency.decimals), formatted: formatPrice(dec(amount as never), ctx.baseCurrency) });

async function topSelling(ctx: RequestContext, w: ReportWindow, by: "revenue" | "quantity", limit: number) {
  const where = { ...soldItems(w, w.current), productId: { not: null } };
  const [groups, all] = await Promise.all([
    ctx.db.orderItem.groupBy({
      by: ["productId"],
      where,
      _sum: { baseTotal: true, qtyOrdered: true },
      orderBy: by === "revenue" ? { _sum: { baseTotal: "desc" } } : { _sum: { qtyOrdered: "desc" } },
      take: limit,
    }),
    ctx.db.orderItem.aggregate({ where, _sum: { baseTotal: true, qtyOrdered: true } }),
  ]);
  const ids = groups.map((g) => g.productId!);
  const [products, names] = await Promise.all([
    productsById(ctx, ids),
    ctx.db.orderItem.findMany({ where: { productId: { in: ids }, parentId: null }, select: { productId: true, name: true }, distinct: ["productId"] }),
  ]);
  const nameOf = new Map(names.map((n) => [n.productId, n.name]));
  return groups.map((g) => {
    const id = g.productId!;
    const p = products.get(id);
    const t = p?.translations.find((x) => x.locale === ctx.locale) ?? p?.translations[0];
    const price = p ? base(ctx, p.price) : null;
    const revenue = base(ctx, g._sum.baseTotal ?? 0);
    const qty = g._sum.qtyOrdered ?? 0;
    const common = {
      id,
      name: t?.name ?? nameOf.get(id) ?? "",
      price: price?.amount ?? null,
      formatted_price: price?.formatted ?? null,
    };
    const images = (p?.images ?? []).map((i) => ({ id: i.id, type: i.type, path: i.path, product_id: id, position: i.position, url: imageUrl(ctx, i.path) }));
    return by === "revenue"
      ? { ...common, revenue: revenue.amount, formatted_revenue: revenue.formatted, progress: share(revenue.amount, toNumber(dec(all._sum.baseTotal ?? 0))), images }
      : { ...common, total_qty_ordered: qty, progress: share(qty, all._sum.qtyOrdered ?? 0), images };
  });
}

async function productNames(ctx: RequestContext, ids: number[]) {
  const products = await productsById(ctx, ids);
  return (id: number) => {
    const p = products.get(id);
    return (p?.translations.find((x) => x.locale === ctx.locale) ?? p?.translations[0])?.name ?? p?.sku ?? "";
  };
}

async function mostReviewed(ctx: RequestContext, w: ReportWindow, limit: number) {
  const where = { status: "approved", createdAt: within(w.current), ...inChannel(w) };
  const [groups, total] = await Promise.all([
    ctx.db.productReview.groupBy({ by: ["productId"], where, _count: { _all: true }, orderBy: [{ _count: { productId: "desc" } }, { productId: "asc" }], take: limit }),
    ctx.db.productReview.count({ where }),
  ]);
  const name = await productNames(ctx, groups.map((g) => g.productId));
  return groups.map((g) => ({ product_id: g.productId, product_name: name(g.productId), reviews: g._count._all, progress: share(g._count._all, total) }));
}

async function mostVisited(ctx: RequestContext, w: ReportWindow, limit: number) {
  const where = { createdAt: within(w.current), ...inChannel(w) };
  const [groups, total] = await Promise.all([
    ctx.db.productVisit.groupBy({ by: ["productId"], where, _count: { _all: true }, orderBy: [{ _count: { productId: "desc" } }, { productId: "asc" }], take: limit }),
    ctx.db.productVisit.count({ where }),
  ]);
  const name = await productNames(ctx, groups.map((g) => g.productId));
  return groups.map((g) => ({ visitable_id: g.productId, name: name(g.productId), visits: g._count._all, progress: share(g._count._all, total) }));
}

async function searchTerms(ctx: RequestContext, w: ReportWindow, rank: "last" | "top", limit: number) {
  const rows = await ctx.db.searchTerm.findMany({
    where: { updatedAt: within(w.current), ...inChannel(w) },
    orderBy: rank === "last" ? [{ updatedAt: "desc" }, { id: "desc" }] : [{ uses: "desc" }, { id: "asc" }],
    take: limit,
  });
  return rows.map((r) => ({ id: r.id, term: r.term, results: r.results, uses: r.uses, channel_id: r.channelId, locale: r.locale }));
}

/** The `statistics` member of the report envelope for one type. */
export async function productStatistics(ctx: RequestContext, type: ProductReportType, w: ReportWindow, limit = TOP): Promise<unknown> {
  switch (type) {
    case "total-sold-quantities": return comparison((s) => soldQuantities(ctx, w, s), w, "quantities");
    case "total-products-added-to-wishlist": return comparison((s) => wishlistAdds(ctx, w, s), w, "wishlist");
    case "top-selling-products-by-revenue": return topSelling(ctx, w, "revenue", limit);
    case "top-selling-products-by-quantity": return topSelling(ctx, w, "quantity", limit);
    case "products-with-most-reviews": return mostReviewed(ctx, w, limit);
    case "products-with-most-visits": return mostVisited(ctx, w, limit);
    case "last-search-terms": return searchTerms(ctx, w, "last", limit);
    case "top-search-terms": return searchTerms(ctx, w, "top", limit);
  }
}

export interface Column {
  key: string;
  label: string;
}

const COLUMNS: Record<Exclude<ProductReportType, "top-search-terms">, Column[]> = {
  "total-sold-quantities": [{ key: "label", label: "Day" }, { key: "total", label: "Quantities Sold" }],
  "total-products-added-to-wishlist": [{ key: "label", label: "Day" }, { key: "total", label: "Products Added to Wishlist" }],
  "top-selling-products-by-revenue": [
    { key: "id", label: "ID" }, { key: "name", label: "Name" }, { key: "formatted_price", label: "Price" }, { key: "formatted_revenue", label: "Revenue" },
  ],
  "top-selling-products-by-quantity": [
    { key: "id", label: "ID" }, { key: "name", label: "Name" }, { key: "formatted_price", label: "Price" }, { key: "total_qty_ordered", label: "Quantity Sold" },
  ],
  "products-with-most-reviews": [{ key: "product_id", label: "Product ID" }, { key: "product_name", label: "Name" }, { key: "reviews", label: "Reviews" }],
  "products-with-most-visits": [{ key: "visitable_id", label: "Product ID" }, { key: "name", label: "Name" }, { key: "visits", label: "Visits" }],
  "last-search-terms": [
    { key: "id", label: "ID" }, { key: "term", label: "Search Term" }, { key: "results", label: "Results" }, { key: "uses", label: "Uses" },
    { key: "channel_id", label: "Channel ID" }, { key: "locale", label: "Locale" },
  ],
};

/** The table form: ordered columns and one record per row (records may carry extra fields, e.g. images). */
export async function productTable(ctx: RequestContext, type: ProductReportType, w: ReportWindow) {
  const columns = COLUMNS[type as keyof typeof COLUMNS];
  const stats = await productStatistics(ctx, type, w, TABLE_LIMIT);
  const records = Array.isArray(stats) ? stats : (stats as { over_time: { current: unknown[] } }).over_time.current;
  return { columns, records: records as Record<string, unknown>[] };
}
