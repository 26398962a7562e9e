// The product listing's SQL: one statement for a page (the products, their translation, first image and stock, the
// prices and stock of configurable products' variants, and the children of grouped and bundle products), one for a
// total. Written as SQL rather than Prisma relation loads: a page through Prisma took six statements and most of its
// time went to building them. Filters and order are the same text on SQLite and PostgreSQL (`$n` parameters,
// ../cart/state.ts `rawRows`); the page's JSON is built with each one's functions (JSON_SQL).
import type { RequestContext } from "../context.ts";
import { provider } from "../db/client.ts";
import { dec } from "../money.ts";
import type { Paging } from "../operations/define.ts";
import { bool, date, int, rawRows } from "../db/raw.ts";
import type { Priced } from "./pricing.ts";
import { compositePartsSql, PART_AMOUNTS, PART_COLUMNS, PART_TIMES, partOf, type CompositePart } from "./composite.ts";
import { optionIds, type ProductQuery } from "./product-query.ts";

/** One listed product as the page statement reads it; `variants` are a configurable product's active variants. */
export interface ListedProduct extends Priced {
  id: number;
  sku: string;
  type: string;
  status: boolean;
  new: boolean;
  featured: boolean;
  createdAt: Date;
  image: string | null;
  /** Whether it has stock of its own in the request channel (a configurable product's is its variants'). */
  stocked: boolean;
  variants: (Priced & { stocked: boolean })[];
}

export interface ListedTranslation {
  name: string;
  urlKey: string;
  shortDescription: string | null;
  description: string | null;
}

/** Bound values of a statement, named `$1`, `$2`… in the order they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  list(values: unknown[]): string {
    return values.map((v) => this.add(v)).join(", ");
  }
}

/** Facets of the query whose code names an attribute of the store, with the option ids each accepts. */
export type Facets = { attributeId: number; optionIds: number[] }[];

/** A facet key that names no attribute of the store (a tracking parameter, say) is not a facet. */
export async function facetsOf(ctx: RequestContext, q: ProductQuery): Promise<Facets> {
  const asked = Object.entries(q.attributes ?? {});
  if (!asked.length) return [];
  const params = new Params();
  const rows = await rawRows(ctx.db, `SELECT "id", "code" FROM "Attribute" WHERE "code" IN (${params.list(asked.map(([code]) => code))})`, ...params.values);
  const idOf = new Map(rows.map((r) => [String(r.code), int(r.id)]));
  const facets: Facets = [];
  for (const [code, value] of asked) {
    const attributeId = idOf.get(code);
    if (attributeId !== undefined) facets.push({ attributeId, optionIds: optionIds(code, value) });
  }
  return facets;
}

const direction = (q: ProductQuery) => (q.order ?? (q.sort === "name" || q.sort === "price" ? "asc" : "desc")).toUpperCase();

/** The order of the page, over columns the page statement answers under these names. */
function orderBy(q: ProductQuery, column: (name: "price" | "name" | "createdAt" | "id") => string): string {
  const dir = direction(q);
  switch (q.sort ?? "created_at") {
    case "price": return `${column("price")} ${dir}, ${column("id")} ${dir}`;
    case "name": return `${column("name")} ${dir}, ${column("id")} ${dir}`;
    case "id": return `${column("id")} ${dir}`;
    default: return `${column("createdAt")} ${dir}, ${column("id")} ${dir}`;
  }
}

/**
 * Visible products of the channel that have a translation in the request locale and pass the query's filters: the
 * product as `p`, its translation as `t`. A search is "every word appears in the name or the sku", case-insensitive;
 * LIKE wildcards in the text are word separators, never wildcards.
 */
