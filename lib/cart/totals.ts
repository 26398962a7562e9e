// Recomputes a cart after every change: line prices from the catalog, subtotal, coupon discount, shipping
// rates and the selected rate, grand total. Amounts are kept in the base currency and in the cart's currency.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { convert, dec, Decimal } from "../money.ts";
import { finalPrice } from "../catalog/pricing.ts";
import { quoteRates } from "../checkout/shipping.ts";
import { couponProblem, discountFor } from "./coupons.ts";

export const STOCKABLE_TYPES = new Set(["simple", "configurable"]);

export interface LineOptions {
  variantId?: number;
  attributes?: Record<string, number>;
  links?: number[];
}

export async function recalculate(tx: Tx, ctx: RequestContext, cartId: number): Promise<void> {
  const cart = await tx.cart.findUniqueOrThrow({
    where: { id: cartId },
    include: { items: { where: { parentId: null }, include: { product: { include: { downloadableLinks: true } } } }, addresses: true },
  });
  const variantIds = cart.items.map((i) => (i.additional as LineOptions | null)?.variantId).filter((v): v is number => !!v);
  const variants = new Map(
    (await tx.product.findMany({ where: { id: { in: variantIds } } })).map((v) => [v.id, v]),
  );
  const now = new Date();
  let baseSubtotal = new Decimal(0);
  let itemsQty = 0;
  let shippableQty = 0;
  for (const item of cart.items) {
    const options = (item.additional ?? {}) as LineOptions;
    const priced = options.variantId ? variants.get(options.variantId) : item.product;
    let unit = finalPrice(priced ?? item.product, now);
    if (item.type === "downloadable") {
      const chosen = new Set(options.links ?? []);
      for (const l of item.product.downloadableLinks) if (chosen.has(l.id)) unit = unit.add(dec(l.price));
    }
    const baseTotal = unit.mul(item.quantity);
    baseSubtotal = baseSubtotal.add(baseTotal);
    itemsQty += item.quantity;
    if (STOCKABLE_TYPES.has(item.type)) shippableQty += item.quantity;
    const line = { basePrice: unit, price: convert(unit, ctx.currency), baseTotal, total: convert(baseTotal, ctx.currency) };
    // Most changes to a cart leave its other lines' prices as they were: those lines are not written again.
    if (!(Object.keys(line) as (keyof typeof line)[]).every((k) => dec(item[k]).eq(line[k]))) {
      await tx.cartItem.update({
        where: { id: item.id },
        data: Object.fromEntries(Object.entries(line).map(([k, v]) => [k, v.toString()])),
      });
    }
  }

  let couponCode = cart.couponCode;
  let baseDiscount = new Decimal(0);
  if (couponCode) {
    const coupon = await tx.coupon.findUnique({ where: { code: couponCode } });
    if (await couponProblem(tx, coupon, { customerId: cart.customerId, baseSubtotal })) couponCode = null;
    else baseDiscount = discountFor(coupon!, baseSubtotal);
  }

  // Rates exist once an address is saved and something in the cart ships.
  await tx.cartShippingRate.deleteMany({ where: { cartId } });
  let shippingMethod = cart.shippingMethod;
  let baseShipping = new Decimal(0);
  if (cart.addresses.length && shippableQty > 0) {
    const rates = await quoteRates(tx, { baseSubtotal, shippableQty });
    await tx.cartShippingRate.createMany({
      data: rates.map((r) => ({
        cartId,
        carrier: r.carrier,
        carrierTitle: r.carrierTitle,
        method: r.method,
        methodTitle: r.methodTitle,
        methodDescription: r.methodDescription,
        basePrice: r.basePrice.toString(),
        price: convert(r.basePrice, ctx.currency).toString(),
      })),
    });
    const selected = rates.find((r) => r.method === shippingMethod);
    if (selected) baseShipping = selected.basePrice;
    else shippingMethod = null;
  } else {
    shippingMethod = null;
  }
  if (shippingMethod !== cart.shippingMethod) {
    // The chosen rate no longer applies: the shopper picks again, and payment follows shipping.
    await tx.cart.update({ where: { id: cartId }, data: { paymentMethod: null, paymentMethodTitle: null } });
  }

  const baseGrand = baseSubtotal.sub(baseDiscount).add(baseShipping);
  const money = (base: Decimal) => convert(base, ctx.currency).toString();
  await tx.cart.update({
    where: { id: cartId },
    data: {
      currencyCode: ctx.currency.code,
      itemsCount: cart.items.length,
      itemsQty,
      couponCode,
      shippingMethod,
      baseSubtotal: baseSubtotal.toString(),
      subtotal: money(baseSubtotal),
      baseDiscountAmount: baseDiscount.toString(),
      discountAmount: money(baseDiscount),
      baseShippingAmount: baseShipping.toString(),
      shippingAmount: money(baseShipping),
      baseTaxAmount: "0",
      taxAmount: "0",
      baseGrandTotal: baseGrand.toString(),
      grandTotal: money(baseGrand),
    },
  });
}
