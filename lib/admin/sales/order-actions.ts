// What the back office does to an order: cancel, invoice, ship (with tracking), refund, comment. The work, each
// action one transaction through the order state machine, is in ./order-service.ts; what each takes, in
// ./order-action-input.ts (the panel's forms check with it). Every action takes the version of the order it acts on,
// as an update does (lib/admin/precondition.ts): REST's `If-Match`, GraphQL's `ifMatch`; an order changed since is a
// 412 with nothing written. Without one the action acts on the order as it is. The answer is the order after the
// action, with its new version (REST: the ETag), so that a client can send the next action with it.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { AnyOperation } from "../../operations/define.ts";
import { IfMatchArg } from "../precondition.ts";
import { resourceAction } from "../resource.ts";
import { orders } from "./orders.ts";
import { CommentOrderInput, InvoiceOrderInput, OrderNoteInput, RefundOrderInput, ShipOrderInput } from "./order-action-input.ts";
import {
  cancelOrder, commentOrder, deliverOrder, failOrder, holdOrder, invoiceOrder, markFraudOrder, payOrder, refundOrder, releaseOrder, shipOrder,
  type AtVersion,
} from "./order-service.ts";

interface OrderAction<I extends z.ZodObject> {
  verb: string;
  segment?: string;
  summary: string;
  permission: string;
  input?: I;
  status?: number;
  errors?: number[];
  run(ctx: RequestContext, id: number, input: z.output<I> & AtVersion): Promise<void>;
}

/**
 * An action on an order (../resource.ts `resourceAction`) that takes the version it acts on: `ifMatch` in its input,
 * which REST reads from the `If-Match` header only, a 412 among its answers, and the order's ETag on REST's answer.
 */
function orderAction<I extends z.ZodObject = z.ZodObject<Record<never, never>>>(def: OrderAction<I>): AnyOperation {
  const action = resourceAction(orders, {
    ...def,
    input: (def.input ?? z.object({})).extend({ ifMatch: IfMatchArg }),
    errors: [...(def.errors ?? []), 412],
    run: (ctx, id, input) => def.run(ctx, id, input as z.output<I> & AtVersion),
  });
  return { ...action, rest: { ...action.rest!, ifMatch: true }, etag: orders.etag };
}

export const cancelAdminOrder = orderAction({
  verb: "cancel",
  summary: "Cancel an order: every unit not yet shipped or refunded is canceled and back in stock.",
  permission: "sales.orders.cancel",
  input: OrderNoteInput,
  run: cancelOrder,
});

export const invoiceAdminOrder = orderAction({
  verb: "invoice",
  segment: "invoices",
  summary: "Invoice an order: `items` [{ orderItemId, qty }] (default: everything left to invoice). The first invoice carries the shipping.",
  permission: "sales.invoices.create",
  input: InvoiceOrderInput,
  status: 201,
  run: invoiceOrder,
});

export const shipAdminOrder = orderAction({
  verb: "ship",
  segment: "shipments",
  summary: "Ship an order with tracking: `carrierTitle`, `trackNumber`, optional `carrierCode` and `items` (default: everything left to ship).",
  permission: "sales.shipments.create",
  input: ShipOrderInput,
  status: 201,
  run: shipOrder,
});

export const refundAdminOrder = orderAction({
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

export const payAdminOrder = orderAction({
  verb: "pay",
  summary: "Mark paid: everything left to invoice is invoiced at once (as `invoices` without `items`); an authorized card is captured first.",
  permission: "sales.invoices.create",
  status: 201,
  errors: [503],
  run: payOrder,
});

export const deliverAdminOrder = orderAction({
  verb: "deliver",
  summary: "Mark a shipped order delivered (→ delivered); `comment` goes into its history.",
  permission: "sales.shipments.create",
  input: OrderNoteInput,
  run: deliverOrder,
});

export const markFraudAdminOrder = orderAction({
  verb: "markFraud",
  summary: "Mark a pending or processing order as fraud (→ fraud); `comment` goes into its history.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: markFraudOrder,
});

export const failAdminOrder = orderAction({
  verb: "fail",
  summary: "A pending order's payment failed: its units go back to stock as a cancel's do (→ failed).",
  permission: "sales.orders.cancel",
  input: OrderNoteInput,
  run: failOrder,
});

export const holdAdminOrder = orderAction({
  verb: "hold",
  summary: "Put a pending or processing order on hold (→ on_hold): nothing moves it until it is released.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: holdOrder,
});

export const releaseAdminOrder = orderAction({
  verb: "release",
  summary: "Release an order on hold: pending again, or processing when money was taken for it.",
  permission: "sales.orders.edit",
  input: OrderNoteInput,
  run: releaseOrder,
});

export const commentAdminOrder = orderAction({
  verb: "comment",
  segment: "comments",
  summary: "Add a comment to an order's history; `customerNotified` records whether the customer was told.",
  permission: "sales.orders.edit",
  input: CommentOrderInput,
  status: 201,
  run: commentOrder,
});
