// Unit accounting of one order line against its returns, and its return window. The one place that says how
// many units a customer may still return or cancel; returnable items, raising and reopening all read it.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { canTransition as orderCanTransition } from "../orders/transitions.ts";
import { holdsUnits } from "./transitions.ts";

export const DEFAULT_RETURN_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Resolution = "return" | "cancel_items";
export const RESOLUTIONS = ["return", "cancel_items"] as const;

export interface LineUnits {
  qtyOrdered: number;
  qtyShipped: number;
  qtyCanceled: number;
  qtyRefunded: number;
}

export interface HeldReturn {
  id: number;
  quantity: number;
  resolution: string;
  statusId: number;
}

export interface LineQuantities {
  /** Units still open on the line that no return holds: `forReturnQuantity + forCancelQuantity`. */
  currentQuantity: number;
  /** Shipped units not refunded and not already in a return. */
  forReturnQuantity: number;
  /** Unshipped units that may still be canceled (only while the order itself may be canceled). */
  forCancelQuantity: number;
  /** Units held by returns that are not canceled or declined. */
  rmaQuantity: number;
}

/**
 * `returns` are all the returns on the line; those canceled or declined hold nothing, and `except` leaves one
 * out (a return being reopened does not compete with itself).
 */
export function lineQuantities(line: LineUnits, orderStatus: string, returns: HeldReturn[], except?: number): LineQuantities {
  const held = returns.filter((r) => r.id !== except && holdsUnits(r.statusId));
  const heldFor = (resolution: Resolution) => held.filter((r) => r.resolution === resolution).reduce((n, r) => n + r.quantity, 0);
  const open = Math.max(0, line.qtyOrdered - line.qtyCanceled - line.qtyRefunded);
  const withCustomer = Math.min(line.qtyShipped, open);
  const forReturnQuantity = Math.max(0, withCustomer - heldFor("return"));
  const forCancelQuantity = orderCanTransition(orderStatus, "cancel") ? Math.max(0, open - withCustomer - heldFor("cancel_items")) : 0;
  return {
    currentQuantity: forReturnQuantity + forCancelQuantity,
    forReturnQuantity,
    forCancelQuantity,
    rmaQuantity: held.reduce((n, r) => n + r.quantity, 0),
  };
}

export function unitsFor(q: LineQuantities, resolution: string): number {
  return resolution === "cancel_items" ? q.forCancelQuantity : q.forReturnQuantity;
}

/** The window runs from the day the order was placed for the product's `rmaReturnPeriod` days, or the store's. */
export function windowExpired(orderedAt: Date, periodDays: number, now = new Date()): boolean {
  return now.getTime() > orderedAt.getTime() + periodDays * DAY_MS;
}

/** The store setting `rma.return_period_days`: the channel's own value first, then the global one, then 30. */
export async function storeReturnPeriod(ctx: Pick<RequestContext, "db" | "channel">): Promise<number> {
  const rows = await ctx.db.coreConfig.findMany({
    where: { code: "rma.return_period_days", channelCode: { in: [ctx.channel.code, ""] }, locale: "" },
    select: { channelCode: true, value: true },
  });
  const row = rows.find((r) => r.channelCode !== "") ?? rows[0];
  const days = row ? Number.parseInt(row.value, 10) : NaN;
  return Number.isFinite(days) && days >= 0 ? days : DEFAULT_RETURN_PERIOD_DAYS;
}

export function returnPeriod(product: { rmaReturnPeriod: number | null } | null, storeDays: number): number {
  return product?.rmaReturnPeriod ?? storeDays;
}

/**
 * Serialises writers that hand out a line's units: an UPDATE takes the row lock on PostgreSQL (SQLite already
 * has one writer at a time), so two returns raised at once cannot both take the last unit.
 */
export async function lockLine(tx: Tx, orderItemId: number): Promise<void> {
  await tx.orderItem.update({ where: { id: orderItemId }, data: { qtyOrdered: { increment: 0 } } });
}
