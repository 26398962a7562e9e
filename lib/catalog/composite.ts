// Grouped and bundle products: products made of other (simple or virtual) products. They have no price or stock
// of their own that matters: a grouped product costs from its cheapest associated product, a bundle the sum of its
// required options' defaults, and either is in stock when its children are. Read inside the listing's page
// statement (./listing.ts), here for the detail and the cart (one statement, none when there is no such product);
// and written to their price column (which sorting and price filters read) by every write that can move it.
import { expressionBuilder, type InferResult, type Expression } from "kysely";
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import type { DB, Sql } from "../db/sql/index.ts";
import { dec, Decimal } from "../money.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { finalPrice, type Priced } from "./pricing.ts";
import { childInStock, sold, stockOf } from "./visibility.ts";
export const COMPOSITE_TYPES = new Set(["grouped", "bundle"]);
/** Option types of which exactly one product is chosen. */
export const SINGLE_CHOICE = new Set(["select", "radio"]);
/** The types a grouped or bundle product may be made of. */
export const CHILD_TYPES = new Set(["simple", "virtual"]);

export interface CompositeFacts {
  /** The price the listing shows: the cheapest child (grouped), the required options' defaults (bundle). */
  price: Decimal;
  min: Decimal;
  max: Decimal;
  inStock: boolean;
}

/**
 * A child of a grouped or bundle product as its facts need it: the link (a bundle's option, its type and whether
 * it is required; the quantity; whether it is the option's default) and the child's type, status, prices and stock.
 */
export interface CompositePart {
  ownerId: number;
  kind: "grouped" | "bundle";
  optionId: number | null;
  optionType: string | null;
  isRequired: boolean;
  qty: number;
  isDefault: boolean;
  type: string;
  status: boolean;
  priced: Priced;
  inStock: boolean;
}

/** The product ids a parts query reads the children of: a list, or a subquery of the caller's statement. */
type Owners = readonly number[] | Expression<unknown>;

/**
 * The children of the grouped products among `owners.grouped` and of the bundles among `owners.bundle`, one row
 * each, with the stock in channel `channelId`. A grouped product's rows have no option (`optionId` null). The
 * product listing reads it inside its page statement (./listing.ts), the rest here.
 */
export function compositeParts(db: Pick<Sql, "selectFrom">, owners: { grouped: Owners; bundle: Owners }, channelId: number) {
  const eb = expressionBuilder<DB, never>();
  const child = ["c.type", "c.status", "c.price", "c.specialPrice", "c.specialPriceFrom", "c.specialPriceTo"] as const;
  const bundle = db
    .selectFrom("ProductBundleOption as o")
    .innerJoin("ProductBundleOptionProduct as op", "op.optionId", "o.id")
    .innerJoin("Product as c", "c.id", "op.productId")
    // Typed as the grouped rows' columns are (null there), so that the union is one row type.
    .select((b) => [
      "o.productId as ownerId",
      b.ref("o.id").$castTo<number | null>().as("optionId"),
      b.ref("o.type").$castTo<string | null>().as("optionType"),
      b.ref("o.isRequired").$castTo<boolean | null>().as("isRequired"),
      "op.qty",
      b.ref("op.isDefault").$castTo<boolean | null>().as("isDefault"),
      ...child,
    ])
    .select(stockOf("c", channelId).as("stock"))
    .where("o.productId", "in", owners.bundle as readonly number[]);
  const grouped = db
    .selectFrom("ProductGroupedLink as g")
    .innerJoin("Product as c", "c.id", "g.associatedProductId")
    .select([
      "g.productId as ownerId",
      eb.cast<number | null>(eb.lit(null), "integer").as("optionId"),
      eb.cast<string | null>(eb.lit(null), "text").as("optionType"),
      eb.cast<boolean | null>(eb.lit(null), "boolean").as("isRequired"),
      "g.qty",
      eb.cast<boolean | null>(eb.lit(null), "boolean").as("isDefault"),
      ...child,
    ])
    .select(stockOf("c", channelId).as("stock"))
    .where("g.productId", "in", owners.grouped as readonly number[]);
  return bundle.unionAll(grouped);
}

/** A row of `compositeParts`, in the generated types. */
export type PartRow = InferResult<ReturnType<typeof compositeParts>>[number];

/** The columns of `compositeParts` as they travel in JSON built in SQL (lib/db/sql/expressions.ts `jsonRows`). */
export const PART_JSON = {
  ownerId: "int", optionId: "int", optionType: "text", isRequired: "bool", qty: "int", isDefault: "bool", type: "text", status: "bool",
  price: "amount", specialPrice: "amount", specialPriceFrom: "time", specialPriceTo: "time", stock: "int",
} as const;

