// An order's change as the change feed tells it (lib/events): `order.updated`, written in the transaction of the
// change, with the order's status and `updatedAt` after it. The order row is touched here, so its `updatedAt` moves
// whatever the change wrote (an invoice or a comment alone does not write the order), and the payload carries the
// value the row holds. One event per committed change, whatever number of lines it moved.
import type { Tx } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import { recordEvents, type NewEvent } from "../events/record.ts";
import type { EventData } from "../events/types.ts";

type OrderChange = EventData<"order.updated">["change"];

/**
 * Moves the order's `updatedAt` and records `order.updated` in `tx` (either layer), followed by `more` (the stock a
 * cancel gave back) in the same INSERT. `recordId` is the record of the change's own kind it made: the invoice of an
 * invoice or a payment, the shipment, the refund, the comment; null when it made none.
 */
export async function orderChanged(tx: Tx | Sql, orderId: number, change: OrderChange, recordId: number | null = null, more: readonly NewEvent[] = []): Promise<void> {
  const now = new Date();
  // Told apart by shape, as lib/events/record.ts does.
  const order =
    "insertInto" in tx
      ? await tx.updateTable("Order").set({ updatedAt: now }).where("id", "=", orderId).returning(["id", "incrementId", "status", "updatedAt"]).executeTakeFirstOrThrow()
      : await tx.order.update({ where: { id: orderId }, data: { updatedAt: now }, select: { id: true, incrementId: true, status: true, updatedAt: true } });
  const event: NewEvent<"order.updated"> = { type: "order.updated", data: { ...order, change, recordId } };
  await recordEvents(tx, [event, ...more]);
}
