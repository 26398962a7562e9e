// Canceling an order, by its customer or by the store: every unit neither invoiced nor shipped is canceled and goes
// back into the channel's stock (./stock.ts), and the downloads of lines nothing is left of end. Invoiced units are
// paid for: they are refunded, not canceled, so an order whose units are all invoiced is a 409 until they are. The
// order becomes canceled when nothing of it stays paid; an order that keeps paid units keeps its status. The change
// feed hears it as one `order.updated` (change cancel) and an `inventory.updated` per stock row given back.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { Conflict, NotFound } from "../errors.ts";
import { canTransition, transition } from "./transitions.ts";
import { mailOrderEvent } from "../mail/events.ts";
import { currencyOf, findOwnOrder, toOrderDetail } from "./customer-orders.ts";
import { qtyKept, qtyToCancel, qtyToInvoice, qtyToShip, type Line } from "./lines.ts";
import { releaseStock, stockReleased, type StockLine } from "./stock.ts";
import { orderChanged } from "./events.ts";
import { releaseHeldPayment } from "../payments/release.ts";

type CancelLine = StockLine & Line;

/**
 * Cancels what of `order` can be canceled, in the caller's transaction; `paidMessage` is the 409 when it is all paid.
 * `fail` does the same for an order whose payment failed, which ends failed rather than canceled.
 */
export async function cancelUnits(
  tx: Tx, baseUrl: string, order: { id: number; status: string; channelId: number; items: CancelLine[] }, comment: string, paidMessage: string,
  event: "cancel" | "fail" = "cancel",
): Promise<void> {
  const lines = order.items.filter((i) => qtyToCancel(i) > 0);
  if (!lines.length) {
    const paid = order.items.some((i) => i.qtyInvoiced > i.qtyRefunded);
    throw new Conflict(paid ? paidMessage : "Every item of this order is already shipped, refunded or canceled.");
  }
  // A shipped or closed order is not canceled at all (409 naming its status); a failed payment fails a pending one.
  const next = transition(order.status, event);
  const after = order.items.map((i) => ({ ...i, qtyCanceled: i.qtyCanceled + qtyToCancel(i) }));
  const stillPaid = after.some((i) => i.qtyInvoiced > i.qtyRefunded);
  if (!stillPaid) {
    // Guarded on the status read, so two cancels racing release the stock once.
    const moved = await tx.order.updateMany({ where: { id: order.id, status: order.status }, data: { status: next } });
    if (moved.count !== 1) throw new Conflict("The order changed while it was being canceled; try again.");
  } else {
    // The paid units stay, and the order's status with them; with nothing left to invoice or ship, it is done.
    const done = after.every((i) => i.parentId !== null || (qtyToInvoice(i) === 0 && qtyToShip(i) === 0));
    const status = done && canTransition(order.status, "complete") ? transition(order.status, "complete") : order.status;
    const moved = await tx.order.updateMany({ where: { id: order.id, status: order.status }, data: { status } });
    if (moved.count !== 1) throw new Conflict("The order changed while it was being canceled; try again.");
  }
  const released = new Map<number, number>();
  for (const line of lines) {
    const qty = qtyToCancel(line);
    // Guarded on the quantities read as well, so two cancels racing cancel (and release the stock of) a unit once.
    const canceled = await tx.orderItem.updateMany({
      where: { id: line.id, qtyCanceled: line.qtyCanceled, qtyInvoiced: line.qtyInvoiced, qtyShipped: line.qtyShipped },
      data: { qtyCanceled: { increment: qty } },
    });
    if (canceled.count !== 1) throw new Conflict("The order changed while it was being canceled; try again.");
    for (const [productId, units] of stockReleased(line, order.items, qty)) released.set(productId, (released.get(productId) ?? 0) + units);
  }
  // Every line's units at once: one write (and one event) per stock row.
  const restocked = await releaseStock(tx, order.channelId, released);
  await endDownloads(tx, order.id, after);
  await tx.orderComment.create({ data: { orderId: order.id, comment } });
  await mailOrderEvent(tx, baseUrl, "order_canceled", order.id);
  // A failed payment is told as a cancel too: its units were canceled the same way.
  await orderChanged(tx, order.id, "cancel", null, restocked);
}

/** Ends the downloads of the lines nothing is left of (canceled or refunded in full), at once. */
export async function endDownloads(tx: Tx, orderId: number, lines: { id: number; qtyOrdered: number; qtyCanceled: number; qtyRefunded: number }[]): Promise<void> {
  const gone = lines.filter((l) => qtyKept(l) === 0).map((l) => l.id);
  if (gone.length) await stopDownloads(tx, orderId, gone);
}

/** Expires the order's download purchases (of the lines named, or all), counting what was left as canceled; answers how many. */
export async function stopDownloads(tx: Tx, orderId: number, orderItemIds?: number[]): Promise<number> {
  const purchases = await tx.downloadablePurchase.findMany({ where: { orderId, status: { not: "expired" }, ...(orderItemIds ? { orderItemId: { in: orderItemIds } } : {}) } });
  for (const p of purchases) {
    await tx.downloadablePurchase.update({
      where: { id: p.id },
      data: { status: "expired", downloadCanceled: Math.max(0, p.downloadBought - p.downloadUsed) },
    });
  }
  return purchases.length;
}

/** A customer cancels their own order while the order state machine allows it. */
export async function cancelOrder(ctx: RequestContext, id: number) {
  const owner = customerId(ctx);
  const order = await ctx.db.$transaction(async (tx) => {
    const current = await findOwnOrder(tx, owner, id);
    if (!current) throw new NotFound("Order");
    await cancelUnits(tx, ctx.baseUrl, current, "Canceled by the customer.", "This order is paid: ask the store for a refund instead.");
    return (await findOwnOrder(tx, owner, id))!;
  });
  await releaseHeldPayment(ctx.db, order.id);
  return { ...toOrderDetail(order, await currencyOf(ctx, order.orderCurrencyCode)), success: true, message: `Order #${order.incrementId} has been canceled.`, orderId: order.id };
}
