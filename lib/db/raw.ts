// Plain SQL that SQLite and PostgreSQL both accept (quoted identifiers, `$n` parameters), for the hot paths: a raw
// statement costs a third of what a Prisma model query costs in CPU (issue 17). Values go through Prisma's raw
// parameters, which store them as its model queries do: a Date as ISO text on SQLite and timestamp(3) on
// PostgreSQL, a Decimal as a number on SQLite and numeric on PostgreSQL, a boolean as 0/1 on SQLite. The writes
// fill `createdAt` and `updatedAt` as a model query does (see `stamped`); the other defaults are the columns' own.
// Table and column names come from code, never from input.
import type { Tx } from "./client.ts";
import { provider } from "./client.ts";
import { directExecute, directRows } from "./direct.ts";
import { LONE_SURROGATE_MESSAGE } from "./errors.ts";
import { NotFound, Validation } from "../errors.ts";
import { Prisma } from "../generated/sqlite/browser.ts";

export type Raw = Record<string, unknown>;
type Queryable = Pick<Tx, "$queryRawUnsafe">;
type Executable = Pick<Tx, "$executeRawUnsafe">;

/** A lone UTF-16 surrogate, invalid in UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** A read's text parameter made well-formed: a search for a lone surrogate finds nothing instead of failing in the driver. */
const wellFormed = (v: unknown) => (typeof v === "string" ? v.replace(LONE_SURROGATES, "\ufffd") : v);

/** A write's text parameter must be well-formed: refused with the answer a model query gets (lib/db/errors.ts). */
function writable(v: unknown): unknown {
  if (typeof v === "string" && LONE_SURROGATE.test(v)) {
    throw new Validation(LONE_SURROGATE_MESSAGE);
  }
  return v;
}

// SQLite takes `?` in order of use: each text is translated once.
const KEPT_TEXTS = 1000;
const translated = new Map<string, { sql: string; order: number[] }>();

/** The statement and its values as the database takes them: as written on PostgreSQL, with `?` on SQLite. */
function positional(text: string, values: unknown[]): [string, unknown[]] {
  if (provider() === "postgresql") return [text, values];
  let t = translated.get(text);
  if (!t) {
    const order: number[] = [];
    const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
      order.push(Number(n) - 1);
      return "?";
    });
    t = { sql, order };
    if (translated.size >= KEPT_TEXTS) translated.delete(translated.keys().next().value!);
    translated.set(text, t);
  }
  return [t.sql, t.order.map((i) => values[i])];
}

/** A statement's rows, straight through the driver adapter or its transaction (./direct.ts), else through Prisma. */
const queried = (db: Queryable, sql: string, values: unknown[]): Promise<Raw[]> =>
  directRows(db, sql, values) ?? db.$queryRawUnsafe<Raw[]>(sql, ...values);

/** Runs a query written with `$n` parameters and answers its rows. */
export async function rawRows(db: Queryable, text: string, ...given: unknown[]): Promise<Raw[]> {
  const [sql, values] = positional(text, given.map(wellFormed));
  return queried(db, sql, values);
}

// A raw value as the callers use it: the drivers answer integers, booleans, dates and JSON in their own forms
// (SQLite: 0/1, bigint counts, ISO or epoch text; PostgreSQL: booleans, Date objects, parsed JSON).
export const int = (v: unknown): number => Number(v);
export const intOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
export const str = (v: unknown): string | null => (v == null ? null : typeof v === "string" ? v : JSON.stringify(v));
export const bool = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "true" || v === "t";
export function date(v: unknown): Date | null {
  if (v == null) return null;
  if (v instanceof Date) return v;
  if (typeof v === "number" || typeof v === "bigint") return new Date(Number(v));
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return new Date(/^\d+$/.test(s) ? Number(s) : s);
}
export function json<T>(v: unknown): T | null {
  if (v == null) return null;
  if (typeof v === "string") {
    try {
      return JSON.parse(v) as T;
    } catch {
      return null;
    }
  }
  return v as T;
}

/**
 * A constraint a raw write to `table` broke, reported as a model query reports it (P2002 unique, P2003 foreign
 * key, with the model's name), so callers and lib/db/errors.ts see the same error either way.
 */
