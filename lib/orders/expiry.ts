// Unpaid orders do not hold stock for ever: an order of a method that waits for the customer's payment (money
// transfer by default: UNPAID_ORDER_METHODS, comma-separated), still pending with nothing invoiced after
// UNPAID_ORDER_DAYS (7), is canceled as the store would cancel it (lib/orders/cancel.ts): its units go back to stock,
// its downloads end, and the customer is mailed. Each order in its own transaction, guarded on what was read, so two
// servers running this at once cancel an order once. Run by `npm run commerce -- expire-orders` and, as the job
// `orders.expire-unpaid` (lib/jobs), every ORDER_EXPIRY_INTERVAL_MINUTES (60; 0 turns it off).
import { getDb, type Db } from "../db/client.ts";
import { defineJob, minutesSetting } from "../jobs/queue.ts";
import { Conflict } from "../errors.ts";
import { cancelUnits } from "./cancel.ts";
import { releaseHeldPayment } from "../payments/release.ts";

const DAY_MS = 24 * 3600_000;

export function unpaidOrderDays(): number {
  const n = Number(process.env.UNPAID_ORDER_DAYS);
  return Number.isFinite(n) && n > 0 ? n : 7;
}

function waitingMethods(): string[] {
  const named = process.env.UNPAID_ORDER_METHODS;
  return (named === undefined ? "moneytransfer" : named).split(",").map((m) => m.trim()).filter(Boolean);
}

/** Cancels the unpaid orders older than the cut-off; answers the numbers of those it canceled. */
export async function expireUnpaidOrders(db: Db, baseUrl: string, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - unpaidOrderDays() * DAY_MS);
  const methods = waitingMethods();
  if (!methods.length) return [];
  const due = await db.order.findMany({
    where: { status: "pending", createdAt: { lt: cutoff }, grandTotalInvoiced: 0, payment: { method: { in: methods } } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 500,
  });
  const canceled: string[] = [];
  for (const { id } of due) {
    try {
      await db.$transaction(async (tx) => {
        const order = await tx.order.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: "asc" } } } });
        // Read again in the transaction: paid or moved meanwhile, it stays as it is.
        if (order.status !== "pending" || Number(order.grandTotalInvoiced) !== 0) return;
        await cancelUnits(tx, baseUrl, order, `Canceled: not paid within ${unpaidOrderDays()} days.`, "Paid meanwhile.");
        canceled.push(order.incrementId);
      });
      await releaseHeldPayment(db, id);
    } catch (e) {
      // Another server canceled it first, or nothing of it was left to cancel: nothing to do here.
      if (!(e instanceof Conflict)) throw e;
    }
  }
  return canceled;
}

export const unpaidOrderExpiry = defineJob({
  name: "orders.expire-unpaid",
  attempts: 3,
  backoffMs: () => 60_000,
  every: () => minutesSetting("ORDER_EXPIRY_INTERVAL_MINUTES", 60),
  // Always answered, so that each round leaves its line in the log.
  run: async () => ({ canceled: await expireUnpaidOrders(await getDb(), process.env.PUBLIC_URL ?? "http://localhost:3000") }),
});
