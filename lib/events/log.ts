// Reading the change feed in commit order. An event is written with its change (./record.ts) but has no place in the
// log until it has committed: a reader first gives the committed events without one the next places
// (`placeNewEvents`, one placer at a time), then reads by place. Places only grow, and an event still uncommitted
// gets a place after every place given so far, so a reader who keeps the place of the last event it read (the
// cursor) misses nothing and sees nothing twice, on one instance or many.
import { z } from "zod";
import type { Sql } from "../db/sql/index.ts";
import { placeNewEvents } from "../db/sql/expressions.ts";
import { defineJob, positiveSetting } from "../jobs/queue.ts";
import { getSql } from "../db/client.ts";
import { typesOf, type EventType } from "./types.ts";

/** The place before the first event. */
export const START = 0;

/** A cursor as clients hold it: the place of the last event read, as text. */
export const cursorOf = (position: number) => String(position);

/** The input check of a cursor (text on every transport): empty reads from the oldest event kept. */
export const Cursor = z
  .string()
  .trim()
  .regex(/^\d{0,10}$/, { message: "is not a cursor of this log (give back the `cursor` of an earlier read)" })
  .refine((c) => Number(c) <= 2_147_483_647, { message: "is not a cursor of this log" });

/** The place a checked cursor names. */
export const placeOf = (cursor: string | undefined) => (cursor ? Number(cursor) : START);

/** Places every committed event that has none yet. */
export async function placeAll(db: Sql): Promise<void> {
  while ((await placeNewEvents(db, 1000)) === 1000);
}

export interface LoggedEvent {
  id: number;
  position: number;
  type: EventType;
  subject: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Up to `limit` events after the place `after`, of `types` (all when null), in commit order. `placed`: the caller has
 * just placed the committed events (`placeAll`), once for several reads.
 */
export async function readEvents(db: Sql, after: number, types: readonly EventType[] | null, limit: number, placed = false): Promise<LoggedEvent[]> {
  if (types && !types.length) return [];
  if (!placed) await placeAll(db);
  const rows = await db
    .selectFrom("Event")
    .select(["id", "position", "type", "subject", "data", "createdAt"])
    .where("position", ">", after)
    .$if(types !== null, (q) => q.where("type", "in", types!))
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position!,
    type: r.type as EventType,
    subject: r.subject,
    data: JSON.parse(r.data) as Record<string, unknown>,
    createdAt: r.createdAt,
  }));
}

/** The concrete types of a reader's patterns, or null for every type. */
export const readerTypes = (patterns: readonly string[] | undefined): EventType[] | null => (patterns?.length ? typesOf(patterns) : null);

/** How long events are kept: EVENT_RETENTION_DAYS (30). A connector that falls further behind reads from the oldest kept. */
export const retentionDays = () => positiveSetting("EVENT_RETENTION_DAYS", 30);

/**
 * Deletes the events older than the retention, daily. Places are given after the greatest place in the table, so
 * the event holding it is kept, whatever its age: were it deleted, the next events would take places a connector
 * has already read past, and it would never see them. Events are placed first, so none goes unread and unplaced.
 */
export const eventPurge = defineJob({
  name: "events.purge",
  attempts: 3,
  backoffMs: () => 60_000,
  every: () => 24 * 60 * 60_000,
  async run(_data, { now }) {
    const before = new Date(now.getTime() - retentionDays() * 24 * 60 * 60_000);
    const db = await getSql();
    const last = await latestPlace(db);
    const gone = await db.deleteFrom("Event").where("createdAt", "<", before).where("position", "<", last).executeTakeFirst();
    const purged = Number(gone.numDeletedRows);
    return purged ? { purged } : undefined;
  },
});

/** The place of the last event now: a new subscriber starts after it. */
export async function latestPlace(db: Sql): Promise<number> {
  await placeAll(db);
  const last = await db.selectFrom("Event").select("position").where("position", "is not", null).orderBy("position", "desc").limit(1).executeTakeFirst();
  return last?.position ?? START;
}
