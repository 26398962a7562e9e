// What the back office does to an order, the database work behind ./order-actions.ts: cancel, invoice, ship, refund,
// comment. Every status change goes through the order state machine (lib/orders/transitions.ts); each action is one
// transaction, guarded on the status it read, so nothing partial is written and two racing actions cannot both apply.
import { releaseStock, stockReleased } from "../../orders/stock.ts";
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";
import { dec } from "../../money.ts";
import { canTransition, transition, type OrderEvent } from "../../orders/transitions.ts";
import { qtyToCancel } from "../../orders/customer-orders.ts";
import { qtyToInvoice, qtyToRefund, qtyToShip, type Line } from "./orders.ts";
import { mailOrderEvent } from "../../mail/events.ts";

type Lines = { orderItemId: number; qty: number }[];

type Item = Line & { id: number; parentId: number | null; productId: number | null; price: unknown; additional: unknown };
type OrderRow = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

function loadOrder(tx: Tx, id: number) {
  return tx.order.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: "asc" } }, invoices: true, refunds: true } });
}

/** The lines and quantities to act on: those named (top-level lines only), or every line with something left. */
function pick(order: OrderRow, named: { orderItemId: number; qty: number }[] | undefined, left: (i: Item) => number, what: string) {
  const top = order.items.filter((i) => i.parentId === null) as Item[];
  if (!named) {
    const all = top.filter((i) => left(i) > 0).map((item) => ({ item, qty: left(item) }));
    if (!all.length) throw new Conflict(`Nothing on this order is left to ${what}.`);
    return all;
  }
  return named.map(({ orderItemId, qty }, i) => {
    const item = top.find((x) => x.id === orderItemId);
    if (!item) throw Validation.field(`items.${i}.orderItemId`, `Order line ${orderItemId} is not a line of this order.`);
    if (qty > left(item)) throw Validation.field(`items.${i}.qty`, `Only ${left(item)} of line ${orderItemId} can be ${what === "ship" ? "shipped" : `${what}ed`}.`);
    return { item, qty };
  });
}

/** A line's child (a configurable line's variant) moves with it. */
async function bump(tx: Tx, order: OrderRow, item: Item, field: "qtyInvoiced" | "qtyShipped" | "qtyRefunded" | "qtyCanceled", qty: number) {
  const ids = [item.id, ...order.items.filter((c) => c.parentId === item.id).map((c) => c.id)];
  await tx.orderItem.updateMany({ where: { id: { in: ids } }, data: { [field]: { increment: qty } } });
}

/** Moves the order by `events` in turn (skipping those the table does not allow when `optional`), guarded on its status. */
async function move(tx: Tx, order: OrderRow, events: { event: OrderEvent; optional?: boolean }[]) {
  let status = order.status;
  for (const { event, optional } of events) {
    if (optional && !canTransition(status, event)) continue;
    status = transition(status, event);
  }
  if (status === order.status) return;
  const moved = await tx.order.updateMany({ where: { id: order.id, status: order.status }, data: { status } });
  if (moved.count !== 1) throw new Conflict("The order changed meanwhile; reload it and try again.");
}

async function fullyDone(tx: Tx, id: number) {
  const items = await tx.orderItem.findMany({ where: { orderId: id, parentId: null } });
  return items.every((i) => qtyToInvoice(i) === 0 && qtyToShip(i) === 0);
}

function inOrder<T>(ctx: RequestContext, id: number, fn: (tx: Tx, order: OrderRow) => Promise<T>) {
  return ctx.db.$transaction(async (tx) => fn(tx, await loadOrder(tx, id)));
}

export function cancelOrder(ctx: RequestContext, id: number, input: { comment?: string | null }): Promise<void> {
  return inOrder(ctx, id, async (tx, order) => {
    const items = order.items as Item[];
    const lines = items.filter((i) => qtyToCancel(i) > 0);
    await move(tx, order, [{ event: "cancel" }]);
    if (!lines.length) throw new Conflict("Every item of this order is already shipped, refunded or canceled.");
    for (const line of lines) {
      const qty = qtyToCancel(line);
      await tx.orderItem.update({ where: { id: line.id }, data: { qtyCanceled: { increment: qty } } });
      await releaseStock(tx, order.channelId, stockReleased(line, items, qty));
    }
    await tx.orderComment.create({ data: { orderId: id, comment: input.comment ?? "Canceled by the store." } });
    await mailOrderEvent(tx, ctx.baseUrl, "order_canceled", id);
  });
}