function listed(ctx: RequestContext, q: ProductQuery, facets: Facets, params: Params): string {
  const where = [
    `p."status" = true`,
    `p."visibleIndividually" = true`,
    `p."parentId" IS NULL`,
    `EXISTS (SELECT 1 FROM "ProductChannel" pc WHERE pc."productId" = p."id" AND pc."channelId" = ${params.add(ctx.channel.id)})`,
  ];
  if (q.type) where.push(`p."type" = ${params.add(q.type)}`);
  if (q.new !== undefined) where.push(`p."new" = ${q.new}`);
  if (q.featured !== undefined) where.push(`p."featured" = ${q.featured}`);
  if (q.categoryId) where.push(`EXISTS (SELECT 1 FROM "ProductCategory" pcat WHERE pcat."productId" = p."id" AND pcat."categoryId" = ${params.add(q.categoryId)})`);
  // Bounds arrive in the request currency; prices are stored in the base currency.
  const rate = ctx.currency.rate;
  if (q.priceFrom !== undefined) where.push(`p."price" >= CAST(${params.add(dec(q.priceFrom).div(rate).toString())} AS DECIMAL)`);
  if (q.priceTo !== undefined) where.push(`p."price" <= CAST(${params.add(dec(q.priceTo).div(rate).toString())} AS DECIMAL)`);
  for (const { attributeId, optionIds } of facets) {
    const has = (product: string) =>
      `EXISTS (SELECT 1 FROM "ProductAttributeValue" av WHERE av."productId" = ${product} AND av."attributeId" = ${params.add(attributeId)} AND av."optionId" IN (${params.list(optionIds)}))`;
    // A configurable product matches when one of its variants carries the option.
    where.push(`(${has(`p."id"`)} OR EXISTS (SELECT 1 FROM "Product" fv WHERE fv."parentId" = p."id" AND fv."status" = true AND ${has(`fv."id"`)}))`);
  }
  const like = provider() === "postgresql" ? "ILIKE" : "LIKE"; // SQLite's LIKE already ignores ASCII case
  if (q.query) {
    const words = q.query.split(/[\s%_\\]+/).filter(Boolean).slice(0, 8);
    if (!words.length) where.push("1 = 0");
    for (const w of words) {
      const pattern = params.add(`%${w}%`);
      where.push(`(t."name" ${like} ${pattern} OR p."sku" ${like} ${pattern})`);
    }
  }
  where.push(`t."productId" = p."id"`, `t."locale" = ${params.add(ctx.locale)}`);
  // Name order walks the translations ((locale, name) index), the other sorts walk products along their own indexes
  // ((status, visibleIndividually, price | createdAt), the id), a search too: the first matches in that order end
  // the walk. CROSS JOIN keeps SQLite to that order (left table outermost); PostgreSQL plans it as any inner join.
  const tables = q.sort === "name" ? `"ProductTranslation" t CROSS JOIN "Product" p` : `"Product" p CROSS JOIN "ProductTranslation" t`;
  return `FROM ${tables} WHERE ${where.join(" AND ")}`;
}

export async function countListed(ctx: RequestContext, q: ProductQuery, facets: Facets): Promise<number> {
  const params = new Params();
  const rows = await rawRows(ctx.db, `SELECT COUNT(*) AS "n" ${listed(ctx, q, facets, params)}`, ...params.values);
  return int(rows[0]?.n ?? 0);
}

const PAGE_COLUMNS = `p."id" AS "id", p."sku" AS "sku", p."type" AS "type", p."status" AS "status", p."price" AS "price",
  p."specialPrice" AS "specialPrice", p."specialPriceFrom" AS "specialPriceFrom", p."specialPriceTo" AS "specialPriceTo",
  p."new" AS "new", p."featured" AS "featured", p."createdAt" AS "createdAt",
  t."name" AS "name", t."urlKey" AS "urlKey", t."shortDescription" AS "shortDescription", t."description" AS "description"`;

/**
 * The JSON the page statement builds, per provider. A row of a page is one JSON array, the page one JSON array of
 * them: the driver and Prisma then hand over two values instead of some six hundred, which was most of a page's
 * cost. Amounts are written as text that gives back exactly what a column read gives (SQLite: the stored double, to
 * 17 digits; PostgreSQL: the decimal), times as ISO 8601 text (SQLite stores that text; PostgreSQL's are UTC).
 */
