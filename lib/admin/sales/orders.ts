// Orders in the back office: the full record with what is still to invoice, ship, refund or cancel, and the moves
// the order state machine (lib/orders/transitions.ts) allows next. The one update (PATCH) sets only a connector's
// `externalId` and `metadata`: everything else on an order moves through its actions (./order-actions.ts).
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { ORDER_STATUSES } from "../../orders/transitions.ts";
import { allowedMoves } from "../../orders/moves.ts";
import { adminResource, type RowOf } from "../resource.ts";
import { qtyToInvoice, qtyToRefund, qtyToShip, type Line } from "../../orders/lines.ts";
import { externalIdField, metadataOf, metadataPatchField, substring } from "../external.ts";
import { instantUntil } from "../input.ts";
import { updateOrder } from "./order-service.ts";
import { AWAITING, awaitingWhere } from "../../orders/awaiting.ts";

const money = z.number();

const Item = z
  .object({
    id: z.int(), parentId: z.int().nullable(), productId: z.int().nullable(), sku: z.string(), type: z.string(), name: z.string(),
    qtyOrdered: z.int(), qtyInvoiced: z.int(), qtyShipped: z.int(), qtyRefunded: z.int(), qtyCanceled: z.int(),
    qtyToInvoice: z.int(), qtyToShip: z.int(), qtyToRefund: z.int(), price: money, total: money,
  })
  .meta({ id: "AdminOrderItem" });

const Address = z
  .object({
    id: z.int(), addressType: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string().nullable(), email: z.string().nullable(),
    phone: z.string().nullable(), address: z.string(), city: z.string(), state: z.string().nullable(), country: z.string(), postcode: z.string(),
  })
  .meta({ id: "AdminOrderAddress" });

