// Invoices, shipments and refunds: written by the order actions, read here.
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { toNumber } from "../../money.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import { updateShipment } from "./order-service.ts";

const n = (v: unknown) => toNumber(v as never);
const byOrder = { filters: z.object({ orderId: intParam().optional() }), where: (_ctx: unknown, f: { orderId?: number }) => (f.orderId ? { orderId: f.orderId } : {}) };
const sort = { fields: { id: (d: "asc" | "desc") => ({ id: d }), created_at: (d: "asc" | "desc") => ({ createdAt: d }) }, default: "-id" };
const orderRef = { order: { select: { incrementId: true } } };

export const AdminInvoice = z
  .object({
    id: z.int(), orderId: z.int(), orderIncrementId: z.string(), incrementId: z.string().nullable(), state: z.string(), totalQty: z.int(),
    subTotal: z.number(), shippingAmount: z.number(), taxAmount: z.number(), discountAmount: z.number(), grandTotal: z.number(),
    items: z.array(z.object({ id: z.int(), orderItemId: z.int(), qty: z.int(), price: z.number(), total: z.number() }).meta({ id: "AdminInvoiceItem" })),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminInvoice", iri: "/api/admin/sales/invoices" });

export const invoices = adminResource({
  path: "sales/invoices", one: "Invoice", many: "Invoices", permission: "sales.invoices", model: "invoice", output: AdminInvoice,
  include: () => ({ items: true, ...orderRef }),
  toOutput: (_ctx, i) => ({
    ...i, orderIncrementId: i.order.incrementId, subTotal: n(i.subTotal), shippingAmount: n(i.shippingAmount), taxAmount: n(i.taxAmount), discountAmount: n(i.discountAmount), grandTotal: n(i.grandTotal),
    items: i.items.map((x: { price: unknown; total: unknown }) => ({ ...x, price: n(x.price), total: n(x.total) })),
  }),
  ...byOrder, sort,
});

export const AdminShipment = z
  .object({
    id: z.int(), orderId: z.int(), orderIncrementId: z.string(), carrierCode: z.string().nullable(), carrierTitle: z.string().nullable(), trackNumber: z.string().nullable(),
    totalQty: z.int(), items: z.array(z.object({ id: z.int(), orderItemId: z.int(), qty: z.int() }).meta({ id: "AdminShipmentItem" })),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminShipment", iri: "/api/admin/sales/shipments" });

export const shipments = adminResource({
  path: "sales/shipments", one: "Shipment", many: "Shipments", permission: "sales.shipments", model: "shipment", output: AdminShipment,
  // Correcting a shipment is the work of whoever makes them.
  permissions: { update: "sales.shipments.create" },
  include: () => ({ items: true, ...orderRef }),
  toOutput: (_ctx, s) => ({ ...s, orderIncrementId: s.order.incrementId }),
  ...byOrder, sort,
  update: {
    input: z.object({
      carrierCode: nullableText(60),
      carrierTitle: z.string().trim().min(1, { message: "must not be empty" }).max(255).optional(),
      trackNumber: z.string().trim().min(1, { message: "must not be empty" }).max(255).optional(),
    }),
    summary: "Correct a shipment's carrier (`carrierCode`, `carrierTitle`) or tracking number (`trackNumber`).",
    run: updateShipment,
  },
});

export const AdminRefund = z
  .object({
    id: z.int(), orderId: z.int(), orderIncrementId: z.string(), state: z.string(), totalQty: z.int(), subTotal: z.number(), shippingAmount: z.number(),
    adjustmentRefund: z.number(), adjustmentFee: z.number(), grandTotal: z.number(),
    items: z.array(z.object({ id: z.int(), orderItemId: z.int(), qty: z.int(), total: z.number() }).meta({ id: "AdminRefundItem" })),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminRefund", iri: "/api/admin/sales/refunds" });

export const refunds = adminResource({
  path: "sales/refunds", one: "Refund", many: "Refunds", permission: "sales.refunds", model: "refund", output: AdminRefund,
  include: () => ({ items: true, ...orderRef }),
  toOutput: (_ctx, r) => ({
    ...r, orderIncrementId: r.order.incrementId, subTotal: n(r.subTotal), shippingAmount: n(r.shippingAmount), adjustmentRefund: n(r.adjustmentRefund), adjustmentFee: n(r.adjustmentFee), grandTotal: n(r.grandTotal),
    items: r.items.map((x: { total: unknown }) => ({ ...x, total: n(x.total) })),
  }),
  ...byOrder, sort,
});
