// The order state machine as one table: for each event, the states it may start from and where it leads.
// Every status change of an order goes through `transition`, so no handler tests statuses by hand.
import { stateMachine } from "../operations/state-machine.ts";

export const ORDER_STATUSES = ["pending", "processing", "completed", "canceled", "closed", "fraud", "shipped", "delivered", "failed", "on_hold"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent = "pay" | "cancel" | "ship" | "deliver" | "complete" | "refund" | "markFraud" | "fail" | "hold" | "release";

const ORDERS = stateMachine<OrderStatus, OrderEvent>(
  {
    /** Payment captured or invoiced; an order already on its way (cash on delivery) keeps its shipping state. */
    pay: { pending: "processing", processing: "processing", shipped: "shipped", delivered: "delivered" },
    cancel: { pending: "canceled", processing: "canceled" },
    ship: { pending: "shipped", processing: "shipped", shipped: "shipped" },
    deliver: { shipped: "delivered" },
    complete: { processing: "completed", shipped: "completed", delivered: "completed" },
    refund: { processing: "closed", shipped: "closed", delivered: "closed", completed: "closed" },
    markFraud: { pending: "fraud", processing: "fraud" },
    fail: { pending: "failed" },
    /** Nothing moves an order on hold until it is released: to pending, then paid again if it was (lib/orders/moves.ts). */
    hold: { pending: "on_hold", processing: "on_hold" },
    release: { on_hold: "pending" },
  },
  {
    subject: "An order",
    past: {
      pay: "paid",
      cancel: "canceled",
      ship: "shipped",
      deliver: "delivered",
      complete: "completed",
      refund: "refunded",
      markFraud: "marked as fraud",
      fail: "marked as failed",
      hold: "put on hold",
      release: "released",
    },
  },
);

export const canTransition = ORDERS.can;
/** The state `event` leads to from `status`; a 409 naming both when the move is not allowed. */
export const transition = ORDERS.next;
/** The events allowed from `status`, for clients that show the next possible actions. */
export const allowedEvents = ORDERS.events;
