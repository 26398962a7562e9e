// Raw statements past Prisma's query engine (issue 17). `$queryRawUnsafe` and `$executeRawUnsafe` run Prisma's
// query compiler (WASM) even for raw SQL and convert the result twice: for a short statement that is more CPU than
// SQLite's own work. So ./raw.ts hands its statements to the driver adapter that Prisma itself connected: the
// observed one (./observe.ts), so statement counts and write notices are as before, and on SQLite the
// two-connection one (./sqlite.ts), so reads still go to the reading connection and writes wait for the writer.
// Inside `db.$transaction(fn)` they go to the adapter's transaction that Prisma opened for `fn`, while it is open;
// once Prisma has committed or rolled it back (its timeout, say) they go Prisma's way, which refuses them as it did.
// Values are bound and rows built as Prisma 6.19 does (its serializeRawParameters and query compiler; its
// serializeRawSql and deserializeRawResult), so callers get the same values; a value this file does not know goes
// Prisma's way.
import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { Decimal, PrismaClientKnownRequestError } from "@prisma/client/runtime/client";
import { delegate } from "./observe.ts";

type Adapter = Awaited<ReturnType<PrismaBetterSQLite3["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Queryable = Pick<Adapter, "queryRaw" | "executeRaw">;
type Query = Parameters<Adapter["queryRaw"]>[0];
type ResultSet = Awaited<ReturnType<Adapter["queryRaw"]>>;
type ArgType = Query["argTypes"][number];
type ColumnType = ResultSet["columnTypes"][number];
type Row = Record<string, unknown>;
interface Factory {
  connect(): Promise<Adapter>;
}
interface Client {
  $transaction(...args: unknown[]): Promise<unknown>;
}

/** Where a client's statements may go past Prisma: its adapter or its transaction, while Prisma has it open. */
interface Connection {
  target(): Queryable | null;
  clientVersion: string;
}
const connections = new WeakMap<object, Connection>();

/** The adapter transaction Prisma opens for one `$transaction(fn)`, and whether it is still open. */
interface Opening {
  tx: Transaction | null;
  open: boolean;
}
// Set while Prisma opens the transaction of a `$transaction(fn)` call: the adapter's `startTransaction` fills it.
const opening = new AsyncLocalStorage<Opening>();

const ENDING = /^\s*(COMMIT|ROLLBACK|END)\b/i;

/** The transaction `startTransaction` answers, told to the `$transaction(fn)` opening it; closed for it at its end. */
function claimed(tx: Transaction): Transaction {
  const slot = opening.getStore();
  if (!slot || slot.tx) return tx;
  slot.tx = tx;
  slot.open = true;
  const end = (method: "commit" | "rollback") => () => {
    slot.open = false;
    return tx[method]();
  };
  // Prisma sends the COMMIT or ROLLBACK itself and then ends the transaction: closed from the moment it sends it.
  const executeRaw = (query: Query) => {
    if (ENDING.test(query.sql)) slot.open = false;
    return tx.executeRaw(query);
  };
  return delegate(tx, { commit: end("commit"), rollback: end("rollback"), executeRaw });
}

/**
 * The client `make` builds on `factory`. The adapter Prisma connects through it also serves `directRows` and
 * `directExecute` for the client, and the transaction it opens for `$transaction(fn)` serves them for `fn`'s client.
 */
export function withDirectStatements<F extends Factory, C extends object>(
  factory: F,
  clientVersion: string,
  make: (factory: F) => C,
): C {
  let adapter: Adapter | null = null;
  const connect = async () => {
    const connected = await factory.connect();
    adapter = connected;
    const dispose = () => {
      adapter = null;
      return connected.dispose();
    };
    const startTransaction = async (...args: Parameters<Adapter["startTransaction"]>) => claimed(await connected.startTransaction(...args));
    return delegate(connected, { dispose, startTransaction });
  };
  const client = make(delegate(factory, { connect }));
  const prisma = client as unknown as Client;
  const $transaction = prisma.$transaction.bind(prisma);
  const transaction = (work: unknown, ...rest: unknown[]) => {
    if (typeof work !== "function") return $transaction(work, ...rest);
    const slot: Opening = { tx: null, open: false };
    const run = (tx: object) => {
      if (slot.tx) connections.set(tx, { target: () => (slot.open ? slot.tx : null), clientVersion });
      // `fn` runs outside the opening: a transaction it starts on the shared client is its own.
      return opening.exit(() => (work as (tx: object) => unknown)(tx));
    };
    return opening.run(slot, () => $transaction(run, ...rest));
  };
  // Defined on the client itself, not on a proxy of it: callers and tests keep Prisma's own object and methods.
  Object.defineProperty(client, "$transaction", { value: transaction, configurable: true, writable: true });
  connections.set(client, { target: () => adapter, clientVersion });
  return client;
}

// The parameter types Prisma's query compiler gives raw values (dbType is always empty for them).
const STRING: ArgType = { scalarType: "string", arity: "scalar" };
const INT: ArgType = { scalarType: "int", arity: "scalar" };
const FLOAT: ArgType = { scalarType: "float", arity: "scalar" };
const BOOLEAN: ArgType = { scalarType: "boolean", arity: "scalar" };
const DATETIME: ArgType = { scalarType: "datetime", arity: "scalar" };
const UNKNOWN: ArgType = { scalarType: "unknown", arity: "scalar" };

/**
 * A value as Prisma's compiler passes it to the adapter, or null for one left to Prisma: an integer past 2^53 (it
 * refuses it), NaN or an infinity, a date outside the years 0–9999, a bigint, bytes, an array or an object.
 */
function bound(v: unknown): [unknown, ArgType] | null {
  switch (typeof v) {
    case "string":
      return [v, STRING];
    case "boolean":
      return [v, BOOLEAN];
    case "undefined":
      return [null, UNKNOWN];
    case "number":
      // Values travel to the compiler as JSON, where -0 is 0.
      if (Number.isSafeInteger(v)) return [v === 0 ? 0 : v, INT];
      return Number.isFinite(v) && !Number.isInteger(v) ? [v, FLOAT] : null;
    case "object": {
      if (v === null) return [null, UNKNOWN];
      // Prisma passes a Decimal (of any copy of decimal.js) on as the nearest float.
      if (Decimal.isDecimal(v)) {
        const n = Number(v.toJSON());
        return Number.isFinite(n) ? [n, FLOAT] : null;
      }
      const iso = v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : "";
      return iso.length === 24 ? [iso, DATETIME] : null;
    }
    default:
      return null;
  }
}

// Driver adapter column types (@prisma/driver-adapter-utils ColumnTypeEnum) whose values Prisma converts.
const INT32 = 0, INT64 = 1, NUMERIC = 4, BOOL = 5, DATE = 8, TIME = 9, DATE_TIME = 10, JSON_TEXT = 11, BYTES = 13;
/** Array column types Prisma converts element by element, and their elements' type. */
const ELEMENTS = new Map<ColumnType, ColumnType>([
  [64, INT32], [65, INT64], [68, NUMERIC], [69, BOOL], [72, DATE],
  [73, TIME], [74, DATE_TIME], [75, JSON_TEXT], [77, BYTES],
]);

const refused = (v: unknown, type: string) => new Error(`Cannot serialize value of type ${typeof v} as ${type}`);

/** A column value as `$queryRawUnsafe` answers it: Prisma's serializeRawValue, then its deserializeValue. */
function valueOf(type: ColumnType, v: unknown): unknown {
  if (v === null) return null;
  switch (type) {
    case INT32:
      if (typeof v === "number" || typeof v === "string") return Math.trunc(Number(v));
      throw refused(v, "Int32");
    case INT64:
      if (typeof v === "number") return BigInt(Math.trunc(v));
      if (typeof v === "string") return BigInt(v);
      throw refused(v, "Int64");
    case NUMERIC:
      return new Decimal(v as Decimal.Value);
    case BOOL:
      if (typeof v === "boolean") return v;
      if (typeof v === "string") return v === "true" || v === "1";
      if (typeof v === "number") return v === 1;
      throw refused(v, "Boolean");
    case DATE:
    case DATE_TIME:
      return new Date(v as string);
    case TIME:
      return new Date(`1970-01-01T${v as string}Z`);
    case JSON_TEXT:
      if (typeof v === "string") return JSON.parse(v);
      throw refused(v, "Json");
    case BYTES: {
      if (!Array.isArray(v)) throw refused(v, "Bytes");
      // Prisma copies the bytes into a Buffer and answers a view of it.
      const { buffer, byteOffset, byteLength } = Buffer.from(new Uint8Array(v));
      return new Uint8Array(buffer, byteOffset, byteLength);
    }
  }
  const element = ELEMENTS.get(type);
  if (element === undefined) return v;
  if (!Array.isArray(v)) throw refused(v, "an array");
  return v.map((item) => valueOf(element, item));
}

/** Rows as Prisma's deserializeRawResult builds them: every column present, in the statement's order. */
function rowsOf({ columnNames, columnTypes, rows }: ResultSet): Row[] {
  const empty: Row = {};
  for (const name of columnNames) empty[name] = null;
  return rows.map((values) => {
    const row = { ...empty };
    for (let i = 0; i < values.length; i++) row[columnNames[i]] = valueOf(columnTypes[i], values[i]);
    return row;
  });
}

/** A driver's error as `$queryRawUnsafe` reports it: P2010, the adapter's error in `meta` (./errors.ts reads it). */
function asRawQueryError(e: unknown, clientVersion: string): unknown {
  type Cause = { kind?: string; originalCode?: string; originalMessage?: string };
  const err = e as { name?: unknown; cause?: Cause } | null;
  if (err?.name !== "DriverAdapterError" || typeof err.cause !== "object") return e;
  const { originalCode = "N/A", originalMessage = err.cause.kind } = err.cause;
  const message = `Raw query failed. Code: \`${originalCode}\`. Message: \`${originalMessage}\``;
  return new PrismaClientKnownRequestError(message, { code: "P2010", meta: { driverAdapterError: e }, clientVersion });
}

/** Prisma's binding of raw values, or null for a value only Prisma binds. */
function queryOf(sql: string, values: unknown[]): Query | null {
  const args: unknown[] = [];
  const argTypes: ArgType[] = [];
  for (const v of values) {
    const arg = bound(v);
    if (!arg) return null;
    args.push(arg[0]);
    argTypes.push(arg[1]);
  }
  return { sql, args, argTypes };
}

/** Runs `work` on where `db`'s statements may go past Prisma; null to leave the statement to Prisma. */
function direct<T>(db: object, sql: string, values: unknown[], work: (target: Queryable, query: Query) => Promise<T>): Promise<T> | null {
  const connection = connections.get(db);
  const target = connection?.target();
  const query = target && queryOf(sql, values);
  if (!target || !query) return null;
  return work(target, query).catch((e: unknown) => {
    throw asRawQueryError(e, connection!.clientVersion);
  });
}

/**
 * The rows of a statement in the database's own placeholders, through the adapter or transaction when `db` is a
 * client made by `withDirectStatements` (or its `$transaction` client) and connected; null otherwise or for a
 * value only Prisma binds.
 */
export function directRows(db: object, sql: string, values: unknown[]): Promise<Row[]> | null {
  return direct(db, sql, values, async (target, query) => rowsOf(await target.queryRaw(query)));
}

/** As `directRows`, for a statement that answers no rows: the number of rows it changed. */
export function directExecute(db: object, sql: string, values: unknown[]): Promise<number> | null {
  return direct(db, sql, values, (target, query) => target.executeRaw(query));
}
