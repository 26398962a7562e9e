// The product listing's reads on the typed layer: one statement for a page (the products, their translation, first
// image and stock, the prices and stock of configurable products' variants, and the children of grouped and bundle
// products), one for a total. Not Prisma relation loads: a page through Prisma took six statements and most of its
// time went to building them. The page's rows travel as JSON built in SQL (lib/db/sql/expressions.ts `jsonRows`):
// the drivers hand over three values instead of some six hundred, which was most of a page's cost.
import { expressionBuilder, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from "kysely";
import type { RequestContext } from "../context.ts";
import { provider } from "../db/client.ts";
import type { DB, Sql } from "../db/sql/index.ts";
import { jsonRows, jsonRowsOf } from "../db/sql/expressions.ts";
import { preparedShapes, type Placeholder } from "../db/sql/prepared.ts";
import { dec } from "../money.ts";
import type { Paging } from "../operations/define.ts";
import type { Priced } from "./pricing.ts";
import { compositeParts, PART_JSON, partOf, type CompositePart, type PartRow } from "./composite.ts";
import { optionIds, type ProductQuery } from "./product-query.ts";
import { active, listed as listedIn, stocked } from "./visibility.ts";

/**
 * One listed product: the product's own columns, its first image, whether it has stock of its own in the request
 * channel (a configurable product's is its variants'), and a configurable product's active variants.
 */
export type ListedProduct = Pick<Selectable<DB["Product"]>, "id" | "sku" | "type" | "status" | "new" | "featured" | "createdAt"> &
  Priced & { image: string | null; stocked: boolean; variants: (Priced & { stocked: boolean })[] };

export type ListedTranslation = Pick<Selectable<DB["ProductTranslation"]>, "name" | "urlKey" | "shortDescription" | "description">;

/** Facets of the query whose code names an attribute of the store, with the option ids each accepts. */
export type Facets = { attributeId: number; optionIds: number[] }[];

/** A facet key that names no attribute of the store (a tracking parameter, say) is not a facet. */
export async function facetsOf(ctx: RequestContext, q: ProductQuery): Promise<Facets> {
  const asked = Object.entries(q.attributes ?? {});
  if (!asked.length) return [];
  const rows = await ctx.sql.selectFrom("Attribute").select(["id", "code"]).where("code", "in", asked.map(([code]) => code)).execute();
  const idOf = new Map(rows.map((r) => [r.code, r.id]));
  const facets: Facets = [];
  for (const [code, value] of asked) {
    const attributeId = idOf.get(code);
    if (attributeId !== undefined) facets.push({ attributeId, optionIds: optionIds(code, value) });
  }
  return facets;
}

const direction = (q: ProductQuery) => q.order ?? (q.sort === "name" || q.sort === "price" ? "asc" : "desc");

type Sorted = "price" | "name" | "createdAt" | "id";

/** The order of the page, as columns the page answers under these names. */
function orderOf(q: ProductQuery): [Sorted, "asc" | "desc"][] {
  const dir = direction(q);
  switch (q.sort ?? "created_at") {
    case "price": return [["price", dir], ["id", dir]];
    case "name": return [["name", dir], ["id", dir]];
    case "id": return [["id", dir]];
    default: return [["createdAt", dir], ["id", dir]];
  }
}

type Where = ExpressionBuilder<DB & { p: DB["Product"]; t: DB["ProductTranslation"] }, "p" | "t">;

/**
 * What decides the text of a listing statement: the query's order and which filters it has. Its values go as
 * parameters (`ListArgs`), so a list statement is built and compiled once per shape (lib/db/sql/prepared.ts).
 */
interface Filtered {
  byName: boolean;
  type: boolean;
  new?: boolean;
  featured?: boolean;
  category: boolean;
  priceFrom: boolean;
  priceTo: boolean;
  /** Per facet, how many options it accepts. */
  facets: number[];
  /** How many words a search has; null without a search (one of no words matches nothing). */
  words: number | null;
}

/** The values of a listing statement: facet `i` is `f<i>` with its options `f<i>_<j>`, search word `k` is `w<k>`. */
type ListArgs = { channelId: number; locale: string; type: string; categoryId: number; priceFrom: string; priceTo: string; offset: number } & {
  [facet: `f${number}`]: number;
} & { [option: `f${number}_${number}`]: number } & { [word: `w${number}`]: string };

/** A search's words, at most eight; LIKE wildcards in the text are word separators. */
const wordsOf = (q: ProductQuery) => (q.query ? q.query.split(/[\s%_\\]+/).filter(Boolean).slice(0, 8) : null);

function filteredShape(q: ProductQuery, facets: Facets): Filtered {
  return {
    byName: q.sort === "name", type: !!q.type, new: q.new, featured: q.featured, category: !!q.categoryId,
    priceFrom: q.priceFrom !== undefined, priceTo: q.priceTo !== undefined, facets: facets.map((f) => f.optionIds.length), words: wordsOf(q)?.length ?? null,
  };
}

function listArgs(ctx: RequestContext, q: ProductQuery, facets: Facets, offset = 0): ListArgs {
  // Bounds arrive in the request currency; prices are stored in the base currency.
  const bound = (value: number | undefined) => (value === undefined ? undefined : dec(value).div(ctx.currency.rate).toString());
  const args: Record<string, unknown> = {
    channelId: ctx.channel.id, locale: ctx.locale, type: q.type, categoryId: q.categoryId, priceFrom: bound(q.priceFrom), priceTo: bound(q.priceTo), offset,
  };
  facets.forEach(({ attributeId, optionIds }, i) => {
    args[`f${i}`] = attributeId;
    optionIds.forEach((id, j) => (args[`f${i}_${j}`] = id));
  });
  wordsOf(q)?.forEach((w, k) => (args[`w${k}`] = `%${w}%`));
  return args as ListArgs;
}

/** The product under alias `product` carries one of the facet's options. */
function hasOption(product: "p" | "fv", attributeId: number, optionIds: number[]) {
  const eb = expressionBuilder<DB & Record<typeof product, DB["Product"]>, typeof product>();
  return eb.exists(
    eb.selectFrom("ProductAttributeValue as av").select("av.productId")
      .whereRef("av.productId", "=", `${product}.id`).where("av.attributeId", "=", attributeId).where("av.optionId", "in", optionIds),
  );
}

/**
 * The query's filters over the product `p` and its translation `t`, on top of `listedIn` (./visibility.ts). A search
 * is "every word appears in the name or the sku", case-insensitive.
 */
function filters(eb: Where, s: Filtered, $: Placeholder<ListArgs>): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [listedIn("p", $("channelId"))];
  if (s.type) where.push(eb("p.type", "=", $("type")));
  if (s.new !== undefined) where.push(eb("p.new", "=", eb.lit(s.new)));
  if (s.featured !== undefined) where.push(eb("p.featured", "=", eb.lit(s.featured)));
  if (s.category) {
    where.push(eb.exists(eb.selectFrom("ProductCategory as pcat").select("pcat.productId").whereRef("pcat.productId", "=", "p.id").where("pcat.categoryId", "=", $("categoryId"))));
  }
  const bound = (name: "priceFrom" | "priceTo") => eb.cast<string>(eb.val($(name)), "decimal");
  if (s.priceFrom) where.push(eb("p.price", ">=", bound("priceFrom")));
  if (s.priceTo) where.push(eb("p.price", "<=", bound("priceTo")));
  s.facets.forEach((options, i) => {
    const attributeId = $(`f${i}`);
    const optionIds = Array.from({ length: options }, (_, j) => $(`f${i}_${j}`));
    // A configurable product matches when one of its active variants carries the option.
    const variant = eb.selectFrom("Product as fv").select("fv.id").whereRef("fv.parentId", "=", "p.id").where(active("fv")).where(hasOption("fv", attributeId, optionIds));
    where.push(eb.or([hasOption("p", attributeId, optionIds), eb.exists(variant)]));
  });
  const like = provider() === "postgresql" ? "ilike" : "like"; // SQLite's LIKE already ignores ASCII case
  if (s.words === 0) where.push(eb.lit(false));
  for (let k = 0; k < (s.words ?? 0); k++) where.push(eb.or([eb("t.name", like, $(`w${k}`)), eb("p.sku", like, $(`w${k}`))]));
  where.push(eb("t.productId", "=", eb.ref("p.id")), eb("t.locale", "=", $("locale")));
  return where;
}

