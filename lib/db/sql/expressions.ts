// Named expressions and statements of the typed layer that the builder alone does not say, so that SQL text stays
// under lib/db. Each is small and says why it exists; callers import them by name.
import type { Expression, RawBuilder } from "kysely";
import { sql, type Sql, type SqlTx, type DB } from "./index.ts";
import { provider } from "../client.ts";
import { decimalText } from "./dialect.ts";
import { later } from "./pipeline.ts";

/** One round trip to the database and back (health checks): `SELECT 1`, built. */
export async function ping(db: Sql): Promise<void> {
  await db.selectNoFrom((eb) => eb.lit(1).as("ok")).execute();
}

/**
 * Moves `table`'s id sequence past its largest id, on PostgreSQL, where rows inserted with explicit ids leave the
 * sequence behind (SQLite's rowid follows the largest id by itself). Run it after the inserting transaction has
 * committed: another connection reads the largest id.
 */
export async function followIdSequence(db: Sql, table: keyof DB): Promise<void> {
  if (provider() !== "postgresql") return;
  await sql`SELECT setval(pg_get_serial_sequence(${`"${table}"`}, 'id'), (SELECT max("id") FROM ${sql.table(table)}))`.execute(db);
}

/**
 * A transaction whose loss, should the database server itself crash in the moment after it commits, breaks no promise
 * made to anyone: a cart step (the shopper would find the cart as it was and do the step again). On PostgreSQL it
 * commits without waiting for the disk to confirm (`synchronous_commit` off for this transaction alone: the write is
 * on disk within a fraction of a second, and a crash never leaves it half made); the wait is most of a short
 * transaction's time there. SQLite in WAL mode with NORMAL sync commits so already. An order, a payment or stock
 * taken is never written in one: place-order commits durably.
 */
export function cartTransaction<T>(db: Sql, work: (tx: SqlTx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    // Sent with the transaction's BEGIN, and with its first statement in the same round trip (./pipeline.ts).
    if (provider() === "postgresql") await later(tx, sql`SET LOCAL synchronous_commit = off`);
    return work(tx);
  });
}

/**
 * After bulk writes: SQLite folds its write-ahead log into the file (so a copy of the file is the whole database);
 * PostgreSQL gathers fresh planner statistics. For tools that build databases (the benchmark), not requests.
 */
export async function settleBulkWrites(db: Sql): Promise<void> {
  await (provider() === "postgresql" ? sql`ANALYZE` : sql`PRAGMA wal_checkpoint(TRUNCATE)`).execute(db);
}

/** How a column travels inside JSON built in SQL: an amount or a time needs its exact form; other values go as they are. */
type JsonColumn = "int" | "bool" | "text" | "amount" | "time";

/**
 * The rows of `rows` as ONE JSON text value: an array holding, per row, the array of its `columns` (in that order),
 * ordered by `order`. A caller reading many rows of several kinds in one statement gets a few values instead of
 * hundreds, which the drivers hand over far faster. Amounts are written as text that gives back exactly what a
 * column read gives (SQLite: the stored double, to 17 digits; PostgreSQL: the decimal), times as ISO 8601 text
 * (SQLite stores that text, or epoch milliseconds; PostgreSQL's are UTC). Read it back with `jsonRowsOf`.
 */
