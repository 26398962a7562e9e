// A canceled (or failed) order whose card was only authorized lets go of the hold at once, rather than leaving the
// customer's money blocked until the hold lapses. Run after the cancel has committed (a network call never runs in
// a transaction); the cancel stands whatever the provider answers, and a failure is logged (the hold then lapses by
// itself, after about seven days at Stripe).
import type { Db } from "../db/client.ts";
import { log } from "../log/index.ts";
import { providerNamed } from "./providers.ts";
import { orderChanged } from "../orders/events.ts";

export async function releaseHeldPayment(db: Db, orderId: number): Promise<void> {
  const held = await db.paymentTransaction.findFirst({ where: { orderId, kind: "authorization", status: "succeeded", offline: false } });
  if (!held?.reference) return;
  const [order, captured] = await Promise.all([
    db.order.findUnique({ where: { id: orderId }, select: { status: true } }),
    db.paymentTransaction.count({ where: { orderId, kind: "capture", reference: held.reference } }),
  ]);
  if (captured || (order?.status !== "canceled" && order?.status !== "failed")) return;
  const provider = providerNamed(held.provider);
  try {
    if (!provider?.release) throw new Error(`${held.provider} is not configured`);
    await provider.release(held.reference);
    await db.$transaction(async (tx) => {
      const released = await tx.paymentTransaction.updateMany({ where: { id: held.id, status: "succeeded" }, data: { status: "canceled" } });
      // The hold let go is a payment change of the order (once: a racing release finds it done).
      if (released.count) await orderChanged(tx, orderId, "payment");
    });
  } catch (e) {
    log.warn({ orderId, reference: held.reference, err: e instanceof Error ? e.message : String(e) }, "card hold not released");
  }
}
