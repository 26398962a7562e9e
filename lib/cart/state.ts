// A cart as the checkout works on it: the cart row, its billing and shipping addresses and its lines with the
// prices, image and URL key of their products, read in ONE statement (issue 17). Every cart and checkout step
// reads this once, computes in memory, writes what changed and answers from what it wrote, instead of reading
// the cart, its lines and its products again at each stage. A typed-layer query (lib/db/sql): its rows come in the
// generated types on both databases; the lines and their products are joined, the addresses joined by side.
import type { Selectable } from "kysely";
import type { RequestContext } from "../context.ts";
import type { DB, Sql } from "../db/sql/index.ts";
import { Conflict } from "../errors.ts";
import { dec, type Decimal } from "../money.ts";
import type { Priced } from "../catalog/pricing.ts";
import { prepared } from "../db/sql/prepared.ts";

export interface LineOptions {
  variantId?: number;
  attributes?: Record<string, number>;
  links?: number[];
  /** A bundle line's choice as sent: option id → option product ids, and the quantities chosen per option. */
  bundleOptions?: Record<string, number[]>;
  bundleOptionQty?: Record<string, number>;
  /** A bundle line's products, each with its units per bundle (lib/cart/bundle.ts). */
  bundle?: BundleChild[];
}

// A type, not an interface: stored as line JSON, which Prisma wants index-signature compatible.
export type BundleChild = {
  optionId: number;
  label: string;
  optionProductId: number;
  productId: number;
  sku: string;
  name: string;
  type: string;
  qty: number;
};

/** The cart columns the steps work with; its amounts, kept in the base currency, as Decimals. */
const CART_COLUMNS = [
  "id", "customerId", "channelId", "isActive", "isGuest", "currencyCode", "customerEmail", "couponCode", "shippingMethod", "paymentMethod",
  "paymentMethodTitle", "itemsCount", "itemsQty",
] as const;
const CART_AMOUNTS = ["baseSubtotal", "baseDiscountAmount", "baseTaxAmount", "baseShippingAmount", "baseGrandTotal"] as const;

/** The cart row as the steps work with it (`currencyCode`: the currency it was last priced in, which the gateway pays in). */
export type CartHead = Pick<Selectable<DB["Cart"]>, (typeof CART_COLUMNS)[number]> & Record<(typeof CART_AMOUNTS)[number], Decimal>;

/** A saved address of the cart, as its table holds it. */
export type AddressRow = Selectable<DB["CartAddress"]>;

/** Every column of an address: each side is read under its prefix (b_…, s_…) in the cart's one statement. */
const ADDRESS_COLUMNS = [
  "id", "cartId", "addressType", "firstName", "lastName", "companyName", "email", "phone", "address", "country", "state", "city",
  "postcode", "useForShipping", "createdAt", "updatedAt",
] as const satisfies readonly (keyof AddressRow)[];

export interface Line {
  id: number;
  cartId: number;
  productId: number;
  sku: string;
  type: string;
  name: string;
  quantity: number;
  basePrice: Decimal;
  price: Decimal;
  baseTotal: Decimal;
  total: Decimal;
  baseDiscountAmount: Decimal;
  baseTaxAmount: Decimal;
  weight: Decimal | null;
  additional: LineOptions | null;
  /** The line's product (not its variant), as priced. */
  product: Priced;
  image: string | null;
  urlKey: string | null;
}

export interface CartState {
  cart: CartHead;
  billing: AddressRow | null;
  shipping: AddressRow | null;
  lines: Line[];
  /** Gateway sessions of the cart still pending. */
  pendingSessions: number;
}

/**
 * The one statement: the cart, its two addresses (b_…, s_… columns) and one row per top-level line with its product.
 * Prepared once: every step of a checkout sends it.
 */
const cartQuery = prepared<{ cartId: number; locale: string; defaultLocale: string }>()((db, $) =>
  db
    .selectFrom("Cart as c")
    .leftJoin("CartAddress as b", (j) => j.onRef("b.cartId", "=", "c.id").on("b.addressType", "=", "billing"))
    .leftJoin("CartAddress as s", (j) => j.onRef("s.cartId", "=", "c.id").on("s.addressType", "=", "shipping"))
    .leftJoin("CartItem as i", (j) => j.onRef("i.cartId", "=", "c.id").on("i.parentId", "is", null))
    .leftJoin("Product as p", "p.id", "i.productId")
    .select(CART_COLUMNS.map((col) => `c.${col}` as const))
    .select(CART_AMOUNTS.map((col) => `c.${col}` as const))
    .select((eb) => ADDRESS_COLUMNS.map((col) => eb.ref(`b.${col}`).as(`b_${col}`)))
    .select((eb) => ADDRESS_COLUMNS.map((col) => eb.ref(`s.${col}`).as(`s_${col}`)))
    .select([
      "i.id as i_id", "i.productId as i_productId", "i.sku as i_sku", "i.type as i_type", "i.name as i_name", "i.quantity as i_quantity",
      "i.basePrice as i_basePrice", "i.price as i_price", "i.baseTotal as i_baseTotal", "i.total as i_total",
      "i.baseDiscountAmount as i_baseDiscountAmount", "i.baseTaxAmount as i_baseTaxAmount", "i.weight as i_weight", "i.additional as i_additional",
      "p.price as p_price", "p.specialPrice as p_specialPrice", "p.specialPriceFrom as p_specialPriceFrom", "p.specialPriceTo as p_specialPriceTo",
    ])
    .select((eb) => [
      eb.selectFrom("ProductImage as im").select("im.path").whereRef("im.productId", "=", "i.productId").orderBy("im.position").orderBy("im.id").limit(1).as("p_image"),
      eb.selectFrom("ProductTranslation as t").select("t.urlKey").whereRef("t.productId", "=", "i.productId").where("t.locale", "=", $("locale")).limit(1).as("p_urlKey"),
      eb
        .selectFrom("ProductTranslation as t")
        .select("t.urlKey")
        .whereRef("t.productId", "=", "i.productId")
        .where("t.locale", "=", $("defaultLocale"))
        .limit(1)
        .as("p_urlKeyDefault"),
      eb
        .selectFrom("PaymentSession as ps")
        .select((e) => e.fn.countAll().as("n"))
        .whereRef("ps.cartId", "=", "c.id")
        .where("ps.status", "=", "pending")
        .as("pendingSessions"),
    ])
    .where("c.id", "=", $("cartId"))
    .orderBy("i.id"),
);

