// Grouped and bundle products: products made of other (simple or virtual) products. They have no price or stock
// of their own that matters: a grouped product costs from its cheapest associated product, a bundle the sum of its
// required options' defaults, and either is in stock when its children are. Read inside the listing's page
// statement (./listing.ts), here for the detail and the cart (one statement, none when there is no such product);
// and written to their price column (which sorting and price filters read) by every write that can move it.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { dec, Decimal } from "../money.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { finalPrice, type Priced } from "./pricing.ts";
import { bool, date, int, rawRows } from "../db/raw.ts";

export const COMPOSITE_TYPES = new Set(["grouped", "bundle"]);
export const BUNDLE_OPTION_TYPES = ["select", "radio", "checkbox", "multiselect"] as const;
/** Option types of which exactly one product is chosen. */
export const SINGLE_CHOICE = new Set(["select", "radio"]);
/** The types a grouped or bundle product may be made of. */
export const CHILD_TYPES = new Set(["simple", "virtual"]);

/** Whether a child of this type and stock can be sold (virtual products keep no stock). */
export const childInStock = (type: string, stock: number | null | undefined): boolean => type !== "simple" || (stock ?? 0) > 0;

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

/** The columns `compositePartsSql` answers, in order: amounts and times are read as the caller reads its own. */
export const PART_COLUMNS = [
  "ownerId", "kind", "optionId", "optionType", "isRequired", "qty", "isDefault", "type", "status",
  "price", "specialPrice", "specialPriceFrom", "specialPriceTo", "stock",
] as const;
type PartColumn = (typeof PART_COLUMNS)[number];
export const PART_AMOUNTS: ReadonlySet<PartColumn> = new Set(["price", "specialPrice"]);
export const PART_TIMES: ReadonlySet<PartColumn> = new Set(["specialPriceFrom", "specialPriceTo"]);

/**
 * The children of the grouped products among `owners.grouped` and of the bundles among `owners.bundle` (SQL that
 * lists product ids: values or a subquery), one row each with PART_COLUMNS; `channel` is the SQL of the channel
 * id whose stock is read. The product listing reads it inside its page statement (./listing.ts), the rest here.
 */
export function compositePartsSql(owners: { grouped: string; bundle: string }, channel: string): string {
  const child = `c."type" AS "type", c."status" AS "status", c."price" AS "price", c."specialPrice" AS "specialPrice",
  c."specialPriceFrom" AS "specialPriceFrom", c."specialPriceTo" AS "specialPriceTo",
  (SELECT inv."qty" FROM "ProductInventory" inv WHERE inv."productId" = c."id" AND inv."channelId" = ${channel}) AS "stock"`;
  return `
SELECT o."productId" AS "ownerId", 'bundle' AS "kind", o."id" AS "optionId", o."type" AS "optionType", o."isRequired" AS "isRequired",
  op."qty" AS "qty", op."isDefault" AS "isDefault", ${child}
FROM "ProductBundleOption" o JOIN "ProductBundleOptionProduct" op ON op."optionId" = o."id" JOIN "Product" c ON c."id" = op."productId"
WHERE o."productId" IN (${owners.bundle})
UNION ALL
SELECT g."productId" AS "ownerId", 'grouped' AS "kind", NULL AS "optionId", NULL AS "optionType", NULL AS "isRequired",
  g."qty" AS "qty", NULL AS "isDefault", ${child}
FROM "ProductGroupedLink" g JOIN "Product" c ON c."id" = g."associatedProductId"
WHERE g."productId" IN (${owners.grouped})`;
}

