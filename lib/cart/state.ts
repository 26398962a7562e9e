// A cart as the checkout works on it: the cart row, its billing and shipping addresses and its lines with the
// prices, image and URL key of their products, read in ONE statement (issue 17). Every cart and checkout step
// reads this once, computes in memory, writes what changed and answers from what it wrote, instead of reading
// the cart, its lines and its products again at each stage. Plain SQL that SQLite and PostgreSQL both accept
// (quoted identifiers, correlated subqueries); the values are normalised here, since raw results differ by driver.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { bool, date, int, intOrNull, json, rawRows, str, type Raw } from "../db/raw.ts";
import { Conflict } from "../errors.ts";
import { dec, type Decimal } from "../money.ts";
import type { Priced } from "../catalog/pricing.ts";

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

export interface CartRow {
  id: number;
  customerId: number | null;
  channelId: number;
  isActive: boolean;
  isGuest: boolean;
  /** The currency the cart was last priced in (the gateway pays in it). */
  currencyCode: string;
  customerEmail: string | null;
  couponCode: string | null;
  shippingMethod: string | null;
  paymentMethod: string | null;
  paymentMethodTitle: string | null;
  itemsCount: number;
  itemsQty: number;
  baseSubtotal: Decimal;
  baseDiscountAmount: Decimal;
  baseTaxAmount: Decimal;
  baseShippingAmount: Decimal;
  baseGrandTotal: Decimal;
}

export interface AddressRow {
  id: number;
  cartId: number;
  addressType: string;
  firstName: string;
  lastName: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  address: string;
  country: string;
  state: string | null;
  city: string;
  postcode: string;
  useForShipping: boolean;
  createdAt: Date;
  updatedAt: Date;
}

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
  cart: CartRow;
  billing: AddressRow | null;
  shipping: AddressRow | null;
  lines: Line[];
  /** Gateway sessions of the cart still pending. */
  pendingSessions: number;
}

export const ADDRESS_COLUMNS = [
  "id", "cartId", "addressType", "firstName", "lastName", "companyName", "email", "phone", "address", "country", "state", "city",
  "postcode", "useForShipping", "createdAt", "updatedAt",
] as const;

/** An address as read raw, its columns named with `prefix` (none for a row written with RETURNING). */
export function addressRow(row: Raw, prefix = ""): AddressRow | null {
  if (row[`${prefix}id`] == null) return null;
  const v = (c: string) => row[prefix + c];
  return {
    id: int(v("id")), cartId: int(v("cartId")), addressType: String(v("addressType")), firstName: String(v("firstName")),
    lastName: String(v("lastName")), companyName: str(v("companyName")), email: str(v("email")), phone: str(v("phone")),
    address: String(v("address")), country: String(v("country")), state: str(v("state")), city: String(v("city")),
    postcode: String(v("postcode")), useForShipping: bool(v("useForShipping")), createdAt: date(v("createdAt"))!, updatedAt: date(v("updatedAt"))!,
  };
}

/** The SQL select list of one address side, each column prefixed (b_ billing, s_ shipping). */
const addressColumns = (alias: string) => ADDRESS_COLUMNS.map((c) => `${alias}."${c}" AS "${alias}_${c}"`).join(", ");

