// What a customer sees of the invoices and shipments of their orders (the family's customer-invoices and
// customer-order-shipments resources).
import { z } from "zod";

const money = z.number();

const InvoiceItem = z
  .object({
    id: z.int(),
    invoiceId: z.int(),
    orderItemId: z.int(),
    parentId: z.int().nullable(),
    productId: z.int().nullable(),
    productType: z.string(),
    sku: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    qty: z.int(),
    price: money,
    basePrice: money,
    total: money,
    baseTotal: money,
    taxAmount: money,
    baseTaxAmount: money,
    discountPercent: money,
    discountAmount: money,
    baseDiscountAmount: money,
    priceInclTax: money,
    basePriceInclTax: money,
    totalInclTax: money,
    baseTotalInclTax: money,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CustomerInvoiceItem", iri: "/api/shop/invoice-items" });

export const CustomerInvoice = z
  .object({
    id: z.int(),
    orderId: z.int(),
    orderIncrementId: z.string(),
    incrementId: z.string().nullable(),
    /** pending | paid | refunded */
    state: z.string(),
    totalQty: z.int(),
    subTotal: money,
    baseSubTotal: money,
    shippingAmount: money,
    baseShippingAmount: money,
    taxAmount: money,
    baseTaxAmount: money,
    discountAmount: money,
    baseDiscountAmount: money,
    grandTotal: money,
    baseGrandTotal: money,
    formattedGrandTotal: z.string(),
    /** Tax is charged on the goods only here, so shipping carries none. */
    shippingTaxAmount: money,
    baseShippingTaxAmount: money,
    subTotalInclTax: money,
    baseSubTotalInclTax: money,
    shippingAmountInclTax: money,
    baseShippingAmountInclTax: money,
    baseCurrencyCode: z.string(),
    channelCurrencyCode: z.string(),
    orderCurrencyCode: z.string(),
    /** The payment gateway's reference, when the payment recorded one. */
    transactionId: z.string().nullable(),
    /** The order, as its IRI. */
    order: z.string(),
    /** The PDF of the invoice (REST, with the customer's bearer). */
    downloadUrl: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    items: z.array(InvoiceItem).meta({ connection: true }),
  })
  .meta({ id: "CustomerInvoice", iri: "/api/shop/customer-invoices" });

const ShipmentItem = z
  .object({
    id: z.int(),
    orderItemId: z.int(),
    sku: z.string(),
    name: z.string(),
    qty: z.int(),
    /** Weight of one unit, when the product has one. */
    weight: z.number().nullable(),
  })
  .meta({ id: "CustomerShipmentItem", iri: "/api/shop/shipment-items" });

export const CustomerShipment = z
  .object({
    id: z.int(),
    orderId: z.int(),
    orderIncrementId: z.string(),
    /** The order's shipping state when the shipment was read (e.g. shipped, delivered). */
    status: z.string().nullable(),
    /** The shipment's own number in the store. */
    shippingNumber: z.string(),
    carrierCode: z.string().nullable(),
    carrierTitle: z.string().nullable(),
    trackNumber: z.string().nullable(),
    totalQty: z.int(),
    /** Sum of the shipped units' weights; null when no shipped product has a weight. */
    totalWeight: z.number().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    items: z.array(ShipmentItem).meta({ connection: true }),
  })
  .meta({ id: "CustomerShipment", iri: "/api/shop/customer-order-shipments" });