type CartQueryRow = Awaited<ReturnType<typeof cartQuery>>[number];

/** One side's address out of its prefixed columns (values already in their types), or null when the cart has none. */
function addressOf(row: CartQueryRow, prefix: "b_" | "s_"): AddressRow | null {
  const r = row as unknown as Record<string, unknown>;
  if (r[`${prefix}id`] == null) return null;
  return Object.fromEntries(ADDRESS_COLUMNS.map((col) => [col, r[prefix + col]])) as AddressRow;
}

function lineOf(row: CartQueryRow, cartId: number): Line {
  return {
    id: row.i_id!, cartId, productId: row.i_productId!, sku: row.i_sku!, type: row.i_type!, name: row.i_name!, quantity: row.i_quantity!,
    basePrice: dec(row.i_basePrice), price: dec(row.i_price), baseTotal: dec(row.i_baseTotal), total: dec(row.i_total),
    baseDiscountAmount: dec(row.i_baseDiscountAmount), baseTaxAmount: dec(row.i_baseTaxAmount), weight: row.i_weight == null ? null : dec(row.i_weight),
    additional: row.i_additional ?? null,
    product: { price: row.p_price, specialPrice: row.p_specialPrice, specialPriceFrom: row.p_specialPriceFrom, specialPriceTo: row.p_specialPriceTo },
    image: row.p_image ?? null, urlKey: row.p_urlKey ?? row.p_urlKeyDefault ?? null,
  };
}

/**
 * The cart with its addresses and lines; a closed cart is a 409 unless `allowClosed` (place-order finds the order
 * a closed cart became). `db`: the typed layer, or the transaction the step runs in.
 */
export async function loadCart(db: Sql, ctx: RequestContext, cartId: number, opts: { allowClosed?: boolean } = {}): Promise<CartState> {
  const rows = await cartQuery(db, { cartId, locale: ctx.locale, defaultLocale: ctx.channel.defaultLocale });
  if (!rows.length) throw new Conflict("This cart no longer exists; create a new cart token.");
  const r = rows[0];
  const cart = {
    ...(Object.fromEntries(CART_COLUMNS.map((col) => [col, r[col]])) as Pick<CartHead, (typeof CART_COLUMNS)[number]>),
    ...(Object.fromEntries(CART_AMOUNTS.map((col) => [col, dec(r[col])])) as Pick<CartHead, (typeof CART_AMOUNTS)[number]>),
  };
  if (!cart.isActive && !opts.allowClosed) throw new Conflict("This cart has already been checked out; create a new cart token.");
  const lines = rows.filter((row) => row.i_id != null).map((row) => lineOf(row, cart.id));
  // COUNT(*) of a subquery is not typed by a column: a number on one database, a bigint or text on another.
  return { cart, billing: addressOf(r, "b_"), shipping: addressOf(r, "s_"), lines, pendingSessions: Number(r.pendingSessions ?? 0) };
}

export const STOCKABLE_TYPES = new Set(["simple", "configurable", "bundle"]);

/**
 * The stock a line takes, per product: a simple line its product, a configurable line its variant, a bundle line
 * each of its simple products (units per bundle × the line's quantity); nothing for virtual and downloadable lines.
 */
export function stockNeeds(line: { type: string; productId: number; quantity: number; additional: unknown }): Map<number, number> {
  const needs = new Map<number, number>();
  const options = (line.additional ?? {}) as LineOptions;
  if (line.type === "bundle") {
    for (const c of options.bundle ?? []) if (c.type === "simple") needs.set(c.productId, (needs.get(c.productId) ?? 0) + c.qty * line.quantity);
  } else if (STOCKABLE_TYPES.has(line.type)) {
    needs.set(options.variantId ?? line.productId, line.quantity);
  }
  return needs;
}

/**
 * Whether a line (of a cart or an order) is sent to the shopper: simple and configurable lines, and a bundle line
 * when one of the products it was bought with is; a bundle of virtual products ships no more than a virtual line.
 */
export function lineShips(line: { type: string; additional: unknown }): boolean {
  if (line.type === "bundle") return ((line.additional ?? {}) as LineOptions).bundle?.some((c) => c.type === "simple") ?? false;
  return STOCKABLE_TYPES.has(line.type);
}

/** Where the checkout stands: what each step needs before it. */
export function checkoutFacts(state: CartState) {
  const needsShipping = state.lines.some(lineShips);
  return {
    empty: state.lines.length === 0,
    hasAddress: state.billing != null,
    needsShipping,
    hasShipping: !needsShipping || state.cart.shippingMethod != null,
    hasPayment: state.cart.paymentMethod != null,
  };
}
