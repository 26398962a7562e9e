// What the back office does to an order, the database work behind ./order-actions.ts: cancel, invoice, ship, refund,
// comment; and its update (./orders.ts), which sets only the external id and metadata. Every status change goes
// through the order state machine (lib/orders/transitions.ts); each action is one transaction, guarded on the status
// it read, so nothing partial is written and two racing actions cannot both apply.
// Each writes its `order.updated` on the change feed in that transaction (lib/orders/events.ts), which moves the
// order's `updatedAt`, its version (lib/admin/precondition.ts): an action given `If-Match` (GraphQL `ifMatch`) acts
// only on the order at that version, and answers 412 with nothing written when it has moved on.
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, ProviderDeclined, ProviderUnavailable, Validation } from "../../errors.ts";
import { claimVersion, parseIfMatch, type Versioned } from "../precondition.ts";
import { dec, type Decimal } from "../../money.ts";
import { randomSecret } from "../../auth/secrets.ts";
import { providerNamed } from "../../payments/providers.ts";
import { markPaid } from "../../payments/settle.ts";
import { releaseHeldPayment } from "../../payments/release.ts";
import { canTransition, transition, type OrderEvent } from "../../orders/transitions.ts";
import { qtyToInvoice, qtyToRefund, qtyToShip, type Line } from "../../orders/lines.ts";
import { cancelUnits, endDownloads } from "../../orders/cancel.ts";
import { releasedStatus } from "../../orders/moves.ts";
import { mailOrderEvent } from "../../mail/events.ts";
import { orderChanged } from "../../orders/events.ts";
import { patchedMetadata } from "../external.ts";

type Lines = { orderItemId: number; qty: number }[];

type Item = Line & { id: number; parentId: number | null; productId: number | null; price: unknown; additional: unknown };
type OrderRow = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

function loadOrder(tx: Tx, id: number) {
  return tx.order.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: "asc" } }, invoices: true, refunds: true, payment: true } });
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

/** What every action takes besides its own input: the version of the order it acts on (absent: whatever it is now). */
export interface AtVersion {
  ifMatch?: string | null;
}

/** The versions `If-Match` names, read before anything is written (a malformed one is a 400); null when none is given. */
const versionsNamed = (ifMatch: string | null | undefined) => (ifMatch == null ? null : parseIfMatch(ifMatch));
type Named = ReturnType<typeof versionsNamed>;

// The Prisma delegate as the claim's one statement needs it (lib/admin/precondition.ts).
const versioned = (db: Tx) => db.order as unknown as Versioned;

/**
 * Holds the order for the rest of `tx`, at the version named if any. The first statement of every action writes the
 * order's row: on PostgreSQL an action then waits for any other on the same order to commit and reads what it left,
 * and every action takes its row locks in the same order (the order first, then its lines and stock), so two actions
 * cannot deadlock on each other; SQLite runs one transaction at a time anyway. A version named is claimed as an
 * update's is (lib/admin/precondition.ts: 412 when the order has moved on, and of two actions naming it exactly one
 * claims it), but inside the transaction, so an action refused after the claim (a 409, a 422) rolls it back with the
 * rest and the order keeps its version. Without one, the row is written with the version it holds, so only a change
 * moves it. Answers what to do once the action has written: move the version past the one claimed, should the
 * action's own write have set it back (a clock behind, or the same millisecond).
 */
async function holdVersion(tx: Tx, id: number, named: Named): Promise<() => Promise<void>> {
  if (named && named !== "*") {
    const claim = await claimVersion(versioned(tx), id, named);
    return () => claim.settle();
  }
  // The version read, then written back only if it is still the one read: a change committed in between is read again.
  for (let tries = 0; tries < 5; tries++) {
    const { updatedAt } = await tx.order.findUniqueOrThrow({ where: { id }, select: { updatedAt: true } });
    const { count } = await tx.order.updateMany({ where: { id, updatedAt }, data: { updatedAt } });
    if (count) return async () => {};
  }
  throw new Conflict("The order changed meanwhile; reload it and try again.");
}

/** Runs `fn` in one transaction holding the order (at the version `ifMatch` names, if any). */
function onOrder<T>(ctx: RequestContext, id: number, named: Named, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    const settle = await holdVersion(tx, id, named);
    const done = await fn(tx);
    await settle();
    return done;
  });
}

/** Like `onOrder`, with the order read once it is held. */
function inOrder<T>(ctx: RequestContext, id: number, ifMatch: string | null | undefined, fn: (tx: Tx, order: OrderRow) => Promise<T>): Promise<T> {
  return onOrder(ctx, id, versionsNamed(ifMatch), async (tx) => fn(tx, await loadOrder(tx, id)));
}

