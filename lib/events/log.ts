// Reading the change feed in commit order. An event's place in the log is (txid, id): on PostgreSQL the id of the
// transaction that wrote it, then its own id. A reader reads only events of transactions that have ended
// (`settledTxid`): a transaction still open holds back every event after its place, so an event that commits later
// with an earlier id is never passed over, on one instance or many. On SQLite one writer commits at a time and txid
// is 0: the id alone is the order. A cursor is the place of the last event read; the next read starts after it.
import { z } from "zod";
import type { Sql } from "../db/sql/index.ts";
import { settledTxid } from "../db/sql/expressions.ts";
import { defineJob } from "../jobs/queue.ts";
import { getSql } from "../db/client.ts";
import { typesOf, type EventType } from "./types.ts";

export interface Place {
  txid: string;
  id: number;
}

export const START: Place = { txid: "0", id: 0 };

/** A cursor as clients hold it: opaque text, `<txid>.<id>`. */
export const cursorOf = (p: Place) => `${p.txid}.${p.id}`;

/** The input check of a cursor: empty or absent reads from the oldest event kept. */
export const Cursor = z
  .string()
  .trim()
  .max(40)
  .regex(/^(\d{1,19}\.\d{1,10})?$/, { message: "is not a cursor of this log (give back the `cursor` of an earlier read)" })
  .transform((c): Place => (c ? { txid: BigInt(c.split(".")[0]).toString(), id: Number(c.split(".")[1]) } : START));

export interface LoggedEvent {
  id: number;
  place: Place;
  type: EventType;
  subject: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Up to `limit` events after `after`, of `types` (all when null), in commit order. */
export async function readEvents(db: Sql, after: Place, types: readonly EventType[] | null, limit: number): Promise<LoggedEvent[]> {
  if (types && !types.length) return [];
  const settled = settledTxid();
  const rows = await db
    .selectFrom("Event")
    .select(["id", "txid", "type", "subject", "data", "createdAt"])
    .where((eb) => eb(eb.refTuple("txid", "id"), ">", eb.tuple(after.txid, after.id)))
    .$if(settled !== null, (q) => q.where("txid", "<", settled!))
    .$if(types !== null, (q) => q.where("type", "in", types!))
    .orderBy("txid")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    place: { txid: String(r.txid), id: r.id },
    type: r.type as EventType,
    subject: r.subject,
    data: JSON.parse(r.data) as Record<string, unknown>,
    createdAt: r.createdAt,
  }));
}

/** The concrete types of a reader's patterns, or null for every type. */
export const readerTypes = (patterns: readonly string[] | undefined): EventType[] | null => (patterns?.length ? typesOf(patterns) : null);

/** How long events are kept: EVENT_RETENTION_DAYS (30). A connector that falls further behind reads from the oldest kept. */
export function retentionDays(): number {
  const n = Number(process.env.EVENT_RETENTION_DAYS);
  return Number.isFinite(n) && n > 0 ? n : 30;
}

/** Deletes the events older than the retention, daily. */
export const eventPurge = defineJob({
  name: "events.purge",
  attempts: 3,
  backoffMs: () => 60_000,
  every: () => 24 * 60 * 60_000,
  async run(_data, { now }) {
    const before = new Date(now.getTime() - retentionDays() * 24 * 60 * 60_000);
    const gone = await (await getSql()).deleteFrom("Event").where("createdAt", "<", before).executeTakeFirst();
    const purged = Number(gone.numDeletedRows);
    return purged ? { purged } : undefined;
  },
});

/** The place of the last event a reader can see now: a new subscriber starts after it. */
export async function latestPlace(db: Sql): Promise<Place> {
  const settled = settledTxid();
  const last = await db
    .selectFrom("Event")
    .select(["txid", "id"])
    .$if(settled !== null, (q) => q.where("txid", "<", settled!))
    .orderBy("txid", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return last ? { txid: String(last.txid), id: last.id } : START;
}
