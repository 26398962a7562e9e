// Recomputes a cart after every change: line prices from the catalog, subtotal, coupon discount, the shipping
// rate chosen among those the cart qualifies for, grand total. Amounts are kept in the base currency and in the
// cart's currency. It works on the cart as read once (./state.ts) and writes only what changed: a line whose price
// moved, and the cart row in one statement; it returns the cart as written, which the answer is made from. All of it
// on the typed layer (lib/db/sql), inside the step's typed transaction.
import type { Updateable } from "kysely";
import type { RequestContext } from "../context.ts";
import type { DB, Sql } from "../db/sql/index.ts";
import { later } from "../db/sql/pipeline.ts";
import { NotFound } from "../errors.ts";
import { convert, dec, Decimal } from "../money.ts";
import { finalPrice, type Priced } from "../catalog/pricing.ts";
import { quoteHeld, type Rate } from "../checkout/shipping.ts";
import { couponByCode, couponProblem, discountFor } from "./coupons.ts";
import { lineShips, loadCart, STOCKABLE_TYPES, type CartHead, type CartState, type LineOptions } from "./state.ts";

export { STOCKABLE_TYPES, type LineOptions };

/** Units that ship: simple and configurable lines, and bundles with a product that ships. */
export const shippableQty = (state: CartState): number => state.lines.reduce((n, l) => n + (lineShips(l) ? l.quantity : 0), 0);

/** The rates the cart qualifies for: none before an address is saved or when nothing ships. */
export async function ratesFor(db: Sql, state: CartState): Promise<Rate[]> {
  const qty = shippableQty(state);
  if (!state.billing || qty === 0) return [];
  return quoteHeld(db, { baseSubtotal: state.cart.baseSubtotal, shippableQty: qty });
}

/** Prices of the variants and download links the lines name, read only when some line names one. */
async function extras(tx: Sql, state: CartState) {
  const variantIds = [
    ...state.lines.map((l) => l.additional?.variantId).filter((v): v is number => !!v),
    // A bundle's price is its products' (lib/cart/bundle.ts): they are read with the variants.
    ...state.lines.flatMap((l) => (l.type === "bundle" ? (l.additional?.bundle ?? []).map((c) => c.productId) : [])),
  ];
  const linkIds = state.lines.filter((l) => l.type === "downloadable").flatMap((l) => l.additional?.links ?? []);
  // Awaited in turn: a transaction has one connection, which runs one statement at a time.
  const variants = variantIds.length
    ? await tx.selectFrom("Product").select(["id", "price", "specialPrice", "specialPriceFrom", "specialPriceTo"]).where("id", "in", variantIds).execute()
    : [];
  const links = linkIds.length ? await tx.selectFrom("DownloadableLink").select(["id", "productId", "price"]).where("id", "in", linkIds).execute() : [];
  return { variants: new Map<number, Priced>(variants.map((v) => [v.id, v])), links };
}

/** Updates the row `id` of `table`; a row that is gone is a 404, as a model update answers. */
export async function updateById<T extends "Cart" | "CartItem">(tx: Sql, table: T, id: number, values: Updateable<DB[T]>): Promise<void> {
  // The union of the two tables' update types is more than the builder can check; `values` is checked at the call.
  // Sent with the transaction's other writes (lib/db/sql/pipeline.ts); the check holds its commit until it passes.
  await later(tx, tx.updateTable(table as "Cart").set(values as Updateable<DB["Cart"]>).where("id", "=", id), (done) => {
    if (done.numAffectedRows === 0n) throw new NotFound(table);
  });
}

/** Amounts as the layer writes a decimal column: exact text. */
function amounts<K extends string>(values: Record<K, Decimal>): Record<K, string> {
  return Object.fromEntries(Object.entries<Decimal>(values).map(([k, v]) => [k, v.toString()])) as Record<K, string>;
}

/**
 * Recomputes `state` (as read in this transaction) with `changes` to the cart applied, writes what changed (the
 * cart in one statement, with `also`: columns the caller sets beside) and returns the cart as written. Every change
 * to a cart's lines, coupon, addresses or shipping comes through here, so here its open gateway sessions are
 * superseded: each showed the shopper a cart that no longer is, and must not be paid (lib/checkout/gateway.ts).
 */
