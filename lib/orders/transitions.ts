// The order state machine as one table: for each event, the states it may start from and where it leads.
// Every status change of an order goes through `transition`, so no handler tests statuses by hand.
import { Conflict } from "../errors.ts";

export const ORDER_STATUSES = ["pending", "processing", "completed", "canceled", "closed", "fraud", "shipped", "delivered", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent = "pay" | "cancel" | "ship" | "deliver" | "complete" | "refund" | "markFraud" | "fail";

const TABLE: Record<OrderEvent, Partial<Record<OrderStatus, OrderStatus>>> = {
  /** Payment captured or invoiced; an order already on its way (cash on delivery) keeps its shipping state. */
  pay: { pending: "processing", processing: "processing", shipped: "shipped", delivered: "delivered" },
  cancel: { pending: "canceled", processing: "canceled" },
  ship: { pending: "shipped", processing: "shipped", shipped: "shipped" },
  deliver: { shipped: "delivered" },
  complete: { processing: "completed", shipped: "completed", delivered: "completed" },
  refund: { processing: "closed", shipped: "closed", delivered: "closed", completed: "closed" },
  markFraud: { pending: "fraud", processing: "fraud" },
  fail: { pending: "failed" },
};

export function canTransition(status: string, event: OrderEvent): boolean {
  return TABLE[event][status as OrderStatus] !== undefined;
}

/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export function transition(status: string, event: OrderEvent): OrderStatus {
  const next = TABLE[event][status as OrderStatus];
  if (!next) throw new Conflict(`An order that is ${status} cannot be ${PAST[event]}.`);
  return next;
}

/** The events allowed from `status`, for clients that show the next possible actions. */
export function allowedEvents(status: string): OrderEvent[] {
  return (Object.keys(TABLE) as OrderEvent[]).filter((e) => canTransition(status, e));
}

const PAST: Record<OrderEvent, string> = {
  pay: "paid",
  cancel: "canceled",
  ship: "shipped",
  deliver: "delivered",
  complete: "completed",
  refund: "refunded",
  markFraud: "marked as fraud",
  fail: "marked as failed",
};