/** One row of `compositeParts`. */
export function partOf(r: PartRow): CompositePart {
  return {
    ownerId: r.ownerId, kind: r.optionId === null ? "grouped" : "bundle", optionId: r.optionId, optionType: r.optionType,
    isRequired: r.isRequired === true, qty: r.qty, isDefault: r.isDefault === true, type: r.type, status: r.status,
    priced: { price: r.price, specialPrice: r.specialPrice, specialPriceFrom: r.specialPriceFrom, specialPriceTo: r.specialPriceTo },
    inStock: childInStock(r.type, r.stock),
  };
}

type PricedPart = CompositePart & { unit: Decimal };

const lowest = (xs: Decimal[]) => xs.reduce((a, b) => (b.lt(a) ? b : a));
const highest = (xs: Decimal[]) => xs.reduce((a, b) => (b.gt(a) ? b : a));

/** Prices and stock of a grouped product from its associated products. */
function groupedFacts(rows: PricedPart[]): CompositeFacts {
  const live = rows.filter((r) => r.status);
  const prices = live.map((r) => r.unit);
  const zero = new Decimal(0);
  const min = prices.length ? lowest(prices) : zero;
  return { price: min, min, max: prices.length ? highest(prices) : zero, inStock: live.some((r) => r.inStock) };
}

/**
 * Prices and stock of a bundle: the lowest price is the required options at their cheapest, the highest every
 * option at its dearest (all products of a checkbox or multiselect), the shown price the required options'
 * defaults (the cheapest default, else the cheapest product). In stock when every required option can be filled.
 */
function bundleFacts(rows: PricedPart[]): CompositeFacts {
  const options = new Map<number, PricedPart[]>();
  for (const r of rows) if (r.status) options.set(r.optionId!, [...(options.get(r.optionId!) ?? []), r]);
  let price = new Decimal(0);
  let min = new Decimal(0);
  let max = new Decimal(0);
  let inStock = rows.some((r) => r.status);
  for (const choices of options.values()) {
    const { isRequired, optionType } = choices[0];
    const cost = choices.map((c) => c.unit.mul(c.qty));
    max = max.add(SINGLE_CHOICE.has(optionType ?? "") ? highest(cost) : cost.reduce((a, b) => a.add(b), new Decimal(0)));
    if (!isRequired) continue;
    const defaults = choices.filter((c) => c.isDefault).map((c) => c.unit.mul(c.qty));
    min = min.add(lowest(cost));
    price = price.add(defaults.length ? lowest(defaults) : lowest(cost));
    if (!choices.some((c) => c.inStock)) inStock = false;
  }
  const required = new Set(rows.filter((r) => r.isRequired).map((r) => r.optionId));
  if ([...required].some((id) => !options.has(id!))) inStock = false;
  return { price, min, max, inStock };
}

/** The facts of a grouped or bundle product from its parts (those of other owners or kinds are ignored). */
export function compositeFactsOf(product: { id: number; type: string }, parts: CompositePart[], now: Date): CompositeFacts {
  const kind = product.type === "grouped" ? "grouped" : "bundle";
  const own = parts.filter((r) => r.ownerId === product.id && r.kind === kind).map((r) => ({ ...r, unit: finalPrice(r.priced, now) }));
  return kind === "grouped" ? groupedFacts(own) : bundleFacts(own);
}

/** Facts of the grouped and bundle products among `products`, in one statement (none when there is no such product). */
export async function compositeFacts(
  db: Sql,
  channelId: number,
  products: { id: number; type: string }[],
  now = new Date(),
): Promise<Map<number, CompositeFacts>> {
  const ids = [...new Set(products.filter((p) => COMPOSITE_TYPES.has(p.type)).map((p) => p.id))];
  if (!ids.length) return new Map();
  const rows = await compositeParts(db, { grouped: ids, bundle: ids }, channelId).execute();
  return factsOf(products, rows.map(partOf), now);
}

function factsOf(products: { id: number; type: string }[], parts: CompositePart[], now: Date): Map<number, CompositeFacts> {
  const out = new Map<number, CompositeFacts>();
  for (const p of products) if (COMPOSITE_TYPES.has(p.type) && !out.has(p.id)) out.set(p.id, compositeFactsOf(p, parts, now));
  return out;
}

// The back office writes a composite's price column inside its own Prisma transactions (lib/admin/catalog), so
// what follows reads through Prisma: one transaction never mixes Prisma and the typed layer.

/** A child as the back office reads it for a composite's facts: type, status, prices and stock in the channel. */
const partChild = (channelId: number) =>
  ({
    type: true, status: true, price: true, specialPrice: true, specialPriceFrom: true, specialPriceTo: true,
    inventories: { where: { channelId }, select: { qty: true } },
  }) satisfies Prisma.ProductSelect;

