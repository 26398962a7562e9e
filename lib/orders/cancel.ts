// A customer cancels their own order while the order state machine allows it: every unit not yet shipped or
// refunded is canceled and goes back into the channel's stock (./stock.ts); downloads of the order stop.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { Conflict, NotFound } from "../errors.ts";
import { transition } from "./transitions.ts";
import { mailOrderEvent } from "../mail/events.ts";
import { currencyOf, findOwnOrder, toOrderDetail } from "./customer-orders.ts";
import { qtyToCancel } from "./lines.ts";
import { releaseStock, stockReleased } from "./stock.ts";

export async function cancelOrder(ctx: RequestContext, id: number) {
  const owner = customerId(ctx);
  const order = await ctx.db.$transaction(async (tx) => {
    const current = await findOwnOrder(tx, owner, id);
    if (!current) throw new NotFound("Order");
    const next = transition(current.status, "cancel");
    if (!current.items.some((i) => qtyToCancel(i) > 0)) throw new Conflict("Every item of this order is already shipped, refunded or canceled.");
    // Guarded on the status read above, so two cancels racing release the stock once.
    const moved = await tx.order.updateMany({ where: { id: current.id, status: current.status }, data: { status: next } });
    if (moved.count !== 1) throw new Conflict("The order changed while it was being canceled; try again.");
    for (const line of current.items) {
      const qty = qtyToCancel(line);
      if (qty === 0) continue;
      await tx.orderItem.update({ where: { id: line.id }, data: { qtyCanceled: { increment: qty } } });
      await releaseStock(tx, current.channelId, stockReleased(line, current.items, qty));
    }
    const purchases = await tx.downloadablePurchase.findMany({ where: { orderId: current.id, status: { not: "expired" } } });
    for (const p of purchases) {
      await tx.downloadablePurchase.update({
        where: { id: p.id },
        data: { status: "expired", downloadCanceled: Math.max(0, p.downloadBought - p.downloadUsed) },
      });
    }
    await tx.orderComment.create({ data: { orderId: current.id, comment: "Canceled by the customer." } });
    await mailOrderEvent(tx, ctx.baseUrl, "order_canceled", current.id);
    return (await findOwnOrder(tx, owner, id))!;
  });
  return { ...toOrderDetail(order, await currencyOf(ctx, order.orderCurrencyCode)), success: true, message: `Order #${order.incrementId} has been canceled.`, orderId: order.id };
}