export async function recalculateState(
  tx: Sql,
  ctx: RequestContext,
  state: CartState,
  changes: Partial<Pick<CartHead, "shippingMethod" | "couponCode" | "paymentMethod" | "paymentMethodTitle" | "customerEmail">> = {},
  also: Updateable<DB["Cart"]> = {},
): Promise<CartState> {
  const { variants, links } = await extras(tx, state);
  const now = new Date();
  let baseSubtotal = new Decimal(0);
  let itemsQty = 0;
  const lines = [];
  for (const item of state.lines) {
    const options = item.additional ?? {};
    const priced = options.variantId ? variants.get(options.variantId) : item.product;
    let unit = finalPrice(priced ?? item.product, now);
    if (item.type === "bundle") {
      const children = options.bundle ?? [];
      // A product gone from the catalog leaves the bundle at the price it was added at.
      unit = children.every((c) => variants.has(c.productId))
        ? children.reduce((sum, c) => sum.add(finalPrice(variants.get(c.productId)!, now).mul(c.qty)), new Decimal(0))
        : item.basePrice;
    }
    if (item.type === "downloadable") {
      const chosen = new Set(options.links ?? []);
      for (const l of links) if (l.productId === item.productId && chosen.has(l.id)) unit = unit.add(dec(l.price));
    }
    const baseTotal = unit.mul(item.quantity);
    baseSubtotal = baseSubtotal.add(baseTotal);
    itemsQty += item.quantity;
    const line = { basePrice: unit, price: convert(unit, ctx.currency), baseTotal, total: convert(baseTotal, ctx.currency) };
    // Most changes to a cart leave its other lines' prices as they were: those lines are not written again.
    if (!(Object.keys(line) as (keyof typeof line)[]).every((k) => item[k].eq(line[k]))) {
      await updateById(tx, "CartItem", item.id, amounts(line));
    }
    lines.push({ ...item, ...line });
  }

  const cart = { ...state.cart, ...changes };
  let couponCode = cart.couponCode;
  let baseDiscount = new Decimal(0);
  if (couponCode) {
    const coupon = await couponByCode(tx, couponCode);
    if (await couponProblem(tx, coupon, { customerId: cart.customerId, baseSubtotal })) couponCode = null;
    else baseDiscount = discountFor(coupon!, baseSubtotal);
  }

  const next: CartState = { ...state, cart: { ...cart, baseSubtotal }, lines };
  const rates = await ratesFor(tx, next);
  const selected = rates.find((r) => r.method === cart.shippingMethod);
  const shippingMethod = selected ? cart.shippingMethod : null;
  const baseShipping = selected ? selected.basePrice : new Decimal(0);
  // The chosen rate no longer applies: the shopper picks again, and payment follows shipping.
  const payment = shippingMethod !== cart.shippingMethod ? { paymentMethod: null, paymentMethodTitle: null } : {};

  const baseGrand = baseSubtotal.sub(baseDiscount).add(baseShipping);
  const money = (base: Decimal) => convert(base, ctx.currency);
  if (state.pendingSessions) {
    await later(tx, tx.updateTable("PaymentSession").set({ status: "superseded" }).where("cartId", "=", cart.id).where("status", "=", "pending"));
  }
  await updateById(tx, "Cart", cart.id, {
    currencyCode: ctx.currency.code,
    itemsCount: lines.length,
    itemsQty,
    couponCode,
    ...changes,
    ...also,
    shippingMethod,
    ...payment,
    ...amounts({
      baseSubtotal,
      subtotal: money(baseSubtotal),
      baseDiscountAmount: baseDiscount,
      discountAmount: money(baseDiscount),
      baseShippingAmount: baseShipping,
      shippingAmount: money(baseShipping),
      baseTaxAmount: new Decimal(0),
      taxAmount: new Decimal(0),
      baseGrandTotal: baseGrand,
      grandTotal: money(baseGrand),
    }),
  });
  return {
    ...next,
    pendingSessions: 0,
    cart: {
      ...next.cart,
      ...payment,
      currencyCode: ctx.currency.code,
      itemsCount: lines.length,
      itemsQty,
      couponCode,
      shippingMethod,
      baseDiscountAmount: baseDiscount,
      baseShippingAmount: baseShipping,
      baseTaxAmount: new Decimal(0),
      baseGrandTotal: baseGrand,
    },
  };
}

/** Reads the cart and recomputes it (for changes that did not read it first). */
export async function recalculate(tx: Sql, ctx: RequestContext, cartId: number): Promise<CartState> {
  return recalculateState(tx, ctx, await loadCart(tx, ctx, cartId, { allowClosed: true }));
}