export function invoiceOrder(ctx: RequestContext, id: number, input: { items?: Lines }): Promise<void> {
  return inOrder(ctx, id, async (tx, order) => {
    if (!canTransition(order.status, "pay")) throw new Conflict(`An order that is ${order.status} cannot be invoiced.`);
    const lines = pick(order, input.items, qtyToInvoice, "invoice");
    const shipping = order.invoices.length === 0 ? dec(order.baseShippingAmount) : dec(0);
    const sub = lines.reduce((a, l) => a.add(dec(l.item.price as never).mul(l.qty)), dec(0));
    const total = sub.add(shipping);
    await tx.invoice.create({
      data: {
        orderId: id, incrementId: `${order.incrementId}-${order.invoices.length + 1}`, state: "paid",
        totalQty: lines.reduce((a, l) => a + l.qty, 0), subTotal: sub.toString(), baseSubTotal: sub.toString(), shippingAmount: shipping.toString(),
        grandTotal: total.toString(), baseGrandTotal: total.toString(),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty, price: String(l.item.price), total: dec(l.item.price as never).mul(l.qty).toString() })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyInvoiced", l.qty);
    await tx.order.update({ where: { id }, data: { grandTotalInvoiced: { increment: total.toString() } } });
    await move(tx, order, [{ event: "pay" }, ...((await fullyDone(tx, id)) ? [{ event: "complete" as const, optional: true }] : [])]);
    await mailOrderEvent(tx, ctx.baseUrl, "order_invoiced", id, { amount: total });
  });
}

export function shipOrder(ctx: RequestContext, id: number, input: { carrierCode?: string | null; carrierTitle: string; trackNumber: string; items?: Lines }): Promise<void> {
  return inOrder(ctx, id, async (tx, order) => {
    if (!canTransition(order.status, "ship")) throw new Conflict(`An order that is ${order.status} cannot be shipped.`);
    const lines = pick(order, input.items, qtyToShip, "ship");
    await tx.shipment.create({
      data: {
        orderId: id, carrierCode: input.carrierCode ?? null, carrierTitle: input.carrierTitle, trackNumber: input.trackNumber,
        totalQty: lines.reduce((a, l) => a + l.qty, 0),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyShipped", l.qty);
    await move(tx, order, [{ event: "ship" }, ...((await fullyDone(tx, id)) ? [{ event: "complete" as const }] : [])]);
    await mailOrderEvent(tx, ctx.baseUrl, "order_shipped", id, { carrierTitle: input.carrierTitle, trackNumber: input.trackNumber });
  });
}

export function refundOrder(ctx: RequestContext, id: number, input: { items?: Lines; shipping?: number; adjustmentRefund?: number; adjustmentFee?: number }): Promise<void> {
  return inOrder(ctx, id, async (tx, order) => {
    if (!order.invoices.length) throw new Conflict("An order must be invoiced before it is refunded.");
    const lines = input.items || !(input.shipping || input.adjustmentRefund) ? pick(order, input.items, qtyToRefund, "refund") : [];
    const shippingLeft = dec(order.invoices.reduce((a, i) => a.add(dec(i.shippingAmount)), dec(0))).sub(order.refunds.reduce((a, r) => a.add(dec(r.shippingAmount)), dec(0)));
    const shipping = input.shipping === undefined ? dec(0) : dec(input.shipping);
    if (shipping.gt(shippingLeft)) throw Validation.field("shipping", `At most ${shippingLeft.toFixed(2)} of shipping can be refunded.`);
    const sub = lines.reduce((a, l) => a.add(dec(l.item.price as never).mul(l.qty)), dec(0));
    const total = sub.add(shipping).add(input.adjustmentRefund ?? 0).sub(input.adjustmentFee ?? 0);
    const left = dec(order.grandTotalInvoiced).sub(dec(order.grandTotalRefunded));
    if (total.lte(0)) throw Validation.field("items", "The refund must come to more than zero.");
    if (total.gt(left)) throw Validation.field("items", `At most ${left.toFixed(2)} can be refunded.`);
    await tx.refund.create({
      data: {
        orderId: id, state: "refunded", totalQty: lines.reduce((a, l) => a + l.qty, 0), subTotal: sub.toString(), shippingAmount: shipping.toString(),
        adjustmentRefund: String(input.adjustmentRefund ?? 0), adjustmentFee: String(input.adjustmentFee ?? 0), grandTotal: total.toString(), baseGrandTotal: total.toString(),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty, total: dec(l.item.price as never).mul(l.qty).toString() })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyRefunded", l.qty);
    await tx.order.update({ where: { id }, data: { grandTotalRefunded: { increment: total.toString() } } });
    if (total.eq(left)) await move(tx, order, [{ event: "refund" }]);
    await mailOrderEvent(tx, ctx.baseUrl, "order_refunded", id, { amount: total });
  });
}

export async function commentOrder(ctx: RequestContext, id: number, input: { comment: string; customerNotified?: boolean }): Promise<void> {
  await ctx.db.orderComment.create({ data: { orderId: id, comment: input.comment, customerNotified: input.customerNotified ?? false } });
}
