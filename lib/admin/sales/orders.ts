// Orders in the back office: the full record with what is still to invoice, ship, refund or cancel, and the moves
// the order state machine (lib/orders/transitions.ts) allows next.
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { ORDER_STATUSES, allowedEvents } from "../../orders/transitions.ts";
import { adminResource, type RowOf } from "../resource.ts";
import { lineShips } from "../../cart/state.ts";

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
    invoiceIds: z.array(z.int()), shipmentIds: z.array(z.int()), refundIds: z.array(z.int()),
    /** The order events the state machine allows from the current status. */
    allowedEvents: z.array(z.string()),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminOrder", iri: "/api/admin/sales/orders" });

export const orderInclude = () => ({
  items: { orderBy: { id: "asc" as const } },
  addresses: true,
  payment: true,
  comments: { orderBy: { id: "asc" as const } },
  invoices: { select: { id: true } },
  shipments: { select: { id: true } },
  refunds: { select: { id: true } },
});

export type Line = { qtyOrdered: number; qtyInvoiced: number; qtyShipped: number; qtyRefunded: number; qtyCanceled: number; type: string; additional: unknown };
/** Virtual and downloadable lines, and bundles of such products (lib/cart/state.ts `lineShips`), are never shipped. */
const ships = (i: Line) => (i.type === "bundle" ? lineShips(i) : i.type !== "virtual" && i.type !== "downloadable");
export const qtyToInvoice = (i: Line) => Math.max(0, i.qtyOrdered - i.qtyInvoiced - i.qtyCanceled);
export const qtyToShip = (i: Line) => (ships(i) ? Math.max(0, i.qtyOrdered - i.qtyShipped - i.qtyCanceled - i.qtyRefunded) : 0);
export const qtyToRefund = (i: Line) => Math.max(0, i.qtyInvoiced - i.qtyRefunded);

const n = (v: unknown) => toNumber(v as never);

function toAdminOrder(_ctx: unknown, o: RowOf<"order", ReturnType<typeof orderInclude>>) {
  return {
    ...o,
    ...Object.fromEntries((["subTotal", "baseSubTotal", "taxAmount", "shippingAmount", "discountAmount", "grandTotal", "baseGrandTotal", "grandTotalInvoiced", "grandTotalRefunded"] as const).map((k) => [k, n(o[k])])),
    items: o.items.map((i: Line & { price: unknown; total: unknown }) => ({ ...i, price: n(i.price), total: n(i.total), qtyToInvoice: qtyToInvoice(i), qtyToShip: qtyToShip(i), qtyToRefund: qtyToRefund(i) })),
    invoiceIds: o.invoices.map((x: { id: number }) => x.id),
    shipmentIds: o.shipments.map((x: { id: number }) => x.id),
    refundIds: o.refunds.map((x: { id: number }) => x.id),
    allowedEvents: allowedEvents(o.status),
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
  filters: z.object({
    status: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(", ")}` }).optional(),
    customerId: intParam().optional(),
    channelId: intParam().optional(),
    incrementId: z.string().trim().max(60).optional(),
    customerEmail: z.string().trim().max(191).optional(),
  }),
  where: (_ctx, f) => ({ ...f }),
  sort: {
    fields: { id: (d) => ({ id: d }), created_at: (d) => ({ createdAt: d }), grand_total: (d) => ({ baseGrandTotal: d }), status: (d) => ({ status: d }) },
    default: "-id",
  },
});