function asModelError(e: unknown, table: string): unknown {
  const err = e as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } } | null;
  const kind = err?.meta?.driverAdapterError?.cause?.kind;
  const code = kind === "UniqueConstraintViolation" ? "P2002" : kind === "ForeignKeyConstraintViolation" ? "P2003" : null;
  if (err?.code !== "P2010" || !code) return e;
  return Object.assign(err, { code, meta: { modelName: table, ...err.meta } });
}

async function writing<T>(table: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw asModelError(e, table);
  }
}

/** Runs a write to `table` written with `$n` parameters; answers the number of rows it changed. */
export function rawExecute(db: Executable, table: string, text: string, ...given: unknown[]): Promise<number> {
  const [sql, values] = positional(text, given.map(writable));
  return writing(table, () => directExecute(db, sql, values) ?? db.$executeRawUnsafe(sql, ...values));
}

/** Whether `table` has the timestamps every model of the schema declares alike (held by tests/api/db-raw-writes.test.ts). */
const stampsOf = (table: string) => {
  const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${table}ScalarFieldEnum`];
  return { created: fields?.createdAt !== undefined, updated: fields?.updatedAt !== undefined };
};

/**
 * A row as a model query writes it: `createdAt` (`@default(now())`) on insert and `updatedAt` (`@updatedAt`) on
 * insert and update are now unless given.
 */
function stamped(table: string, row: Raw, inserting: boolean, now = new Date()): Raw {
  const { created, updated } = stampsOf(table);
  return { ...(inserting && created ? { createdAt: now } : {}), ...(updated ? { updatedAt: now } : {}), ...row };
}

const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");

/** `INSERT INTO "table" (…) VALUES (…), (…)` of rows with the columns of the first, and their values in order. */
function insertSql(table: string, given: Raw[]): [string, unknown[]] {
  const now = new Date(); // the rows of one statement are written at one time
  const rows = given.map((row) => stamped(table, row, true, now));
  const columns = Object.keys(rows[0]);
  const values: unknown[] = [];
  const tuples = rows.map((row) => `(${columns.map((c) => `$${values.push(row[c])}`).join(", ")})`);
  return [`INSERT INTO "${table}" (${quoted(columns)}) VALUES ${tuples.join(", ")}`, values];
}

/** Inserts one row; answers its id. */
export async function insertRow(db: Queryable, table: string, row: Raw): Promise<number> {
  const [text, given] = insertSql(table, [row]);
  const [sql, values] = positional(`${text} RETURNING "id"`, given.map(writable));
  const [inserted] = await writing(table, () => queried(db, sql, values));
  return Number(inserted.id);
}

/** Inserts rows in one statement (as `createMany`); answers how many. */
export async function insertRows(db: Executable, table: string, rows: Raw[]): Promise<number> {
  if (!rows.length) return 0;
  const [text, values] = insertSql(table, rows);
  return rawExecute(db, table, text, ...values);
}

/**
 * Inserts a row, or when one with the same `conflict` columns exists updates its `update` columns to the row's
 * (as `upsert`); answers the row as written, its `returning` columns.
 */
export async function upsertRow(
  db: Queryable,
  table: string,
  row: Raw,
  opts: { conflict: string[]; update: string[]; returning: readonly string[] },
): Promise<Raw> {
  const [text, given] = insertSql(table, [row]);
  const update = stampsOf(table).updated && !opts.update.includes("updatedAt") ? [...opts.update, "updatedAt"] : opts.update;
  const set = update.map((c) => `"${c}" = excluded."${c}"`).join(", ");
  const sql = `${text} ON CONFLICT (${quoted(opts.conflict)}) DO UPDATE SET ${set} RETURNING ${quoted([...opts.returning])}`;
  const [statement, values] = positional(sql, given.map(writable));
  const [written] = await writing(table, () => queried(db, statement, values));
  return written;
}

/** Updates the row `id` of `table`; a row that is gone is a 404, as a model `update` answers. */
export async function updateRow(db: Executable, table: string, id: number, given: Raw): Promise<void> {
  const data = stamped(table, given, false);
  const columns = Object.keys(data);
  const set = columns.map((c, i) => `"${c}" = $${i + 1}`).join(", ");
  const changed = await rawExecute(db, table, `UPDATE "${table}" SET ${set} WHERE "id" = $${columns.length + 1}`, ...columns.map((c) => data[c]), id);
  if (changed === 0) throw new NotFound(table);
}