/** The parts of the composites `ids` through Prisma, as `compositeParts` answers them. */
async function partsThroughPrisma(tx: Tx, channelId: number, ids: number[]): Promise<CompositePart[]> {
  const child = partChild(channelId);
  const options = await tx.productBundleOption.findMany({
    where: { productId: { in: ids } },
    select: { id: true, productId: true, type: true, isRequired: true, products: { select: { qty: true, isDefault: true, product: { select: child } } } },
  });
  const links = await tx.productGroupedLink.findMany({ where: { productId: { in: ids } }, select: { productId: true, qty: true, associated: { select: child } } });
  const row = (c: Prisma.ProductGetPayload<{ select: ReturnType<typeof partChild> }>) => ({
    type: c.type, status: c.status, price: c.price.toString(), specialPrice: c.specialPrice?.toString() ?? null,
    specialPriceFrom: c.specialPriceFrom, specialPriceTo: c.specialPriceTo, stock: c.inventories[0]?.qty ?? null,
  });
  return [
    ...options.flatMap((o) =>
      o.products.map((op) => partOf({ ownerId: o.productId, optionId: o.id, optionType: o.type, isRequired: o.isRequired, qty: op.qty, isDefault: op.isDefault, ...row(op.product) })),
    ),
    ...links.map((l) => partOf({ ownerId: l.productId, optionId: null, optionType: null, isRequired: null, qty: l.qty, isDefault: null, ...row(l.associated) })),
  ];
}

/** A grouped or bundle product whose price column may have to follow its children. */
export interface CompositeRef {
  id: number;
  type: string;
  price: Decimal;
}

/**
 * The grouped and bundle products among `productIds` and those made of any of them, in one statement. Read before
 * a product is deleted: its links go with it.
 */
export async function compositesOf(tx: Tx, productIds: number[]): Promise<CompositeRef[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const rows = await tx.product.findMany({
    where: {
      type: { in: [...COMPOSITE_TYPES] },
      OR: [
        { id: { in: ids } },
        { groupedLinks: { some: { associatedProductId: { in: ids } } } },
        { bundleOptions: { some: { products: { some: { productId: { in: ids } } } } } },
      ],
    },
    select: { id: true, type: true, price: true },
  });
  return rows.map((r) => ({ id: r.id, type: r.type, price: dec(r.price) }));
}

/**
 * Writes each composite's price column: the price its listing shows (its cheapest product; its required options'
 * defaults), so that sorting and price filters place it where it is displayed. Only changed prices are written;
 * answers the ids of the composites whose price it wrote (their change events are the caller's).
 */
export async function storeCompositePrices(tx: Tx, channelId: number, composites: CompositeRef[]): Promise<number[]> {
  if (!composites.length) return [];
  const facts = factsOf(composites, await partsThroughPrisma(tx, channelId, [...new Set(composites.map((c) => c.id))]), new Date());
  const repriced: number[] = [];
  for (const c of composites) {
    const price = facts.get(c.id)?.price;
    if (price && !price.eq(c.price)) {
      await tx.product.update({ where: { id: c.id }, data: { price: price.toString() }, select: { id: true } });
      repriced.push(c.id);
    }
  }
  return repriced;
}

/**
 * After a write to `productIds` (a composite itself, or a product composites are made of): their prices follow.
 * Answers the ids of the composites whose price moved.
 */
export async function refreshCompositePrices(tx: Tx, channelId: number, productIds: number[]): Promise<number[]> {
  return storeCompositePrices(tx, channelId, await compositesOf(tx, productIds));
}

/**
 * The columns of a child product under alias `c` as the detail and the cart need it, in the request's locale and
 * channel: its name in the locale and in the channel's default locale, its stock and whether it is sold.
 */
function childColumns(ctx: RequestContext) {
  const eb = expressionBuilder<DB & { c: DB["Product"] }, "c">();
  const name = (locale: string) =>
    eb.selectFrom("ProductTranslation as ct").select("ct.name").whereRef("ct.productId", "=", "c.id").where("ct.locale", "=", locale);
  return [
    "c.id", "c.sku", "c.type", "c.status", "c.price", "c.specialPrice", "c.specialPriceFrom", "c.specialPriceTo", "c.weight",
    name(ctx.locale).as("name"),
    name(ctx.channel.defaultLocale).as("defaultName"),
    stockOf("c", ctx.channel.id).as("stock"),
    sold("c", ctx.channel.id).as("available"),
  ] as const;
}

export interface Child {
  id: number;
  sku: string;
  type: string;
  name: string;
  /** Active and sold in the request's channel. */
  available: boolean;
  priced: Priced;
  stock: number;
  inStock: boolean;
  weight: Decimal | null;
}

