// A payment booked on an order: the money a provider took (or, for an offline method, the store received), or holds
// for the store to capture (an authorization). When the money is in, the order is invoiced for what is left, its
// invoiced total set and it moves to paid, in the caller's transaction (the order's own, when it is placed paid).
import type { SqlTx } from "../db/sql/index.ts";
import { dec, type Decimal } from "../money.ts";
import { canTransition, transition } from "../orders/transitions.ts";
import { qtyToInvoice } from "../orders/lines.ts";

export interface Capture {
  /** An authorization holds the money; a capture (the default) takes it. */
  kind?: "capture" | "authorization";
  provider: string;
  reference: string | null;
  amount: Decimal;
  currencyCode: string;
  status: "succeeded" | "pending";
  offline?: boolean;
}

/** What a booking wrote, for the change feed's event of it (the caller's: lib/payments/settle.ts, place-order). */
interface Booked {
  /** The invoice it made, when the money came in for what was left to invoice. */
  invoiceId: number | null;
  /** The order's status and `updatedAt` after the move to paid, when the order row was written. */
  order: { status: string; updatedAt: Date } | null;
}

/**
 * Books a capture on an order in its transaction: the transaction row, and when the money is in, the invoice of
 * what is left to invoice, the invoiced total and the move to paid. Once per provider reference: a capture already
 * booked as succeeded changes nothing (null).
 */
export async function bookCapture(tx: SqlTx, orderId: number, capture: Capture): Promise<Booked | null> {
  const kind = capture.kind ?? "capture";
  const existing = capture.reference
    ? await tx.selectFrom("PaymentTransaction").select(["id", "status"]).where("provider", "=", capture.provider).where("kind", "=", kind).where("reference", "=", capture.reference).executeTakeFirst()
    : undefined;
  if (existing?.status === "succeeded") return null;
  if (existing) await tx.updateTable("PaymentTransaction").set({ status: capture.status }).where("id", "=", existing.id).execute();
  else {
    await tx.insertInto("PaymentTransaction").values({
      orderId, provider: capture.provider, kind, status: capture.status, amount: capture.amount.toString(), currencyCode: capture.currencyCode,
      reference: capture.reference, offline: capture.offline ?? false,
    }).execute();
  }
  const none: Booked = { invoiceId: null, order: null };
  if (capture.status !== "succeeded" || kind !== "capture") return none;
  const order = await tx.selectFrom("Order").select(["id", "status", "incrementId", "subTotal", "baseSubTotal", "shippingAmount", "taxAmount", "discountAmount", "grandTotal", "baseGrandTotal", "grandTotalInvoiced"]).where("id", "=", orderId).executeTakeFirstOrThrow();
  if (dec(order.grandTotalInvoiced).gte(dec(order.grandTotal))) return none;
  const items = await tx.selectFrom("OrderItem").select(["id", "parentId", "qtyOrdered", "qtyInvoiced", "qtyCanceled", "qtyShipped", "qtyRefunded", "type", "additional", "price"]).where("orderId", "=", orderId).orderBy("id", "asc").execute();
  const lines = items.filter((i) => i.parentId === null && qtyToInvoice(i) > 0);
  const invoices = await tx.selectFrom("Invoice").select((eb) => eb.fn.countAll<number>().as("n")).where("orderId", "=", orderId).executeTakeFirstOrThrow();
  // The whole order is paid at once: the invoice carries its totals (discount, tax and shipping included).
  const { id: invoiceId } = await tx.insertInto("Invoice").values({
    orderId, incrementId: `${order.incrementId}-${Number(invoices.n) + 1}`, state: "paid",
    totalQty: lines.reduce((n, l) => n + qtyToInvoice(l), 0),
    subTotal: order.subTotal, baseSubTotal: order.baseSubTotal, shippingAmount: order.shippingAmount, taxAmount: order.taxAmount,
    discountAmount: order.discountAmount, grandTotal: order.grandTotal, baseGrandTotal: order.baseGrandTotal,
  }).returning("id").executeTakeFirstOrThrow();
  if (lines.length) {
    await tx.insertInto("InvoiceItem").values(lines.map((l) => ({
      invoiceId, orderItemId: l.id, qty: qtyToInvoice(l), price: l.price, total: dec(l.price).mul(qtyToInvoice(l)).toString(),
    }))).execute();
  }
  for (const l of lines) {
    await tx.updateTable("OrderItem").set((eb) => ({ qtyInvoiced: eb("qtyInvoiced", "+", qtyToInvoice(l)) }))
      .where((eb) => eb.or([eb("id", "=", l.id), eb("parentId", "=", l.id)])).execute();
  }
  const paid = await tx.updateTable("Order").set({ grandTotalInvoiced: order.grandTotal, ...(canTransition(order.status, "pay") ? { status: transition(order.status, "pay") } : {}) })
    .where("id", "=", orderId).where("status", "=", order.status).returning(["status", "updatedAt"]).executeTakeFirst();
  await tx.updateTable("DownloadablePurchase").set({ status: "available" }).where("orderId", "=", orderId).where("status", "=", "pending").execute();
  return { invoiceId, order: paid ?? null };
}