/** Cancels what is not invoiced (lib/orders/cancel.ts); invoiced units are refunded, not canceled. */
export async function cancelOrder(ctx: RequestContext, id: number, input: { comment?: string | null } & AtVersion): Promise<void> {
  await inOrder(ctx, id, input.ifMatch, (tx, order) =>
    cancelUnits(tx, ctx.baseUrl, order, input.comment ?? "Canceled by the store.", "Every unit of this order left is invoiced: refund it (POST .../refunds) rather than cancel it."),
  );
  await releaseHeldPayment(ctx.db, id);
}

export async function invoiceOrder(ctx: RequestContext, id: number, input: { items?: Lines } & AtVersion): Promise<void> {
  const named = versionsNamed(input.ifMatch);
  const held = await ctx.db.paymentTransaction.findFirst({ where: { orderId: id, kind: "authorization", status: "succeeded", offline: false } });
  if (held && !(await ctx.db.paymentTransaction.count({ where: { orderId: id, kind: "capture", reference: held.reference } }))) {
    return claimedAround(ctx, id, named, () => captureHeld(ctx, id, held, input));
  }
  return inOrder(ctx, id, input.ifMatch, async (tx, order) => {
    if (!canTransition(order.status, "pay")) throw new Conflict(`An order that is ${order.status} cannot be invoiced.`);
    // Money a provider is still taking is the provider's to confirm: its event invoices the order (lib/payments).
    const onItsWay = await tx.paymentTransaction.findFirst({ where: { orderId: id, kind: "capture", status: "pending", offline: false } });
    if (onItsWay) throw new Conflict(`This order's payment is still on its way at ${onItsWay.provider}: it is invoiced when ${onItsWay.provider} confirms it.`);
    const lines = pick(order, input.items, qtyToInvoice, "invoice");
    const shipping = order.invoices.length === 0 ? dec(order.baseShippingAmount) : dec(0);
    const sub = lines.reduce((a, l) => a.add(dec(l.item.price as never).mul(l.qty)), dec(0));
    const total = sub.add(shipping);
    const invoice = await tx.invoice.create({
      data: {
        orderId: id, incrementId: `${order.incrementId}-${order.invoices.length + 1}`, state: "paid",
        totalQty: lines.reduce((a, l) => a + l.qty, 0), subTotal: sub.toString(), baseSubTotal: sub.toString(), shippingAmount: shipping.toString(),
        grandTotal: total.toString(), baseGrandTotal: total.toString(),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty, price: String(l.item.price), total: dec(l.item.price as never).mul(l.qty).toString() })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyInvoiced", l.qty);
    await tx.order.update({ where: { id }, data: { grandTotalInvoiced: { increment: total.toString() } } });
    // The store says it received this money itself (cash on delivery, a transfer): a bookkeeping entry.
    await tx.paymentTransaction.create({
      data: { orderId: id, provider: order.payment?.method ?? "offline", kind: "capture", status: "succeeded", amount: total.toString(), currencyCode: order.orderCurrencyCode, offline: true },
    });
    await move(tx, order, [{ event: "pay" }, ...((await fullyDone(tx, id)) ? [{ event: "complete" as const, optional: true }] : [])]);
    await mailOrderEvent(tx, ctx.baseUrl, "order_invoiced", id, { amount: total });
    await orderChanged(tx, id, "invoice", invoice.id);
  });
}

/**
 * A write that cannot be one transaction (it waits for a payment provider between its statements) claims the version
 * named in a statement of its own first, as an update does (lib/admin/resource.ts `guarded`), and puts it back when
 * the write fails having written nothing.
 */
async function claimedAround(ctx: RequestContext, id: number, named: Named, write: () => Promise<void>): Promise<void> {
  if (!named) return write();
  const claim = await claimVersion(versioned(ctx.db), id, named);
  try {
    await write();
  } catch (e) {
    await claim.undo().catch(() => undefined);
    throw e;
  }
  await claim.settle();
}

/**
 * Invoicing an order whose card was authorized at checkout captures the money at the provider first, with a key
 * derived from the payment (a retry captures once), then books it as the provider's capture: the invoice of the
 * whole order and the move to paid (lib/payments/capture.ts). A card authorization is captured whole.
 */
async function captureHeld(ctx: RequestContext, id: number, held: { provider: string; reference: string | null; amount: unknown; currencyCode: string }, input: { items?: Lines }) {
  const order = await loadOrder(ctx.db, id);
  if (!canTransition(order.status, "pay")) throw new Conflict(`An order that is ${order.status} cannot be invoiced.`);
  const lines = pick(order, input.items, qtyToInvoice, "invoice");
  const whole = pick(order, undefined, qtyToInvoice, "invoice");
  if (lines.length !== whole.length || lines.some((l, i) => l.item.id !== whole[i].item.id || l.qty !== whole[i].qty)) {
    throw Validation.field("items", `This order's card payment is held by ${held.provider} and is captured whole: invoice the whole order (leave out items).`);
  }
  const provider = providerNamed(held.provider);
  if (!provider?.capture || !held.reference) throw new ProviderUnavailable(`${held.provider} is not configured: the payment it holds cannot be captured now, and nothing was recorded.`);
  const amount = dec(held.amount as never);
  await provider.capture({ paymentReference: held.reference, amount, currencyCode: held.currencyCode, idempotencyKey: `capture-${held.reference}` });
  await markPaid(id, { provider: held.provider, reference: held.reference, amount, currencyCode: held.currencyCode, status: "succeeded" }, "invoice");
  await ctx.db.$transaction((tx) => mailOrderEvent(tx, ctx.baseUrl, "order_invoiced", id, { amount }));
}

export function shipOrder(ctx: RequestContext, id: number, input: { carrierCode?: string | null; carrierTitle: string; trackNumber: string; items?: Lines } & AtVersion): Promise<void> {
  return inOrder(ctx, id, input.ifMatch, async (tx, order) => {
    if (!canTransition(order.status, "ship")) throw new Conflict(`An order that is ${order.status} cannot be shipped.`);
    const lines = pick(order, input.items, qtyToShip, "ship");
    const shipment = await tx.shipment.create({
      data: {
        orderId: id, carrierCode: input.carrierCode ?? null, carrierTitle: input.carrierTitle, trackNumber: input.trackNumber,
        totalQty: lines.reduce((a, l) => a + l.qty, 0),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyShipped", l.qty);
    await move(tx, order, [{ event: "ship" }, ...((await fullyDone(tx, id)) ? [{ event: "complete" as const }] : [])]);
    await mailOrderEvent(tx, ctx.baseUrl, "order_shipped", id, { carrierTitle: input.carrierTitle, trackNumber: input.trackNumber });
    await orderChanged(tx, id, "shipment", shipment.id);
  });
}

/**
 * A refund. An order paid through a provider (a capture on record: lib/payments/capture.ts) is refunded through it:
 * the refund is written pending, with its units and amount reserved so no other refund can take them, then sent to
 * the provider with a key derived from it, then booked as done or undone by the provider's answer. While a refund
 * waits for the provider (it could not be reached), the order takes no other: sending a refund again retries the
 * waiting one with the same key, so it reaches the provider once. Other orders' refunds are bookkeeping entries.
 */
export async function refundOrder(
  ctx: RequestContext, id: number, input: { items?: Lines; shipping?: number; adjustmentRefund?: number; adjustmentFee?: number } & AtVersion,
): Promise<void> {
  const booked = await inOrder(ctx, id, input.ifMatch, async (tx, order) => {
    const waiting = order.refunds.find((r) => r.state === "pending");
    if (waiting) return { refundId: waiting.id, online: true };
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
    const capture = await refundableCapture(tx, id);
    const refund = await tx.refund.create({
      data: {
        orderId: id, state: capture ? "pending" : "refunded", totalQty: lines.reduce((a, l) => a + l.qty, 0), subTotal: sub.toString(), shippingAmount: shipping.toString(),
        adjustmentRefund: String(input.adjustmentRefund ?? 0), adjustmentFee: String(input.adjustmentFee ?? 0), grandTotal: total.toString(), baseGrandTotal: total.toString(),
        items: { create: lines.map((l) => ({ orderItemId: l.item.id, qty: l.qty, total: dec(l.item.price as never).mul(l.qty).toString() })) },
      },
    });
    for (const l of lines) await bump(tx, order, l.item, "qtyRefunded", l.qty);
    await tx.order.update({ where: { id }, data: { grandTotalRefunded: { increment: total.toString() } } });
    await tx.paymentTransaction.create({
      data: capture
        ? { orderId: id, provider: capture.provider, kind: "refund", status: "pending", amount: total.toString(), currencyCode: capture.currencyCode, refundId: refund.id, idempotencyKey: `refund-${refund.id}-${randomSecret(12)}` }
        : { orderId: id, provider: order.payment?.method ?? "offline", kind: "refund", status: "succeeded", amount: total.toString(), currencyCode: order.orderCurrencyCode, refundId: refund.id, offline: true },
    });
    if (!capture) await refunded(tx, ctx.baseUrl, order, total);
    // Written now, done or waiting for the provider (whose answer is another change).
    await orderChanged(tx, id, "refund", refund.id);
    return { refundId: refund.id, online: !!capture };
  });
  if (booked.online) await sendRefund(ctx, booked.refundId);
}

/** The order's payment taken through a provider that can refund it, if any; a provider no longer configured is a 503. */
async function refundableCapture(tx: Tx, orderId: number) {
  const capture = await tx.paymentTransaction.findFirst({ where: { orderId, kind: "capture", status: "succeeded", offline: false }, orderBy: { id: "desc" } });
  if (!capture) return null;
  const provider = providerNamed(capture.provider);
  if (!provider) throw new ProviderUnavailable(`This order was paid through ${capture.provider}, which is not configured now: the refund cannot reach it, and nothing was recorded.`);
  return provider.can.has("refund") ? capture : null;
}

/** A refund booked as done: the order closes when nothing is left to refund, and the customer is told. */
async function refunded(tx: Tx, baseUrl: string, order: OrderRow, total: Decimal) {
  // A line refunded in full is no longer bought: its downloads end now.
  await endDownloads(tx, order.id, await tx.orderItem.findMany({ where: { orderId: order.id } }));
  const now = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { grandTotalRefunded: true } });
  if (dec(now.grandTotalRefunded).gte(dec(order.grandTotalInvoiced))) await move(tx, order, [{ event: "refund" }]);
  await mailOrderEvent(tx, baseUrl, "order_refunded", order.id, { amount: total });
}

/** Sends a pending refund to its provider with its own key and books the answer (lib/payments/providers.ts). */
async function sendRefund(ctx: RequestContext, refundId: number): Promise<void> {
  const pending = await ctx.db.paymentTransaction.findFirstOrThrow({ where: { refundId, kind: "refund", status: "pending" }, orderBy: { id: "desc" } });
  const capture = await ctx.db.paymentTransaction.findFirstOrThrow({ where: { orderId: pending.orderId, kind: "capture", status: "succeeded", provider: pending.provider }, orderBy: { id: "desc" } });
  const provider = providerNamed(pending.provider);
  const amount = dec(pending.amount);
  const waiting = `The refund of ${amount.toFixed(2)} ${pending.currencyCode} is recorded as waiting for ${pending.provider}; send the refund again to retry it: the provider receives it once.`;
  if (!provider?.refund || !capture.reference) throw new ProviderUnavailable(`${pending.provider} is not configured. ${waiting}`);
  try {
    const answer = await provider.refund({ paymentReference: capture.reference, amount, currencyCode: pending.currencyCode, idempotencyKey: pending.idempotencyKey!, refundId });
    await completeRefund(ctx, refundId, answer);
  } catch (e) {
    if (e instanceof ProviderDeclined) {
      await undoRefund(ctx, refundId, e.message);
      throw e;
    }
    if (e instanceof ProviderUnavailable) throw new ProviderUnavailable(`${e.message} ${waiting}`);
    throw e;
  }
}

/** The provider took a pending refund: it is done (its transaction pending until the provider says the money left). */
export function completeRefund(ctx: RequestContext, refundId: number, answer: { reference: string; status: "succeeded" | "pending" }): Promise<void> {
  return ctx.db.$transaction(async (tx) => {
    await tx.paymentTransaction.updateMany({ where: { refundId, kind: "refund", status: "pending" }, data: { status: answer.status, reference: answer.reference } });
    const done = await tx.refund.updateMany({ where: { id: refundId, state: "pending" }, data: { state: "refunded" } });
    if (done.count !== 1) return; // completed by a parallel retry or by the provider's event
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
    await refunded(tx, ctx.baseUrl, await loadOrder(tx, refund.orderId), dec(refund.grandTotal));
    await orderChanged(tx, refund.orderId, "refund", refundId);
  });
}

/** The provider refused a refund: it is not done. Its units and amount are free again; the refusal stays on record. */
function undoRefund(ctx: RequestContext, refundId: number, message: string): Promise<void> {
  return ctx.db.$transaction(async (tx) => {
    const refund = await tx.refund.findUnique({ where: { id: refundId }, include: { items: true } });
    if (refund?.state !== "pending") return;
    const order = await loadOrder(tx, refund.orderId);
    for (const item of refund.items) {
      const line = order.items.find((i) => i.id === item.orderItemId) as Item | undefined;
      if (line) await bump(tx, order, line, "qtyRefunded", -item.qty);
    }
    await tx.order.update({ where: { id: order.id }, data: { grandTotalRefunded: { decrement: String(refund.grandTotal) } } });
    await tx.paymentTransaction.updateMany({ where: { refundId, kind: "refund", status: "pending" }, data: { status: "failed", message: message.slice(0, 1000) } });
    await tx.refund.delete({ where: { id: refundId } });
    // The refund is gone: the change names none.
    await orderChanged(tx, order.id, "refund");
  });
}

/** Mark paid: everything left is invoiced at once, as `invoiceOrder` does without `items`. */
export function payOrder(ctx: RequestContext, id: number, input: AtVersion): Promise<void> {
  return invoiceOrder(ctx, id, { ifMatch: input.ifMatch });
}

/** A move of the order's status alone (delivered, fraud, on hold), noted in its history. */
function statusMove(event: "deliver" | "markFraud" | "hold", note: string) {
  return (ctx: RequestContext, id: number, input: { comment?: string | null } & AtVersion): Promise<void> =>
    inOrder(ctx, id, input.ifMatch, async (tx, order) => {
      await move(tx, order, [{ event }]);
      await tx.orderComment.create({ data: { orderId: id, comment: input.comment ?? note } });
      await orderChanged(tx, id, "status");
    });
}

export const deliverOrder = statusMove("deliver", "Delivered.");
export const markFraudOrder = statusMove("markFraud", "Marked as fraud.");
export const holdOrder = statusMove("hold", "Put on hold.");

/** Off hold: pending again, or processing when money was taken for it (lib/orders/moves.ts). */
export function releaseOrder(ctx: RequestContext, id: number, input: { comment?: string | null } & AtVersion): Promise<void> {
  return inOrder(ctx, id, input.ifMatch, async (tx, order) => {
    const status = releasedStatus(order);
    const moved = await tx.order.updateMany({ where: { id, status: order.status }, data: { status } });
    if (moved.count !== 1) throw new Conflict("The order changed meanwhile; reload it and try again.");
    await tx.orderComment.create({ data: { orderId: id, comment: input.comment ?? "Released from hold." } });
    await orderChanged(tx, id, "status");
  });
}

/** The payment failed: the order's units go back to stock as a cancel's do, and the order is failed. */
export async function failOrder(ctx: RequestContext, id: number, input: { comment?: string | null } & AtVersion): Promise<void> {
  await inOrder(ctx, id, input.ifMatch, (tx, order) =>
    cancelUnits(tx, ctx.baseUrl, order, input.comment ?? "The payment failed.", "Every unit of this order left is invoiced: it did not fail.", "fail"),
  );
  await releaseHeldPayment(ctx.db, id);
}

/** Corrects a shipment's carrier or tracking number (a typo, a parcel handed to another carrier). */
export async function updateShipment(ctx: RequestContext, id: number, input: { carrierCode?: string | null; carrierTitle?: string; trackNumber?: string }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const shipment = await tx.shipment.update({ where: { id }, data: input, select: { orderId: true } });
    await orderChanged(tx, shipment.orderId, "shipment", id);
  });
}