/**
 * Visible products of the channel that have a translation in the request locale and pass the query's filters: the
 * product as `p`, its translation as `t`. Name order walks the translations ((locale, name) index), the other sorts
 * walk products along their own indexes ((status, visibleIndividually, price | createdAt), the id), a search too:
 * the first matches in that order end the walk. CROSS JOIN keeps SQLite to that order (left table outermost);
 * PostgreSQL plans it as any inner join.
 */
function listedQuery(db: Pick<Sql, "selectFrom">, s: Filtered, $: Placeholder<ListArgs>) {
  const from = s.byName ? db.selectFrom("ProductTranslation as t").crossJoin("Product as p") : db.selectFrom("Product as p").crossJoin("ProductTranslation as t");
  return from.where((eb) => eb.and(filters(eb, s, $)));
}

const countQuery = preparedShapes<ListArgs>()((db, $, s: Filtered) => listedQuery(db, s, $).select((eb) => eb.fn.countAll().as("n")));

export async function countListed(ctx: RequestContext, q: ProductQuery, facets: Facets): Promise<number> {
  const [row] = await countQuery(ctx.sql, filteredShape(q, facets), listArgs(ctx, q, facets));
  return Number(row?.n ?? 0); // a count is not decoded by column type on SQLite
}

/**
 * The page size written into the statement rather than bound: SQLite plans with a bound LIMIT's value and marks the
 * statement to be compiled again whenever that parameter is bound, which the driver does on every run, so a kept
 * statement with a bound LIMIT was compiled anew for every page (most of the statement's cost). A page has one of a
 * few sizes (at most the operation's maxPerPage), so the texts stay few.
 */
