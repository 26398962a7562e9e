// The cart record clients read, in the request currency.
import type { RequestContext } from "../context.ts";
import { display } from "../catalog/pricing.ts";
import { imageUrl } from "../catalog/products.ts";
import { lineShips, loadCart, type AddressRow, type CartState } from "./state.ts";
import type { CartRef } from "./resolve.ts";
import { activeShippingMethods } from "../checkout/reference.ts";
import { dec, toNumber } from "../money.ts";

/**
 * The sizes the family's clients read from a line's image, as JSON text. Images are stored and served in one size
 * (lib/storage/public.ts), so every size names that one URL.
 */
const sizedImages = (url: string) =>
  JSON.stringify({ small_image_url: url, medium_image_url: url, large_image_url: url, original_image_url: url });

const toAddress = (a: AddressRow | null) => (a ? { ...a, zipCode: a.postcode } : null);

/** The cart record of `ref`, read in one statement. */
export async function cartView(ctx: RequestContext, ref: CartRef, message: string | null = null) {
  return renderCart(ctx, await loadCart(ctx.sql, ctx, ref.id, { allowClosed: true }), ref.token, message);
}

/** The cart record from a cart as read or as just written (./totals.ts). */
export async function renderCart(ctx: RequestContext, state: CartState, token: string | null, message: string | null = null) {
  const { cart } = state;
  const rate = cart.shippingMethod ? (await activeShippingMethods(ctx.sql)).find((m) => `${m.code}_${m.code}` === cart.shippingMethod) : undefined;
  const money = (base: unknown) => display(ctx, base);
  const subtotal = money(cart.baseSubtotal);
  const discount = money(cart.baseDiscountAmount);
  const tax = money(cart.baseTaxAmount);
  const shipping = money(cart.baseShippingAmount);
  const grand = money(cart.baseGrandTotal);
  // Amounts with their tax, summed in the base currency and shown like every other amount. The cart's tax is on its
  // lines (./totals.ts), none on shipping, so shipping with tax is the shipping amount.
  const subtotalInclTax = dec(cart.baseSubtotal).add(dec(cart.baseTaxAmount));
  const shippingInclTax = dec(cart.baseShippingAmount);
  const subInclTax = money(subtotalInclTax);
  const shipInclTax = money(shippingInclTax);
  const base = (v: unknown) => toNumber(dec(v as never));
  return {
    id: cart.id,
    cartToken: token,
    customerId: cart.customerId,
    channelId: cart.channelId,
    isGuest: cart.isGuest,
    currencyCode: ctx.currency.code,
    itemsCount: cart.itemsCount,
    itemsQty: cart.itemsQty,
    items: state.lines.map((item) => {
      const price = money(item.basePrice);
      const total = money(item.baseTotal);
      const baseUnitInclTax = dec(item.basePrice).add(dec(item.baseTaxAmount).div(item.quantity || 1));
      const baseTotalInclTax = dec(item.baseTotal).add(dec(item.baseTaxAmount));
      const priceInclTax = money(baseUnitInclTax);
      const totalInclTax = money(baseTotalInclTax);
      const options = item.additional;
      const image = item.image ? imageUrl(ctx, item.image) : null;
      return {
        id: item.id,
        _id: item.id,
        cartId: item.cartId,
        productId: item.productId,
        name: item.name,
        sku: item.sku,
        type: item.type,
        quantity: item.quantity,
        price: price.amount,
        basePrice: Number(item.basePrice),
        total: total.amount,
        baseTotal: Number(item.baseTotal),
        discountAmount: money(item.baseDiscountAmount).amount,
        baseDiscountAmount: base(item.baseDiscountAmount),
        taxAmount: money(item.baseTaxAmount).amount,
        baseTaxAmount: base(item.baseTaxAmount),
        formattedPrice: price.formatted,
        formattedTotal: total.formatted,
        priceInclTax: priceInclTax.amount,
        basePriceInclTax: base(baseUnitInclTax),
        formattedPriceInclTax: priceInclTax.formatted,
        totalInclTax: totalInclTax.amount,
        baseTotalInclTax: base(baseTotalInclTax),
        formattedTotalInclTax: totalInclTax.formatted,
        options: options && Object.keys(options).length ? (options as Record<string, unknown>) : null,
        baseImage: image && sizedImages(image),
        baseImageUrl: image,
        productUrlKey: item.urlKey,
        canChangeQty: item.type !== "downloadable",
      };
    }),
    couponCode: cart.couponCode,
    subtotal: subtotal.amount,
    baseSubtotal: Number(cart.baseSubtotal),
    discountAmount: discount.amount,
    baseDiscountAmount: Number(cart.baseDiscountAmount),
    taxAmount: tax.amount,
    baseTaxAmount: Number(cart.baseTaxAmount),
    shippingAmount: shipping.amount,
    baseShippingAmount: Number(cart.baseShippingAmount),
    grandTotal: grand.amount,
    baseGrandTotal: Number(cart.baseGrandTotal),
    formattedSubtotal: subtotal.formatted,
    formattedDiscountAmount: discount.formatted,
    formattedTaxAmount: tax.formatted,
    formattedShippingAmount: shipping.formatted,
    formattedGrandTotal: grand.formatted,
    subTotalInclTax: subInclTax.amount,
    baseSubTotalInclTax: base(subtotalInclTax),
    formattedSubTotalInclTax: subInclTax.formatted,
    taxTotal: tax.amount,
    formattedTaxTotal: tax.formatted,
    shippingAmountInclTax: shipInclTax.amount,
    baseShippingAmountInclTax: base(shippingInclTax),
    formattedShippingAmountInclTax: shipInclTax.formatted,
    sessionToken: token,
    billingAddress: toAddress(state.billing),
    shippingAddress: toAddress(state.shipping),
    selectedShippingRate: cart.shippingMethod,
    selectedShippingRateTitle: rate?.title ?? null,
    paymentMethod: cart.paymentMethod,
    paymentMethodTitle: cart.paymentMethodTitle,
    haveStockableItems: state.lines.some(lineShips),
    success: true,
    message,
  };
}