/** A comment is a change of the order like any other: it moves the order's version, and takes `If-Match` likewise. */
export async function commentOrder(ctx: RequestContext, id: number, input: { comment: string; customerNotified?: boolean } & AtVersion): Promise<void> {
  await onOrder(ctx, id, versionsNamed(input.ifMatch), async (tx) => {
    const comment = await tx.orderComment.create({ data: { orderId: id, comment: input.comment, customerNotified: input.customerNotified ?? false } });
    await orderChanged(tx, id, "comment", comment.id);
  });
}

/** A connector's own fields of an order, the only ones its update sets: `externalId` and `metadata` (a merge patch). */
export async function updateOrder(ctx: RequestContext, id: number, input: { externalId?: string | null; metadata?: Record<string, string | null> | null }): Promise<void> {
  if (input.externalId) {
    const other = await ctx.db.order.findUnique({ where: { externalId: input.externalId }, select: { id: true } });
    if (other && other.id !== id) throw Validation.field("externalId", "An order with this external id already exists.");
  }
  await ctx.db.$transaction(async (tx) => {
    // Patched in the transaction, onto the metadata it reads, so two patches of different keys both land.
    const stored = input.metadata === undefined ? null : await tx.order.findUniqueOrThrow({ where: { id }, select: { metadata: true } });
    const metadata = patchedMetadata(stored?.metadata, input.metadata);
    await tx.order.update({ where: { id }, data: { ...(input.externalId !== undefined ? { externalId: input.externalId } : {}), ...(metadata ? { metadata } : {}) } });
    await orderChanged(tx, id, "fields");
  });
}