function pageSize(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`A page size is a whole number, not ${limit}.`);
  return limit;
}

/** A row of a page: the product, its translation and, for a grouped or bundle product, its children (./composite.ts). */
export interface ListedRow {
  product: ListedProduct;
  translation: ListedTranslation;
  parts: CompositePart[];
}

/** The columns of a page's products and of its configurable products' variants, as they travel in JSON. */
const PAGE_JSON = {
  id: "int", sku: "text", type: "text", status: "bool", price: "amount", specialPrice: "amount", specialPriceFrom: "time", specialPriceTo: "time",
  new: "bool", featured: "bool", createdAt: "time", name: "text", urlKey: "text", shortDescription: "text", description: "text", image: "text", stocked: "bool",
} as const;
const VARIANT_JSON = { id: "int", parentId: "int", price: "amount", specialPrice: "amount", specialPriceFrom: "time", specialPriceTo: "time", stocked: "bool" } as const;

/**
 * A page's shape: the filters', its order, its size, and whether it skips rows. The first page, most of what is
 * asked, has no OFFSET: PostgreSQL plans a bound OFFSET of unknown value as a tenth of the rows, so the plan it
 * keeps for a statement with one scanned a large catalog in parallel (7.5 ms a page of 100,000 products, 0.6 of 1,000).
 */
interface Paged extends Filtered {
  order: [Sorted, "asc" | "desc"][];
  limit: number;
  skips: boolean;
}

