// What the back office does to an order: cancel, invoice, ship (with tracking), refund, comment. The work, each
// action one transaction through the order state machine, is in ./order-service.ts; what each takes, in
// ./order-action-input.ts (the panel's forms check with it).
import { resourceAction } from "../resource.ts";
import { orders } from "./orders.ts";
import { CommentOrderInput, InvoiceOrderInput, OrderNoteInput, RefundOrderInput, ShipOrderInput } from "./order-action-input.ts";
import {
  cancelOrder, commentOrder, deliverOrder, failOrder, holdOrder, invoiceOrder, markFraudOrder, payOrder, refundOrder, releaseOrder, shipOrder,
} from "./order-service.ts";

export const cancelAdminOrder = resourceAction(orders, {
  verb: "cancel",
  summary: "Cancel an order: every unit not yet shipped or refunded is canceled and back in stock.",
  permission: "sales.orders.cancel",
  input: OrderNoteInput,
  run: cancelOrder,
});

export const invoiceAdminOrder = resourceAction(orders, {
  verb: "invoice",
  segment: "invoices",
  summary: "Invoice an order: `items` [{ orderItemId, qty }] (default: everything left to invoice). The first invoice carries the shipping.",
  permission: "sales.invoices.create",
  input: InvoiceOrderInput,
  status: 201,
  run: invoiceOrder,
});

export const shipAdminOrder = resourceAction(orders, {
  verb: "ship",
  segment: "shipments",
  summary: "Ship an order with tracking: `carrierTitle`, `trackNumber`, optional `carrierCode` and `items` (default: everything left to ship).",
  permission: "sales.shipments.create",
  input: ShipOrderInput,
  status: 201,
  run: shipOrder,
});

export const refundAdminOrder = resourceAction(orders, {
  verb: "refund",
  segment: "refunds",
  summary:
    "Refund invoiced units: `items` [{ orderItemId, qty }], optional `shipping`, `adjustmentRefund`, `adjustmentFee`. " +
    "The total may not exceed what was invoiced and not yet refunded; a fully refunded order is closed. An order paid through a " +
    "provider (Stripe) is refunded through it: 422 when the provider declines (nothing is recorded as refunded), 503 when it cannot be " +
    "reached (the refund waits; sending a refund again retries it, and the provider receives it once).",
  permission: "sales.refunds.create",
  errors: [503],
  input: RefundOrderInput,
  status: 201,
  run: refundOrder,
});

export const payAdminOrder = resourceAction(orders, {
  verb: "pay",
  summary: "Mark paid: everything left to invoice is invoiced at once (as `invoices` without `items`); an authorized card is captured first.",
  permission: "sales.invoices.create",
  status: 201,
  errors: [503],
  run: (ctx, id) => payOrder(ctx, id),
});

export const deliverAdminOrder = resourceAction(orders, {
  verb: "deliver",
  summary: "Mark a shipped order delivered (→ delivered); `comment` goes into its history.",
  permission: "sales.shipments.create",
  input: OrderNoteInput,
  run: deliverOrder,
});

export const markFraudAdminOrder = resourceAction(orders, {
  verb: "markFraud",
  summary: "Mark a pending or processing order as fraud (→ fraud); `comment` goes into its history.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: markFraudOrder,
});

export const failAdminOrder = resourceAction(orders, {
  verb: "fail",
  summary: "A pending order's payment failed: its units go back to stock as a cancel's do (→ failed).",
  permission: "sales.orders.cancel",
  input: OrderNoteInput,
  run: failOrder,
});

export const holdAdminOrder = resourceAction(orders, {
  verb: "hold",
  summary: "Put a pending or processing order on hold (→ on_hold): nothing moves it until it is released.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: holdOrder,
});

export const releaseAdminOrder = resourceAction(orders, {
  verb: "release",
  summary: "Release an order on hold: pending again, or processing when money was taken for it.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: releaseOrder,
});

export const commentAdminOrder = resourceAction(orders, {
  verb: "comment",
  segment: "comments",
  summary: "Add a comment to an order's history; `customerNotified` records whether the customer was told.",
  permission: "sales.orders.edit",
  input: CommentOrderInput,
  status: 201,
  run: commentOrder,
});
