// Orders waiting for the back office: an invoice (the order's `pay` move) or a shipment (its `ship` move), exactly
// as `allowedMoves` (./moves.ts) reads an order, but as a database filter, so the order list pages and counts them
// however many there are.
//
// The state machine gives the statuses a move starts from; the lines give whether anything is left to move
// (./lines.ts). A line left as it was ordered, nothing of it canceled or refunded, has units left to invoice when
// it was ordered more than invoiced, and to ship when ordered more than shipped: comparisons of two columns, which
// a Prisma `where` makes. A line with units canceled or refunded needs the sum of three or four columns, and a
// bundle line ships only when one of the products it was bought with is a simple one (its JSON): the typed layer
// picks those of open orders that still have something left, by the same arithmetic, and `qtyToInvoice` and
// `qtyToShip` confirm each, so they agree with `allowedMoves` by construction. Only orders with such lines waiting
// go into the list of ids the filter carries, never every open order.
import type { RequestContext } from "../context.ts";
import type { Prisma } from "../generated/sqlite/client.ts";
import { ORDER_STATUSES, canTransition, type OrderEvent } from "./transitions.ts";
import { qtyToInvoice, qtyToShip, type Line } from "./lines.ts";

export const AWAITING = ["invoice", "shipment"] as const;
export type Awaiting = (typeof AWAITING)[number];

const MOVE: Record<Awaiting, { event: OrderEvent; left: (line: Line) => number }> = {
  invoice: { event: "pay", left: qtyToInvoice },
  shipment: { event: "ship", left: qtyToShip },
};

/** Lines that are never shipped whatever their JSON (./lines.ts); a bundle's depends on what it was bought with. */
const NOT_SHIPPED = ["virtual", "downloadable"];

/** The statuses the order state machine lets the move start from. */
const statusesFor = (event: OrderEvent) => ORDER_STATUSES.filter((s) => canTransition(s, event));

/** The orders waiting for `awaiting`, as a `where` on orders. */
export async function awaitingWhere(ctx: RequestContext, awaiting: Awaiting): Promise<Prisma.OrderWhereInput> {
  const { event } = MOVE[awaiting];
  const statuses = statusesFor(event);
  const fields = ctx.db.orderItem.fields;
  const plain: Prisma.OrderItemWhereInput =
    awaiting === "invoice"
      ? { parentId: null, qtyCanceled: 0, qtyOrdered: { gt: fields.qtyInvoiced } }
      : { parentId: null, type: { notIn: [...NOT_SHIPPED, "bundle"] }, qtyCanceled: 0, qtyRefunded: 0, qtyOrdered: { gt: fields.qtyShipped } };
  return {
    status: { in: statuses },
    // Money a provider is still taking is invoiced by the provider's confirmation, not by the store (./moves.ts).
    ...(event === "pay" ? { paymentTransactions: { none: { kind: "capture", status: "pending", offline: false } } } : {}),
    OR: [{ items: { some: plain } }, { id: { in: await withOtherLinesWaiting(ctx, awaiting, statuses) } }],
  };
}

/**
 * The orders in `statuses` with a top line (not a configurable line's variant) that has units canceled or refunded,
 * or is a bundle, and still something left for the move.
 */
async function withOtherLinesWaiting(ctx: RequestContext, awaiting: Awaiting, statuses: readonly string[]): Promise<number[]> {
  const rows = await ctx.sql
    .selectFrom("OrderItem as i")
    .innerJoin("Order as o", "o.id", "i.orderId")
    .select(["i.orderId", "i.type", "i.additional", "i.qtyOrdered", "i.qtyInvoiced", "i.qtyShipped", "i.qtyCanceled", "i.qtyRefunded"])
    .where("i.parentId", "is", null)
    .where("o.status", "in", [...statuses])
    .where((eb) => {
      const open = eb("i.qtyOrdered", "-", eb.ref("i.qtyCanceled"));
      if (awaiting === "invoice") return eb.and([eb("i.qtyCanceled", ">", 0), eb(eb(open, "-", eb.ref("i.qtyInvoiced")), ">", 0)]);
      return eb.and([
        eb("i.type", "not in", NOT_SHIPPED),
        eb.or([eb("i.qtyCanceled", ">", 0), eb("i.qtyRefunded", ">", 0), eb("i.type", "=", "bundle")]),
        eb(eb(eb(open, "-", eb.ref("i.qtyShipped")), "-", eb.ref("i.qtyRefunded")), ">", 0),
      ]);
    })
    .execute();
  const { left } = MOVE[awaiting];
  return [...new Set(rows.filter((line) => left(line) > 0).map((line) => line.orderId))];
}