export function jsonRows<C extends string>(
  rows: Expression<unknown>,
  columns: Record<C, JsonColumn>,
  order: [C, "asc" | "desc"][] = [],
): RawBuilder<string | null> {
  const pg = provider() === "postgresql";
  const value = (name: string, kind: JsonColumn) => {
    const ref = sql.ref(`r.${name}`);
    if (kind === "amount") return pg ? sql`${ref}::text` : sql`CASE WHEN ${ref} IS NULL THEN NULL ELSE printf('%!.17g', ${ref}) END`;
    if (kind === "time") return pg ? sql`to_char(${ref}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : ref;
    return ref;
  };
  const items = sql.join(Object.entries<JsonColumn>(columns).map(([name, kind]) => value(name, kind)));
  const by = order.length ? sql` ORDER BY ${sql.join(order.map(([name, dir]) => sql`${sql.ref(`r.${name}`)} ${sql.raw(dir === "asc" ? "ASC" : "DESC")}`))}` : sql``;
  return pg
    ? sql<string>`(SELECT COALESCE(json_agg(json_build_array(${items})${by}), '[]')::text FROM ${rows} AS r)`
    : sql<string>`(SELECT json_group_array(json_array(${items})${by}) FROM ${rows} AS r)`;
}

type JsonValue<K extends JsonColumn> = K extends "int" ? number : K extends "bool" ? boolean : K extends "time" ? Date : string;

/**
 * The rows `jsonRows` built, as objects in the generated row types: ints as numbers, booleans, amounts as exact text
 * (as the layer reads a decimal column), times as dates; null stays null.
 */
export function jsonRowsOf<C extends string, K extends Record<C, JsonColumn>>(value: unknown, columns: K): { [N in keyof K]: JsonValue<K[N]> | null }[] {
  const pg = provider() === "postgresql";
  const rows = (value == null ? [] : typeof value === "string" ? JSON.parse(value) : value) as unknown[][];
  const entries = Object.entries<JsonColumn>(columns);
  return rows.map((r) => {
    const row: Record<string, unknown> = {};
    entries.forEach(([name, kind], i) => (row[name] = fromJson(kind, r[i], pg)));
    return row as { [N in keyof K]: JsonValue<K[N]> | null };
  });
}

function fromJson(kind: JsonColumn, v: unknown, pg: boolean): unknown {
  if (v == null) return null;
  // JSON built from columns holds numbers, text and booleans (and JSON values of JSON columns, kept as JSON text).
  if (typeof v === "object") return JSON.stringify(v);
  return fromScalar(kind, v as string | number | boolean, pg);
}

function fromScalar(kind: JsonColumn, v: string | number | boolean, pg: boolean): unknown {
  switch (kind) {
    case "int":
      return Number(v);
    case "bool":
      return v === true || v === 1 || v === "1" || v === "true" || v === "t";
    case "time": {
      const s = String(v);
      return new Date(/^\d+$/.test(s) ? Number(s) : s);
    }
    case "amount": {
      // As ./dialect.ts reads a decimal column: PostgreSQL's text without trailing zeros, SQLite's double as text.
      const s = String(v);
      return pg ? decimalText(s) : String(Number(s));
    }
    default:
      return typeof v === "string" ? v : String(v);
  }
}

/** The advisory lock that makes placing events one transaction at a time on PostgreSQL (SQLite has one writer). */
const EVENT_LOCK = 0x45564e54; // "EVNT"

/**
 * Gives the committed events that have no place in the log yet the next places, in the order of their ids, at most
 * `batch` of them; answers how many. One placer at a time, so places grow with each commit of this statement and a
 * reader of `position > cursor` never passes an event placed later. An event's id comes from an insert made after
 * the change's own writes (and locks), so two changes of one record are placed in the order they committed.
 */
export async function placeNewEvents(db: Sql, batch: number): Promise<number> {
  const waiting = await db.selectFrom("Event").select("id").where("position", "is", null).limit(1).executeTakeFirst();
  if (!waiting) return 0;
  return db.transaction().execute(async (tx) => {
    if (provider() === "postgresql") await sql`SELECT true AS "locked" FROM pg_advisory_xact_lock(${EVENT_LOCK})`.execute(tx);
    const placed = await sql`UPDATE "Event" SET "position" = t."pos" FROM (
        SELECT e."id", b."m" + row_number() OVER (ORDER BY e."id") AS "pos"
        FROM "Event" e, (SELECT COALESCE(MAX("position"), 0) AS "m" FROM "Event") b
        WHERE e."position" IS NULL ORDER BY e."id" LIMIT ${batch}
      ) t WHERE "Event"."id" = t."id" RETURNING "Event"."id"`.execute(tx);
    // Counted from the rows answered: a raw statement's affected-row count is not reported on every driver (the
    // PostgreSQL adapter's is not), and a count of 0 there stopped \`placeAll\` after one batch.
    return placed.rows.length;
  });
}