/** One row of `compositePartsSql`, whatever the driver gave (amounts as a column read gives them). */
export function partOf(r: Record<PartColumn, unknown>): CompositePart {
  const type = String(r.type);
  return {
    ownerId: int(r.ownerId), kind: r.kind === "grouped" ? "grouped" : "bundle", optionId: r.optionId == null ? null : int(r.optionId),
    optionType: typeof r.optionType === "string" ? r.optionType : null, isRequired: bool(r.isRequired), qty: int(r.qty), isDefault: bool(r.isDefault),
    type, status: bool(r.status),
    priced: { price: r.price, specialPrice: r.specialPrice, specialPriceFrom: date(r.specialPriceFrom), specialPriceTo: date(r.specialPriceTo) },
    inStock: childInStock(type, r.stock == null ? 0 : int(r.stock)),
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
  db: Pick<Tx, "$queryRawUnsafe">,
  channelId: number,
  products: { id: number; type: string }[],
  now = new Date(),
): Promise<Map<number, CompositeFacts>> {
  const composites = products.filter((p) => COMPOSITE_TYPES.has(p.type));
  const out = new Map<number, CompositeFacts>();
  const ids = [...new Set(composites.map((p) => p.id))];
  if (!ids.length) return out;
  const list = ids.map((_, i) => `$${i + 2}`).join(", ");
  const raw = await rawRows(db, compositePartsSql({ grouped: list, bundle: list }, "$1"), channelId, ...ids);
  const parts = raw.map((r) => partOf(r as Record<PartColumn, unknown>));
  for (const p of composites) if (!out.has(p.id)) out.set(p.id, compositeFactsOf(p, parts, now));
  return out;
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
export async function compositesOf(db: Pick<Tx, "$queryRawUnsafe">, productIds: number[]): Promise<CompositeRef[]> {
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const list = ids.map((_, i) => `$${i + 1}`).join(", ");
  const rows = await rawRows(
    db,
    `SELECT p."id" AS "id", p."type" AS "type", p."price" AS "price" FROM "Product" p
     WHERE p."type" IN ('grouped', 'bundle') AND (p."id" IN (${list})
       OR p."id" IN (SELECT g."productId" FROM "ProductGroupedLink" g WHERE g."associatedProductId" IN (${list}))
       OR p."id" IN (SELECT o."productId" FROM "ProductBundleOption" o JOIN "ProductBundleOptionProduct" op ON op."optionId" = o."id" WHERE op."productId" IN (${list})))`,
    ...ids,
  );
  return rows.map((r) => ({ id: int(r.id), type: String(r.type), price: dec(r.price as never) }));
}

/**
 * Writes each composite's price column: the price its listing shows (its cheapest product; its required options'
 * defaults), so that sorting and price filters place it where it is displayed. Only changed prices are written.
 */
export async function storeCompositePrices(tx: Tx, channelId: number, composites: CompositeRef[]): Promise<void> {
  if (!composites.length) return;
  const facts = await compositeFacts(tx, channelId, composites);
  for (const c of composites) {
    const price = facts.get(c.id)?.price;
    if (price && !price.eq(c.price)) await tx.product.update({ where: { id: c.id }, data: { price: price.toString() }, select: { id: true } });
  }
}

/** After a write to `productIds` (a composite itself, or a product composites are made of): their prices follow. */
export async function refreshCompositePrices(tx: Tx, channelId: number, productIds: number[]): Promise<void> {
  await storeCompositePrices(tx, channelId, await compositesOf(tx, productIds));
}

/** A child product as the detail and the cart need it, in the request's locale and channel. */
const childSelect = (ctx: RequestContext) =>
  ({
    id: true, sku: true, type: true, status: true, price: true, specialPrice: true, specialPriceFrom: true, specialPriceTo: true, weight: true,
    translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } }, select: { locale: true, name: true } },
    inventories: { where: { channelId: ctx.channel.id }, select: { qty: true } },
    channels: { where: { channelId: ctx.channel.id }, select: { channelId: true } },
  }) satisfies Prisma.ProductSelect;

type ChildRecord = {
  id: number; sku: string; type: string; status: boolean; price: unknown; specialPrice: unknown; specialPriceFrom: Date | null;
  specialPriceTo: Date | null; weight: unknown; translations: { locale: string; name: string }[]; inventories: { qty: number }[];
  channels: { channelId: number }[];
};

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

function child(ctx: RequestContext, c: ChildRecord): Child {
  const name = (c.translations.find((t) => t.locale === ctx.locale) ?? c.translations[0])?.name ?? c.sku;
  const stock = c.inventories[0]?.qty ?? 0;
  return {
    id: c.id, sku: c.sku, type: c.type, name, available: c.status && c.channels.length > 0,
    priced: { price: c.price, specialPrice: c.specialPrice, specialPriceFrom: c.specialPriceFrom, specialPriceTo: c.specialPriceTo },
    stock, inStock: childInStock(c.type, stock), weight: c.weight == null ? null : dec(c.weight),
  };
}

/** A grouped product's associated products in their order, with their default quantities. */
export async function groupedChildren(db: Pick<Tx, "productGroupedLink">, ctx: RequestContext, productId: number) {
  const links = await db.productGroupedLink.findMany({
    where: { productId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { qty: true, position: true, associated: { select: childSelect(ctx) } },
  });
  return links.map((l) => ({ qty: l.qty, position: l.position, product: child(ctx, l.associated) }));
}

export interface BundleOption {
  id: number;
  label: string;
  type: string;
  isRequired: boolean;
  position: number;
  products: { id: number; qty: number; isUserDefined: boolean; isDefault: boolean; position: number; product: Child }[];
}

/** A bundle's options in their order, each with its products. */
export async function bundleOptionsOf(db: Pick<Tx, "productBundleOption">, ctx: RequestContext, productId: number): Promise<BundleOption[]> {
  const options = await db.productBundleOption.findMany({
    where: { productId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    include: {
      translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } },
      products: { orderBy: [{ position: "asc" }, { id: "asc" }], include: { product: { select: childSelect(ctx) } } },
    },
  });
  return options.map((o) => ({
    id: o.id,
    label: (o.translations.find((t) => t.locale === ctx.locale) ?? o.translations[0])?.label ?? `Option ${o.id}`,
    type: o.type,
    isRequired: o.isRequired,
    position: o.position,
    products: o.products.map((op) => ({
      id: op.id, qty: op.qty, isUserDefined: op.isUserDefined, isDefault: op.isDefault, position: op.position, product: child(ctx, op.product),
    })),
  }));
}
