// The cart as clients read it (WIRE.md "Cart"), declared once for REST, GraphQL and the docs.
import { z } from "zod";

export const CartAddressShape = z
  .object({
    id: z.int(),
    addressType: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    country: z.string(),
    postcode: z.string(),
    /** The family's name for `postcode`. */
    zipCode: z.string(),
    useForShipping: z.boolean(),
  })
  .meta({ id: "CartAddress", iri: "/api/shop/cart-addresses" });

// A line's `id` is its number, not an IRI: the family's documentation shows `"id": "5648"` on cart lines and its
// storefront sends `Number(id)` back as `cartItemId`. `_id` is the same number, as on every other record.
export const CartItemShape = z
  .object({
    id: z.int(),
    _id: z.int(),
    cartId: z.int(),
    productId: z.int(),
    name: z.string(),
    sku: z.string(),
    type: z.string(),
    quantity: z.int(),
    price: z.number(),
    basePrice: z.number(),
    total: z.number(),
    baseTotal: z.number(),
    discountAmount: z.number(),
    baseDiscountAmount: z.number(),
    taxAmount: z.number(),
    baseTaxAmount: z.number(),
    formattedPrice: z.string(),
    formattedTotal: z.string(),
    /** Unit price and line total with the line's tax (the family's `*InclTax` names); `base*` in the base currency. */
    priceInclTax: z.number(),
    basePriceInclTax: z.number(),
    formattedPriceInclTax: z.string(),
    totalInclTax: z.number(),
    baseTotalInclTax: z.number(),
    formattedTotalInclTax: z.string(),
    /** What was chosen: the variant and its attribute options, downloadable links. */
    options: z.record(z.string(), z.unknown()).nullable(),
    /**
     * The product's base image as JSON text of its sized URLs (`small_image_url`, `medium_image_url`,
     * `large_image_url`, `original_image_url`), as the family's storefront parses it; null without an image.
     */
    baseImage: z.string().nullable(),
    /** The same image's URL as plain text. */
    baseImageUrl: z.string().nullable(),
    productUrlKey: z.string().nullable(),
    canChangeQty: z.boolean(),
  })
  .meta({ id: "CartItem" });

export const CartShape = z
  .object({
    id: z.int(),
    cartToken: z.string().nullable(),
    customerId: z.int().nullable(),
    channelId: z.int(),
    isGuest: z.boolean(),
    currencyCode: z.string(),
    itemsCount: z.int(),
    itemsQty: z.int(),
    items: z.array(CartItemShape).meta({ connection: true }),
    couponCode: z.string().nullable(),
    subtotal: z.number(),
    baseSubtotal: z.number(),
    discountAmount: z.number(),
    baseDiscountAmount: z.number(),
    taxAmount: z.number(),
    baseTaxAmount: z.number(),
    shippingAmount: z.number(),
    baseShippingAmount: z.number(),
    grandTotal: z.number(),
    baseGrandTotal: z.number(),
    formattedSubtotal: z.string(),
    formattedDiscountAmount: z.string(),
    formattedTaxAmount: z.string(),
    formattedShippingAmount: z.string(),
    formattedGrandTotal: z.string(),
    /** Subtotal and shipping with their tax, and the tax total (the family's names); `base*` in the base currency. */
    subTotalInclTax: z.number(),
    baseSubTotalInclTax: z.number(),
    formattedSubTotalInclTax: z.string(),
    taxTotal: z.number(),
    formattedTaxTotal: z.string(),
    shippingAmountInclTax: z.number(),
    baseShippingAmountInclTax: z.number(),
    formattedShippingAmountInclTax: z.string(),
    /** The family's name for the guest's cart token: the same value as `cartToken`, null on a customer cart. */
    sessionToken: z.string().nullable(),
    billingAddress: CartAddressShape.nullable(),
    shippingAddress: CartAddressShape.nullable(),
    selectedShippingRate: z.string().nullable(),
    selectedShippingRateTitle: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    paymentMethodTitle: z.string().nullable(),
    haveStockableItems: z.boolean(),
    success: z.boolean(),
    message: z.string().nullable(),
  })
  .meta({ id: "Cart", iri: "/api/shop/carts" });

