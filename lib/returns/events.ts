// A return's change events (lib/events): `return.created` when raised, `return.updated` when it moves or its thread
// grows, written in the transaction of the change from the row as the change left it.
import type { Tx } from "../db/client.ts";
import { recordEvent } from "../events/record.ts";

/** Records return `id`'s event in `tx`; its status is the status's code (`pending`, `accepted`…). */
export async function recordReturnEvent(tx: Tx, type: "return.created" | "return.updated", id: number, changed: string[]): Promise<void> {
  const r = await tx.returnRequest.findUniqueOrThrow({ where: { id }, select: { orderId: true, updatedAt: true, status: { select: { code: true } } } });
  await recordEvent(tx, type, { id, orderId: r.orderId, status: r.status.code, changed, updatedAt: r.updatedAt });
}