const JSON_SQL = {
  sqlite: {
    array: (items: string[]) => `json_array(${items.join(", ")})`,
    agg: (item: string, order?: string) => `json_group_array(${item}${order ? ` ORDER BY ${order}` : ""})`,
    amount: (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE printf('%!.17g', ${column}) END`,
    time: (column: string) => column,
  },
  postgresql: {
    array: (items: string[]) => `json_build_array(${items.join(", ")})`,
    agg: (item: string, order?: string) => `COALESCE(json_agg(${item}${order ? ` ORDER BY ${order}` : ""}), '[]')::text`,
    amount: (column: string) => `${column}::text`,
    time: (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  },
};

/** An amount as the page statement writes it, as a column read would give it (SQLite: a number; PostgreSQL: text). */
const amountOf = (v: unknown): unknown => (v == null ? null : provider() === "postgresql" ? v : Number(v));
const text = (v: unknown) => (v == null ? null : typeof v === "string" ? v : JSON.stringify(v));
type Json = unknown[];
const jsonOf = (v: unknown): Json[] => (typeof v === "string" ? (JSON.parse(v) as Json[]) : ((v as Json[] | null) ?? []));

/**
 * The page size written into the statement rather than bound: SQLite plans with a bound LIMIT's value and marks the
 * statement to be compiled again whenever that parameter is bound, which the driver does on every run, so a kept
 * statement with `LIMIT $n` was compiled anew for every page (most of the statement's cost). A page has one of a
 * few sizes (at most the operation's maxPerPage), so the texts stay few.
 */
function limitText(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`A page size is a whole number, not ${limit}.`);
  return String(limit);
}

/** A row of a page: the product, its translation and, for a grouped or bundle product, its children (./composite.ts). */
export interface ListedRow {
  product: ListedProduct;
  translation: ListedTranslation;
  parts: CompositePart[];
}

/**
 * One page in one statement: the page's products in their order, with translation, first image and own stock, the
 * active variants of its configurable products (prices and stock), and the children of its grouped and bundle
 * products, whatever the page holds (the statement count does not depend on it).
 */
export async function readListed(ctx: RequestContext, q: ProductQuery, facets: Facets, paging: Paging): Promise<ListedRow[]> {
  const sql = JSON_SQL[provider()];
  const params = new Params();
  const from = listed(ctx, q, facets, params);
  const channel = params.add(ctx.channel.id);
  const stocked = (product: string) => `EXISTS (SELECT 1 FROM "ProductInventory" inv WHERE inv."productId" = ${product} AND inv."channelId" = ${channel} AND inv."qty" > 0)`;
  const row = sql.array([
    `page."id"`, `page."sku"`, `page."type"`, `page."status"`, sql.amount(`page."price"`), sql.amount(`page."specialPrice"`),
    sql.time(`page."specialPriceFrom"`), sql.time(`page."specialPriceTo"`), `page."new"`, `page."featured"`, sql.time(`page."createdAt"`),
    `page."name"`, `page."urlKey"`, `page."shortDescription"`, `page."description"`,
    `(SELECT img."path" FROM "ProductImage" img WHERE img."productId" = page."id" ORDER BY img."position" ASC, img."id" ASC LIMIT 1)`,
    stocked(`page."id"`),
  ]);
  const variant = sql.array([
    `v."parentId"`, sql.amount(`v."price"`), sql.amount(`v."specialPrice"`), sql.time(`v."specialPriceFrom"`), sql.time(`v."specialPriceTo"`), stocked(`v."id"`),
  ]);
  const part = sql.array(
    PART_COLUMNS.map((c) => (PART_AMOUNTS.has(c) ? sql.amount(`part."${c}"`) : PART_TIMES.has(c) ? sql.time(`part."${c}"`) : `part."${c}"`)),
  );
  const owners = (type: string) => `SELECT page."id" FROM page WHERE page."type" = '${type}'`;
  const statement = `WITH page AS (
  SELECT ${PAGE_COLUMNS} ${from}
  ORDER BY ${orderBy(q, (c) => (c === "name" ? `t."name"` : `p."${c}"`))} LIMIT ${limitText(paging.limit)} OFFSET ${params.add(paging.offset)}
)
SELECT (SELECT ${sql.agg(row, orderBy(q, (c) => `page."${c}"`))} FROM page) AS "page",
  (SELECT ${sql.agg(variant, `v."id"`)} FROM "Product" v
   WHERE v."parentId" IN (${owners("configurable")}) AND v."status" <> false) AS "variants",
  (SELECT ${sql.agg(part)} FROM (${compositePartsSql({ grouped: owners("grouped"), bundle: owners("bundle") }, channel)}) part) AS "composites"`;
  const [result] = await rawRows(ctx.db, statement, ...params.values);
  const page: ListedRow[] = [];
  const byId = new Map<number, ListedRow>();
  for (const r of jsonOf(result?.page)) {
    const product: ListedProduct = {
      id: int(r[0]),
      sku: String(r[1]),
      type: String(r[2]),
      status: bool(r[3]),
      price: amountOf(r[4]),
      specialPrice: amountOf(r[5]),
      specialPriceFrom: date(r[6]),
      specialPriceTo: date(r[7]),
      new: bool(r[8]),
      featured: bool(r[9]),
      createdAt: date(r[10])!,
      image: text(r[15]),
      stocked: bool(r[16]),
      variants: [],
    };
    const row: ListedRow = { product, translation: { name: String(r[11]), urlKey: String(r[12]), shortDescription: text(r[13]), description: text(r[14]) }, parts: [] };
    byId.set(product.id, row);
    page.push(row);
  }
  for (const v of jsonOf(result?.variants)) {
    byId.get(int(v[0]))?.product.variants.push({ price: amountOf(v[1]), specialPrice: amountOf(v[2]), specialPriceFrom: date(v[3]), specialPriceTo: date(v[4]), stocked: bool(v[5]) });
  }
  for (const values of jsonOf(result?.composites)) {
    const r = Object.fromEntries(PART_COLUMNS.map((c, i) => [c, PART_AMOUNTS.has(c) ? amountOf(values[i]) : values[i]])) as Record<(typeof PART_COLUMNS)[number], unknown>;
    byId.get(int(r.ownerId))?.parts.push(partOf(r));
  }
  return page;
}
