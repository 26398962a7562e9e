// The cart record clients read, in the request currency.
import type { RequestContext } from "../context.ts";
import { display } from "../catalog/pricing.ts";
import { imageUrl } from "../catalog/products.ts";
import { STOCKABLE_TYPES, type LineOptions } from "./totals.ts";
import type { CartRef } from "./resolve.ts";

type AddressRow = {
  id: number; addressType: string; firstName: string; lastName: string; companyName: string | null; email: string | null;
  phone: string | null; address: string; city: string; state: string | null; country: string; postcode: string; useForShipping: boolean;
};

const toAddress = (a: AddressRow | undefined) => (a ? { ...a } : null);

export async function cartView(ctx: RequestContext, ref: CartRef, message: string | null = null) {
  const cart = await ctx.db.cart.findUniqueOrThrow({
    where: { id: ref.id },
    include: {
      items: {
        where: { parentId: null },
        orderBy: { id: "asc" },
        include: {
          product: {
            select: {
              images: { orderBy: { position: "asc" }, take: 1, select: { path: true } },
              translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } }, select: { locale: true, urlKey: true } },
            },
          },
        },
      },
      addresses: true,
      shippingRates: true,
    },
  });
  const money = (base: unknown) => display(ctx, base);
  const rate = cart.shippingRates.find((r) => r.method === cart.shippingMethod);
  const subtotal = money(cart.baseSubtotal);
  const discount = money(cart.baseDiscountAmount);
  const tax = money(cart.baseTaxAmount);
  const shipping = money(cart.baseShippingAmount);
  const grand = money(cart.baseGrandTotal);
  return {
    id: cart.id,
    cartToken: ref.token,
    customerId: cart.customerId,
    channelId: cart.channelId,
    isGuest: cart.isGuest,
    currencyCode: ctx.currency.code,
    itemsCount: cart.itemsCount,
    itemsQty: cart.itemsQty,
    items: cart.items.map((item) => {
      const price = money(item.basePrice);
      const total = money(item.baseTotal);
      const t = item.product.translations.find((x) => x.locale === ctx.locale) ?? item.product.translations[0];
      const options = item.additional as LineOptions | null;
      return {
        id: item.id,
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
        taxAmount: money(item.baseTaxAmount).amount,
        formattedPrice: price.formatted,
        formattedTotal: total.formatted,
        options: options && Object.keys(options).length ? (options as Record<string, unknown>) : null,
        baseImage: item.product.images[0] ? imageUrl(ctx, item.product.images[0].path) : null,
        productUrlKey: t?.urlKey ?? null,
        canChangeQty: item.type !== "downloadable",
      };
    }),
    couponCode: cart.couponCode,
    subtotal: subtotal.amount,
    baseSubtotal: Number(cart.baseSubtotal),
    discountAmount: discount.amount,
    baseDiscountAmount: Number(cart.baseDiscountAmount),
    taxAmount: tax.amount,
    shippingAmount: shipping.amount,
    grandTotal: grand.amount,
    baseGrandTotal: Number(cart.baseGrandTotal),
    formattedSubtotal: subtotal.formatted,
    formattedDiscountAmount: discount.formatted,
    formattedTaxAmount: tax.formatted,
    formattedShippingAmount: shipping.formatted,
    formattedGrandTotal: grand.formatted,
    billingAddress: toAddress(cart.addresses.find((a) => a.addressType === "billing")),
    shippingAddress: toAddress(cart.addresses.find((a) => a.addressType === "shipping")),
    selectedShippingRate: cart.shippingMethod,
    selectedShippingRateTitle: rate?.methodTitle ?? null,
    paymentMethod: cart.paymentMethod,
    paymentMethodTitle: cart.paymentMethodTitle,
    haveStockableItems: cart.items.some((i) => STOCKABLE_TYPES.has(i.type)),
    success: true,
    message,
  };
}