/** A child as `childColumns` reads it (whatever it is joined to). */
type ChildRow = Omit<InferResult<ReturnType<typeof groupedLinks>>[number], "ownerId" | "linkQty" | "linkPosition">;

function child(c: ChildRow): Child {
  const stock = c.stock ?? 0;
  return {
    id: c.id, sku: c.sku, type: c.type, name: c.name ?? c.defaultName ?? c.sku,
    // A selected condition is not decoded by column type: SQLite answers 0/1 (lib/db/sql/index.ts).
    available: Boolean(Number(c.available)),
    priced: { price: c.price, specialPrice: c.specialPrice, specialPriceFrom: c.specialPriceFrom, specialPriceTo: c.specialPriceTo },
    stock, inStock: childInStock(c.type, stock), weight: c.weight == null ? null : dec(c.weight),
  };
}

/** The links of grouped products `productIds` in their order, each with its associated product. */
function groupedLinks(db: Sql, ctx: RequestContext, productIds: number[]) {
  return db
    .selectFrom("ProductGroupedLink as l")
    .innerJoin("Product as c", "c.id", "l.associatedProductId")
    .select(["l.productId as ownerId", "l.qty as linkQty", "l.position as linkPosition", ...childColumns(ctx)])
    .where("l.productId", "in", productIds)
    .orderBy("l.position", "asc")
    .orderBy("l.id", "asc");
}

/** A grouped product's associated products in their order, with their default quantities. */
export async function groupedChildren(db: Sql, ctx: RequestContext, productId: number) {
  return (await groupedChildrenOf(db, ctx, [productId])).get(productId) ?? [];
}

/** The associated products of several grouped products (one statement), by grouped product. */
export async function groupedChildrenOf(db: Sql, ctx: RequestContext, productIds: number[]) {
  const out = new Map<number, { qty: number; position: number; product: Child }[]>();
  if (!productIds.length) return out;
  for (const l of await groupedLinks(db, ctx, productIds).execute()) {
    out.set(l.ownerId, [...(out.get(l.ownerId) ?? []), { qty: l.linkQty, position: l.linkPosition, product: child(l) }]);
  }
  return out;
}

export interface BundleOption {
  id: number;
  label: string;
  type: string;
  isRequired: boolean;
  position: number;
  products: { id: number; qty: number; isUserDefined: boolean; isDefault: boolean; position: number; product: Child }[];
}

/** A bundle's options in their order, each with its products (two statements). */
export async function bundleOptionsOf(db: Sql, ctx: RequestContext, productId: number): Promise<BundleOption[]> {
  return (await bundleOptionsOfMany(db, ctx, [productId])).get(productId) ?? [];
}

/** The options of several bundles, by bundle (two statements for them all). */
export async function bundleOptionsOfMany(db: Sql, ctx: RequestContext, productIds: number[]): Promise<Map<number, BundleOption[]>> {
  const out = new Map<number, BundleOption[]>();
  if (!productIds.length) return out;
  const label = (locale: string) =>
    expressionBuilder<DB & { o: DB["ProductBundleOption"] }, "o">()
      .selectFrom("ProductBundleOptionTranslation as ot").select("ot.label").whereRef("ot.optionId", "=", "o.id").where("ot.locale", "=", locale);
  const options = await db
    .selectFrom("ProductBundleOption as o")
    .select(["o.id", "o.productId", "o.type", "o.isRequired", "o.position", label(ctx.locale).as("label"), label(ctx.channel.defaultLocale).as("defaultLabel")])
    .where("o.productId", "in", productIds)
    .orderBy("o.position", "asc")
    .orderBy("o.id", "asc")
    .execute();
  // Read even when there is no option (an id no option has), so that the statements do not depend on the data.
  const products = await db
    .selectFrom("ProductBundleOptionProduct as op")
    .innerJoin("Product as c", "c.id", "op.productId")
    .select(["op.id as choiceId", "op.optionId", "op.qty as choiceQty", "op.isUserDefined", "op.isDefault", "op.position as choicePosition", ...childColumns(ctx)])
    .where("op.optionId", "in", options.length ? options.map((o) => o.id) : [0])
    .orderBy("op.position", "asc")
    .orderBy("op.id", "asc")
    .execute();
  for (const o of options) {
    out.set(o.productId, [
      ...(out.get(o.productId) ?? []),
      {
        id: o.id,
        label: o.label ?? o.defaultLabel ?? `Option ${o.id}`,
        type: o.type,
        isRequired: o.isRequired,
        position: o.position,
        products: products
          .filter((op) => op.optionId === o.id)
          .map((op) => ({ id: op.choiceId, qty: op.choiceQty, isUserDefined: op.isUserDefined, isDefault: op.isDefault, position: op.choicePosition, product: child(op) })),
      },
    ]);
  }
  return out;
}
