// The moves an order takes now, as the back office may make them: the state machine's events from its status
// (./transitions.ts), less those its lines rule out (nothing left to invoice, ship, cancel or refund; money still on
// its way at a provider). Each has its operation (lib/admin/sales/order-actions.ts); `complete` is never asked for:
// an order completes by itself once everything is invoiced and shipped.
import { dec } from "../money.ts";
import { allowedEvents, transition, type OrderEvent } from "./transitions.ts";
import { qtyToCancel, qtyToInvoice, qtyToShip, type Line } from "./lines.ts";

export interface MovableOrder {
  status: string;
  grandTotalInvoiced: unknown;
  grandTotalRefunded: unknown;
  items: (Line & { parentId: number | null })[];
  paymentTransactions: { kind: string; status: string; offline: boolean }[];
}

export function allowedMoves(order: MovableOrder): OrderEvent[] {
  const top = order.items.filter((i) => i.parentId === null);
  const onItsWay = order.paymentTransactions.some((t) => t.kind === "capture" && t.status === "pending" && !t.offline);
  const possible: Partial<Record<OrderEvent, boolean>> = {
    complete: false,
    pay: !onItsWay && top.some((i) => qtyToInvoice(i) > 0),
    ship: top.some((i) => qtyToShip(i) > 0),
    cancel: order.items.some((i) => qtyToCancel(i) > 0),
    refund: dec(order.grandTotalInvoiced as never).gt(dec(order.grandTotalRefunded as never)),
  };
  return allowedEvents(order.status).filter((e) => possible[e] ?? true);
}

/** Where a released order goes: pending, or processing again when money was taken for it (409 unless on hold). */
export function releasedStatus(order: { status: string; grandTotalInvoiced: unknown }): string {
  const pending = transition(order.status, "release");
  return dec(order.grandTotalInvoiced as never).gt(0) ? transition(pending, "pay") : pending;
}