const pageQuery = preparedShapes<ListArgs>()(
  (db, $, s: Paged) =>
    db
      .with("page", (w) => {
        let page = listedQuery(w, s, $).select([
          "p.id", "p.sku", "p.type", "p.status", "p.price", "p.specialPrice", "p.specialPriceFrom", "p.specialPriceTo", "p.new", "p.featured", "p.createdAt",
          "t.name", "t.urlKey", "t.shortDescription", "t.description",
        ]);
        for (const [column, dir] of s.order) page = page.orderBy(column === "name" ? "t.name" : `p.${column}`, dir);
        page = page.limit((eb) => eb.lit(pageSize(s.limit)));
        return s.skips ? page.offset($("offset")) : page;
      })
      .selectNoFrom((eb) => {
        const channel = $("channelId");
        const owners = (type: string) => eb.selectFrom("page").select("page.id").where("page.type", "=", type);
        const page = eb.selectFrom("page").selectAll("page").select((pe) => [
          pe.selectFrom("ProductImage as img").select("img.path").whereRef("img.productId", "=", "page.id")
            .orderBy("img.position", "asc").orderBy("img.id", "asc").limit(pe.lit(1)).as("image"),
          stocked("page", channel).as("stocked"),
        ]);
        const variants = eb.selectFrom("Product as v")
          .select(["v.id", "v.parentId", "v.price", "v.specialPrice", "v.specialPriceFrom", "v.specialPriceTo", stocked("v", channel).as("stocked")])
          .where("v.parentId", "in", owners("configurable")).where(active("v"));
        const parts = compositeParts(db, { grouped: owners("grouped"), bundle: owners("bundle") }, channel);
        return [
          jsonRows(page, PAGE_JSON, s.order).as("page"),
          jsonRows(variants, VARIANT_JSON, [["id", "asc"]]).as("variants"),
          jsonRows(parts, PART_JSON).as("composites"),
        ];
      }),
);

/**
 * One page in one statement: the page's products in their order, with translation, first image and own stock, the
 * active variants of its configurable products (prices and stock), and the children of its grouped and bundle
 * products, whatever the page holds (the statement count does not depend on it).
 */
export async function readListed(ctx: RequestContext, q: ProductQuery, facets: Facets, paging: Paging): Promise<ListedRow[]> {
  const shape: Paged = { ...filteredShape(q, facets), order: orderOf(q), limit: paging.limit, skips: paging.offset > 0 };
  const [result] = await pageQuery(ctx.sql, shape, listArgs(ctx, q, facets, paging.offset));
  const rows: ListedRow[] = [];
  const byId = new Map<number, ListedRow>();
  for (const r of jsonRowsOf(result?.page, PAGE_JSON)) {
    const product: ListedProduct = {
      id: r.id!, sku: r.sku!, type: r.type!, status: r.status!, price: r.price, specialPrice: r.specialPrice, specialPriceFrom: r.specialPriceFrom,
      specialPriceTo: r.specialPriceTo, new: r.new!, featured: r.featured!, createdAt: r.createdAt!, image: r.image, stocked: r.stocked!, variants: [],
    };
    const row: ListedRow = { product, translation: { name: r.name!, urlKey: r.urlKey!, shortDescription: r.shortDescription, description: r.description }, parts: [] };
    byId.set(product.id, row);
    rows.push(row);
  }
  for (const v of jsonRowsOf(result?.variants, VARIANT_JSON)) {
    byId.get(v.parentId!)?.product.variants.push({ price: v.price, specialPrice: v.specialPrice, specialPriceFrom: v.specialPriceFrom, specialPriceTo: v.specialPriceTo, stocked: v.stocked! });
  }
  // JSON keeps what the columns hold; jsonRowsOf gives each its generated type (null where the column allows it).
  for (const part of jsonRowsOf(result?.composites, PART_JSON) as PartRow[]) byId.get(part.ownerId)?.parts.push(partOf(part));
  return rows;
}
