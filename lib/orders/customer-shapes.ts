// What a customer sees of their orders (SPEC.md "Customer order (list row)", WIRE.md Orders).
import { z } from "zod";
import { CustomerShipment } from "./document-shapes.ts";

const money = z.number();

export const CustomerOrderRow = z
  .object({
    id: z.int(),
    incrementId: z.string(),
    status: z.string(),
    shippingStatus: z.string().nullable(),
    grandTotal: money,
    formattedGrandTotal: z.string(),
    itemsCount: z.int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    channelName: z.string(),
    customerEmail: z.string(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    shippingMethod: z.string().nullable(),
    shippingTitle: z.string().nullable(),
    couponCode: z.string().nullable(),
    totalItemCount: z.int(),
    totalQtyOrdered: z.int(),
    baseGrandTotal: money,
    subTotal: money,
    baseSubTotal: money,
    taxAmount: money,
    shippingAmount: money,
    discountAmount: money,
    baseCurrencyCode: z.string(),
    orderCurrencyCode: z.string(),
  })
  .meta({ id: "CustomerOrder", iri: "/api/shop/customer-orders" });

const OrderItem = z
  .object({
    id: z.int(),
    parentId: z.int().nullable(),
    productId: z.int().nullable(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    qtyOrdered: z.int(),
    qtyShipped: z.int(),
    qtyInvoiced: z.int(),
    qtyCanceled: z.int(),
    qtyRefunded: z.int(),
    price: money,
    formattedPrice: z.string(),
    total: money,
    formattedTotal: z.string(),
    discountAmount: money,
    taxAmount: money,
    options: z.unknown().nullable(),
    /** The family's name for `options`: what the line was bought with (configurable choice, links, bundle parts). */
    additional: z.unknown().nullable(),
    /** The same amounts in the store's base currency. */
    basePrice: money,
    baseTotal: money,
    baseDiscountAmount: money,
    baseTaxAmount: money,
  })
  .meta({ id: "CustomerOrderItem" });

const OrderAddress = z
  .object({
    id: z.int(),
    _id: z.int(),
    /** `order_billing` or `order_shipping`, as the family names an order's copies of its addresses. */
    addressType: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    country: z.string(),
    postcode: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The family's further fields. An order keeps a copy of each address, not a link to the address book. */
    name: z.string(),
    orderId: z.int(),
    customerId: z.int().nullable(),
    cartId: z.int().nullable(),
    parentAddressId: z.int().nullable(),
    useForShipping: z.boolean().nullable(),
    gender: z.string().nullable(),
    vatId: z.string().nullable(),
    defaultAddress: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CustomerOrderAddress" });

/** Money that moved for the order, as its payment provider (or the store, for offline methods) recorded it. */
const PaymentTransaction = z
  .object({
    id: z.int(),
    /** `authorization` (money held for the store to take), `capture` (the money taken) or `refund` (money given back). */
    kind: z.string(),
    /** `pending`, `succeeded` or `failed`. */
    status: z.string(),
    amount: money,
    formattedAmount: z.string(),
    currencyCode: z.string(),
    /** Booked by the store (cash on delivery, money transfer): no payment provider moved this money. */
    offline: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "CustomerPaymentTransaction" });

export const CustomerOrderDetail = CustomerOrderRow.extend({
  /** What the customer may do next (the order state machine answers). */
  canCancel: z.boolean(),
  canReorder: z.boolean(),
  items: z.array(OrderItem).meta({ connection: true }),
  addresses: z.array(OrderAddress).meta({ connection: true }),
  payment: z.object({ id: z.int(), method: z.string(), methodTitle: z.string() }).meta({ id: "CustomerOrderPayment" }).nullable(),
  shipments: z.array(CustomerShipment).meta({ connection: true }),
  channelCurrencyCode: z.string(),
  baseTaxAmount: money,
  baseShippingAmount: money,
  baseDiscountAmount: money,
  grandTotalInvoiced: money,
  grandTotalRefunded: money,
  paymentTransactions: z.array(PaymentTransaction),
}).meta({ id: "CustomerOrderDetail", iri: "/api/shop/customer-orders" });

export const CanceledOrder = CustomerOrderDetail.extend({ success: z.boolean(), message: z.string(), orderId: z.int() }).meta({
  id: "CanceledOrder",
  iri: "/api/shop/customer-orders",
});

export const Reorder = z
  .object({
    success: z.boolean(),
    message: z.string(),
    orderId: z.int(),
    cartId: z.int(),
    /** How many lines went into the cart (`added.length`). */
    itemsAddedCount: z.int(),
    added: z.array(z.object({ orderItemId: z.int(), productId: z.int(), name: z.string(), quantity: z.int() }).meta({ id: "ReorderedLine" })),
    notAdded: z.array(
      z.object({ orderItemId: z.int(), productId: z.int().nullable(), name: z.string(), quantity: z.int(), reason: z.string() }).meta({ id: "ReorderSkippedLine" }),
    ),
  })
  .meta({ id: "Reorder" });