export const AdminOrder = z
  .object({
    id: z.int(), incrementId: z.string(), status: z.string(), channelId: z.int(), channelName: z.string(),
    customerId: z.int().nullable(), customerEmail: z.string(), customerFirstName: z.string(), customerLastName: z.string(), isGuest: z.boolean(),
    couponCode: z.string().nullable(), shippingMethod: z.string().nullable(), shippingTitle: z.string().nullable(),
    baseCurrencyCode: z.string(), orderCurrencyCode: z.string(), totalItemCount: z.int(), totalQtyOrdered: z.int(),
    subTotal: money, baseSubTotal: money, taxAmount: money, shippingAmount: money, discountAmount: money, grandTotal: money, baseGrandTotal: money,
    grandTotalInvoiced: money, grandTotalRefunded: money,
    items: z.array(Item),
    addresses: z.array(Address),
    payment: z.object({ method: z.string(), methodTitle: z.string() }).nullable().meta({ id: "AdminOrderPayment" }),
    comments: z.array(z.object({ id: z.int(), comment: z.string(), customerNotified: z.boolean(), createdAt: z.string() }).meta({ id: "AdminOrderComment" })),
    /** Money that moved for the order: captures and refunds, as the payment provider (or the store) recorded them. */
    paymentTransactions: z.array(
      z.object({
        id: z.int(), provider: z.string(), kind: z.string(), status: z.string(), amount: money, currencyCode: z.string(),
        /** The provider's id (Stripe: the payment intent of a capture, the refund of a refund). */
        reference: z.string().nullable(),
        refundId: z.int().nullable(),
        /** Booked by the store: no provider moved this money. */
        offline: z.boolean(),
        /** Why the provider refused, when it did. */
        message: z.string().nullable(),
        createdAt: z.string(),
      }).meta({ id: "AdminPaymentTransaction" }),
    ),
    invoiceIds: z.array(z.int()), shipmentIds: z.array(z.int()), refundIds: z.array(z.int()),
    /**
     * The moves the order takes now, each an operation under `/api/admin/sales/orders/{id}/`: `pay` (…/pay, or
     * …/invoices for some lines), `ship` (…/shipments), `refund` (…/refunds), `cancel`, `deliver`, `hold`,
     * `release`, `markFraud` (…/mark-fraud) and `fail`.
     */
    allowedEvents: z.array(z.string()),
    externalId: z.string().nullable().describe("The order's id in a connected system (unique among orders)."),
    metadata: z.record(z.string(), z.string()).describe("A connector's own notes: string keys to string values."),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminOrder", iri: "/api/admin/sales/orders" });

export const orderInclude = () => ({
  items: { orderBy: { id: "asc" as const } },
  addresses: true,
  payment: true,
  comments: { orderBy: { id: "asc" as const } },
  paymentTransactions: { orderBy: { id: "asc" as const } },
  invoices: { select: { id: true } },
  shipments: { select: { id: true } },
  refunds: { select: { id: true } },
});

const n = (v: unknown) => toNumber(v as never);

function toAdminOrder(_ctx: unknown, o: RowOf<"order", ReturnType<typeof orderInclude>>) {
  return {
    ...o,
    ...Object.fromEntries((["subTotal", "baseSubTotal", "taxAmount", "shippingAmount", "discountAmount", "grandTotal", "baseGrandTotal", "grandTotalInvoiced", "grandTotalRefunded"] as const).map((k) => [k, n(o[k])])),
    items: o.items.map((i: Line & { price: unknown; total: unknown }) => ({ ...i, price: n(i.price), total: n(i.total), qtyToInvoice: qtyToInvoice(i), qtyToShip: qtyToShip(i), qtyToRefund: qtyToRefund(i) })),
    paymentTransactions: o.paymentTransactions.map((t: { amount: unknown; idempotencyKey: unknown }) => {
      const { idempotencyKey: _key, ...shown } = t;
      return { ...shown, amount: n(t.amount) };
    }),
    invoiceIds: o.invoices.map((x: { id: number }) => x.id),
    shipmentIds: o.shipments.map((x: { id: number }) => x.id),
    refundIds: o.refunds.map((x: { id: number }) => x.id),
    allowedEvents: allowedMoves(o),
    metadata: metadataOf(o.metadata),
  };
}

export const orders = adminResource({
  path: "sales/orders",
  one: "Order",
  many: "Orders",
  permission: "sales.orders",
  model: "order",
  output: AdminOrder,
  include: orderInclude,
  toOutput: toAdminOrder,
  changes: true,
  filters: z.object({
    status: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
    customerId: intParam().optional(),
    channelId: intParam().optional(),
    incrementId: z.string().trim().max(60).optional().describe("Exact order number."),
    customerEmail: z.string().trim().max(191).optional().describe("Exact email as written on the order."),
    externalId: z.string().trim().max(191).optional().describe("Exact external id."),
    q: z.string().trim().max(191).optional().describe("Substring of the order number, the customer's email, first or last name, case-insensitive."),
    paymentMethod: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z][a-z0-9_]*$/, { message: "must be a payment method code: lowercase letters, digits and underscores, e.g. cashondelivery" })
      .optional()
      .describe("Exact payment method code, e.g. `cashondelivery`."),
    createdUntil: instantUntil()
      .optional()
      .describe("Only orders created at or before this instant (ISO 8601); a date takes in that whole day (UTC). With `created_since`, a date range."),
    awaiting: z
      .enum(AWAITING, { message: `must be one of ${AWAITING.join(", ")}` })
      .optional()
      .describe(
        "Only orders waiting for the store: `invoice`, those whose `allowedEvents` include `pay` (pending, processing, shipped or " +
          "delivered, with units neither invoiced nor canceled, and no payment still on its way at a provider); `shipment`, those " +
          "whose `allowedEvents` include `ship` (pending, processing or shipped, with units to send that are neither shipped, " +
          "canceled nor refunded; virtual and downloadable lines, and bundles made only of such products, are never shipped). An order " +
          "on hold, canceled, closed, completed, failed or marked as fraud waits for neither. Paged and counted by the server like every " +
          "other filter.",
      ),
  }),
  where: async (ctx, { q, paymentMethod, createdUntil, awaiting, ...exact }) => ({
    ...exact,
    ...(paymentMethod ? { payment: { is: { method: paymentMethod } } } : {}),
    ...(createdUntil ? { createdAt: { lt: createdUntil } } : {}),
    ...(q ? { OR: [{ incrementId: substring(q) }, { customerEmail: substring(q) }, { customerFirstName: substring(q) }, { customerLastName: substring(q) }] } : {}),
    // Its own OR and status sit beside the other filters', not over them.
    ...(awaiting ? { AND: [await awaitingWhere(ctx, awaiting)] } : {}),
  }),
  sort: {
    fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), grand_total: (d) => ({ baseGrandTotal: d }), status: (d) => ({ status: d }) },
    default: "-id",
  },
  update: {
    input: z.object({
      externalId: externalIdField().nullable().optional(),
      metadata: metadataPatchField().nullable().optional().describe("A JSON merge patch: a key set to null is removed, keys not sent are kept; null removes every key."),
    }),
    summary:
      "Set an order's `externalId` (null clears it; unique among orders) and `metadata` (a merge patch). Nothing else of an " +
      "order changes here: it moves through its actions (…/cancel, …/invoices, …).",
    run: updateOrder,
  },
});
