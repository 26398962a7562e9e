// Kysely on the driver adapter Prisma itself connects through, for an in-memory SQLite database, where there is only
// one connection, so the typed layer and Prisma share it. (On a SQLite file the typed layer has its own connections
// under Prisma's write lock, ./sqlite-driver.ts; on PostgreSQL its own pool, ./pg-driver.ts.) The adapter speaks
// Prisma's driver-adapter interface (a public contract: `SqlDriverAdapter` from @prisma/driver-adapter-utils): statements with typed arguments, rows with column
// types. This file binds Kysely's parameters to it and turns its rows into the row types generated from the schema
// (lib/generated/kysely/db.ts, PostgreSQL's types): integers as numbers, decimals as exact text, booleans, dates,
// parsed JSON, on SQLite as on PostgreSQL.
import {
  ColumnTypeEnum,
  type ArgType,
  type ColumnType,
  type SqlDriverAdapter,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { wellFormed } from "../errors.ts";
import { asModelError } from "./errors.ts";
import { statementKind, writtenTables } from "./tables.ts";
import { emitStatement, noteWrite, TransactionWrites } from "../observe.ts";
import { Decimal } from "../../money.ts";

export type Provider = "sqlite" | "postgresql";

const STRING: ArgType = { scalarType: "string", arity: "scalar" };
const INT: ArgType = { scalarType: "int", arity: "scalar" };
const BIGINT: ArgType = { scalarType: "bigint", arity: "scalar" };
const FLOAT: ArgType = { scalarType: "float", arity: "scalar" };
const DECIMAL: ArgType = { scalarType: "decimal", arity: "scalar" };
const BOOLEAN: ArgType = { scalarType: "boolean", arity: "scalar" };
const DATETIME: ArgType = { scalarType: "datetime", arity: "scalar" };
const JSON_ARG: ArgType = { scalarType: "json", arity: "scalar" };
const UNKNOWN: ArgType = { scalarType: "unknown", arity: "scalar" };

/** A parameter as the adapter takes it; text well-formed (`wellFormed`, ../errors.ts). */
function bound(v: unknown, reading: boolean): [unknown, ArgType] {
  switch (typeof v) {
    case "string":
      return [wellFormed(v, reading), STRING];
    case "number":
      return Number.isSafeInteger(v) ? [v, INT] : [v, FLOAT];
    case "bigint":
      return [v.toString(), BIGINT];
    case "boolean":
      return [v, BOOLEAN];
    case "undefined":
      return [null, UNKNOWN];
    default:
      if (v === null) return [null, UNKNOWN];
      if (v instanceof Date) return [v, DATETIME];
      if (Decimal.isDecimal(v)) return [v.toString(), DECIMAL];
      return [JSON.stringify(v), JSON_ARG];
  }
}

/** PostgreSQL's exact text of a decimal (with its column's scale: 1.234500) as Prisma's Decimal writes it: 1.2345. */
export const decimalText = (text: string): string => (text.includes(".") ? text.replace(/\.?0+$/, "") : text);

/** A column's value in the generated row types, from the adapter's form of it. */
function decoded(type: ColumnType, v: unknown): unknown {
  if (v === null) return null;
  switch (type) {
    case ColumnTypeEnum.Int32:
    case ColumnTypeEnum.Int64:
    case ColumnTypeEnum.Float:
    case ColumnTypeEnum.Double:
    case ColumnTypeEnum.UnknownNumber:
      return typeof v === "number" ? v : Number(v);
    case ColumnTypeEnum.Numeric:
      // Exact on PostgreSQL (text, with the column's scale: 1.234500…), which is written without trailing zeros as
      // Prisma's Decimal writes it; SQLite stores a decimal as a number, which Prisma reads the same way.
      if (typeof v === "string") return decimalText(v);
      return typeof v === "number" || typeof v === "bigint" ? v.toString() : JSON.stringify(v);
    case ColumnTypeEnum.Boolean:
      return v === true || v === 1 || v === "1" || v === "true" || v === "t";
    case ColumnTypeEnum.Date:
    case ColumnTypeEnum.DateTime:
      return new Date(v as string | number);
    case ColumnTypeEnum.Json:
      return typeof v === "string" ? JSON.parse(v) : v;
    default:
      return v;
  }
}

function rowsOf({ columnNames, columnTypes, rows }: SqlResultSet): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) row[columnNames[i]] = decoded(columnTypes[i], values[i]);
    return row;
  });
}

/**
 * One connection as Kysely sees it: the adapter itself (each statement takes the connection it needs), or the
 * adapter's transaction once Kysely begins one on it.
 */
class AdapterConnection implements DatabaseConnection {
  #tx: Transaction | null = null;
  #writes: TransactionWrites | null = null;

  constructor(private readonly adapter: SqlDriverAdapter) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const kind = statementKind(compiled.query);
    const tables = writtenTables(compiled.query);
    const query: SqlQuery = { sql: compiled.sql, args: [], argTypes: [] };
    for (const p of compiled.parameters) {
      const [arg, type] = bound(p, kind === "read");
      query.args.push(arg);
      query.argTypes.push(type);
    }
    const target = this.#tx ?? this.adapter;
    emitStatement(compiled.sql);
    try {
      if (kind === "write") {
        const changed = await target.executeRaw(query);
        await noteWrite(tables, this.#writes);
        return { rows: [], numAffectedRows: BigInt(changed) };
      }
      const rows = rowsOf(await target.queryRaw(query)) as R[];
      if (tables.length) await noteWrite(tables, this.#writes);
      return kind === "returning" ? { rows, numAffectedRows: BigInt(rows.length) } : { rows };
    } catch (e) {
      throw asModelError(e, tables[0]);
    }
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("Streaming is not supported by the typed SQL layer.");
  }

  async begin(): Promise<void> {
    this.#tx = await this.adapter.startTransaction();
    this.#writes = new TransactionWrites();
  }

  /** Ends the transaction: the statement is sent on it, then the adapter releases its connection (or lock). */
  async end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    const tx = this.#tx!;
    const writes = this.#writes!;
    this.#tx = null;
    this.#writes = null;
    try {
      emitStatement(statement);
      await tx.executeRaw({ sql: statement, args: [], argTypes: [] });
    } finally {
      await (statement === "COMMIT" ? tx.commit() : tx.rollback());
      await writes.settle();
    }
  }
}

class AdapterDriver implements Driver {
  constructor(private readonly adapter: () => Promise<SqlDriverAdapter>) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new AdapterConnection(await this.adapter());
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as AdapterConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as AdapterConnection).end("COMMIT");
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as AdapterConnection).end("ROLLBACK");
  }
  async releaseConnection(): Promise<void> {}
  // The adapter belongs to the Prisma client too: it is disposed with it (lib/db/client.ts).
  async destroy(): Promise<void> {}
}

/** The dialect of `provider` on the driver adapter `adapter()` answers. */
export function adapterDialect(provider: Provider, adapter: () => Promise<SqlDriverAdapter>): Dialect {
  return dialectOf(provider, () => new AdapterDriver(adapter));
}

/** The dialect of `provider` on the driver `createDriver` makes. */
export function dialectOf(provider: Provider, createDriver: () => Driver): Dialect {
  const sqlite = provider === "sqlite";
  return {
    createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
    createDriver,
    createIntrospector: (db: Kysely<unknown>) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
  };
}