// Built once: identifiers only, every value is a bound parameter.
const CART_SQL = `
SELECT c."id", c."customerId", c."channelId", c."isActive", c."isGuest", c."currencyCode", c."customerEmail", c."couponCode", c."shippingMethod",
  c."paymentMethod", c."paymentMethodTitle", c."itemsCount", c."itemsQty", c."baseSubtotal", c."baseDiscountAmount",
  c."baseTaxAmount", c."baseShippingAmount", c."baseGrandTotal",
  ${addressColumns("b")}, ${addressColumns("s")},
  i."id" AS "i_id", i."productId" AS "i_productId", i."sku" AS "i_sku", i."type" AS "i_type", i."name" AS "i_name",
  i."quantity" AS "i_quantity", i."basePrice" AS "i_basePrice", i."price" AS "i_price", i."baseTotal" AS "i_baseTotal",
  i."total" AS "i_total", i."baseDiscountAmount" AS "i_baseDiscountAmount", i."baseTaxAmount" AS "i_baseTaxAmount",
  i."weight" AS "i_weight", i."additional" AS "i_additional",
  p."price" AS "p_price", p."specialPrice" AS "p_specialPrice", p."specialPriceFrom" AS "p_specialPriceFrom",
  p."specialPriceTo" AS "p_specialPriceTo",
  (SELECT im."path" FROM "ProductImage" im WHERE im."productId" = i."productId" ORDER BY im."position" ASC, im."id" ASC LIMIT 1) AS "p_image",
  (SELECT t."urlKey" FROM "ProductTranslation" t WHERE t."productId" = i."productId" AND t."locale" = $1 LIMIT 1) AS "p_urlKey",
  (SELECT t."urlKey" FROM "ProductTranslation" t WHERE t."productId" = i."productId" AND t."locale" = $2 LIMIT 1) AS "p_urlKeyDefault",
  (SELECT COUNT(*) FROM "PaymentSession" ps WHERE ps."cartId" = c."id" AND ps."status" = 'pending') AS "pendingSessions"
FROM "Cart" c
LEFT JOIN "CartAddress" b ON b."cartId" = c."id" AND b."addressType" = 'billing'
LEFT JOIN "CartAddress" s ON s."cartId" = c."id" AND s."addressType" = 'shipping'
LEFT JOIN "CartItem" i ON i."cartId" = c."id" AND i."parentId" IS NULL
LEFT JOIN "Product" p ON p."id" = i."productId"
WHERE c."id" = $3
ORDER BY i."id" ASC`;

type Queryable = Pick<Tx, "$queryRawUnsafe">;

/**
 * The cart with its addresses and lines; a closed cart is a 409 unless `allowClosed` (place-order finds the order
 * a closed cart became).
 */
export async function loadCart(db: Queryable, ctx: RequestContext, cartId: number, opts: { allowClosed?: boolean } = {}): Promise<CartState> {
  const rows = await rawRows(db, CART_SQL, ctx.locale, ctx.channel.defaultLocale, cartId);
  if (!rows.length) throw new Conflict("This cart no longer exists; create a new cart token.");
  const r = rows[0];
  const cart: CartRow = {
    id: int(r.id), customerId: intOrNull(r.customerId), channelId: int(r.channelId), isActive: bool(r.isActive), isGuest: bool(r.isGuest),
    currencyCode: String(r.currencyCode), customerEmail: str(r.customerEmail), couponCode: str(r.couponCode), shippingMethod: str(r.shippingMethod),
    paymentMethod: str(r.paymentMethod), paymentMethodTitle: str(r.paymentMethodTitle), itemsCount: int(r.itemsCount),
    itemsQty: int(r.itemsQty), baseSubtotal: dec(r.baseSubtotal as never), baseDiscountAmount: dec(r.baseDiscountAmount as never),
    baseTaxAmount: dec(r.baseTaxAmount as never), baseShippingAmount: dec(r.baseShippingAmount as never), baseGrandTotal: dec(r.baseGrandTotal as never),
  };
  if (!cart.isActive && !opts.allowClosed) throw new Conflict("This cart has already been checked out; create a new cart token.");
  const lines: Line[] = rows
    .filter((row) => row.i_id != null)
    .map((row) => ({
      id: int(row.i_id), cartId: cart.id, productId: int(row.i_productId), sku: String(row.i_sku), type: String(row.i_type),
      name: String(row.i_name), quantity: int(row.i_quantity), basePrice: dec(row.i_basePrice as never), price: dec(row.i_price as never),
      baseTotal: dec(row.i_baseTotal as never), total: dec(row.i_total as never), baseDiscountAmount: dec(row.i_baseDiscountAmount as never),
      baseTaxAmount: dec(row.i_baseTaxAmount as never), weight: row.i_weight == null ? null : dec(row.i_weight as never),
      additional: json<LineOptions>(row.i_additional),
      product: { price: row.p_price, specialPrice: row.p_specialPrice, specialPriceFrom: date(row.p_specialPriceFrom), specialPriceTo: date(row.p_specialPriceTo) },
      image: str(row.p_image), urlKey: str(row.p_urlKey) ?? str(row.p_urlKeyDefault),
    }));
  return { cart, billing: addressRow(r, "b_"), shipping: addressRow(r, "s_"), lines, pendingSessions: int(r.pendingSessions) };
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
