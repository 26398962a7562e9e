// Writing the change feed: an event is a row of the `Event` table written in the transaction of the change it tells
// of (an outbox), so it exists exactly when the change does. A change in the typed layer's transaction (checkout,
// place-order) and one in Prisma's (the back office, accounts, returns) record alike; a transaction never mixes the
// two. An event gets its place in the log after it commits (./log.ts). After the write, the webhook sender is told
// (./webhooks.ts), a moment later, once the transaction commits.
import type { Tx } from "../db/client.ts";
import type { Sql } from "../db/sql/index.ts";
import { later } from "../db/sql/pipeline.ts";
import { subjectOf, type EventData, type EventType } from "./types.ts";

/** Where an event is written: the change's own transaction, in either layer. */
export type EventWriter = Tx | Sql;

/** A payload as a caller has it: `updatedAt` may be the record's Date. */
export type EventInput<T extends EventType> = { [K in keyof EventData<T>]: K extends "updatedAt" ? Date | string : EventData<T>[K] };

/** One event to write: its type and the payload of that type. */
export type NewEvent<T extends EventType = EventType> = { [K in T]: { type: K; data: EventInput<K> } }[T];

const hook = globalThis as { __commerceEventListener?: () => void };

/** Called after a change writes events (lib/events/webhooks.ts wakes the sender); null stops it. */
export function listenForEvents(listener: (() => void) | null): void {
  hook.__commerceEventListener = listener ?? undefined;
}

/** Writes one event in `tx`, the transaction of the change. */
export function recordEvent<T extends EventType>(tx: EventWriter, type: T, data: EventInput<T>): Promise<void> {
  return recordEvents(tx, [{ type, data } as NewEvent]);
}

/** Writes several events in `tx` in one INSERT, in the order given (a sale's stock lines). */
export async function recordEvents(tx: EventWriter, events: readonly NewEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = events.map(({ type, data }) => ({
    type,
    subject: subjectOf(type, data as { id: number; productId?: number }),
    data: JSON.stringify(data),
  }));
  // Told apart by shape, not `instanceof Kysely`: a Next.js bundle may hold its own copy of the class.
  if ("insertInto" in tx) await later(tx, tx.insertInto("Event").values(rows));
  else await tx.event.createMany({ data: rows });
  hook.__commerceEventListener?.();
}
