// The typed layer's own connections to a SQLite file: a read-only reader for reads outside a transaction (WAL: it
// sees only committed rows and never waits), and a writer for writes and transactions, which takes the same
// first-come lock as Prisma's writer (lib/db/sqlite.ts), so one transaction at a time holds the database whichever
// client began it. Each connection prepares a statement once and keeps it (the builder sends the same few shapes
// again and again; preparing one costs more than running it), and knows from SQLite which column of a prepared
// statement is which declared type, so rows are decoded without looking at the values.
//
// Values are stored as Prisma stores them in SQLite, so both clients read each other's rows: dates as ISO 8601 text
// with "+00:00", decimals as numbers, booleans as 0 and 1, JSON as text.
import Database from "better-sqlite3";
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from "kysely";
import { Lru } from "../../cache/index.ts";
import { wellFormed } from "../errors.ts";
import { emitStatement, noteWrite, TransactionWrites } from "../observe.ts";
import { Decimal } from "../../money.ts";
import { ConstraintError } from "./errors.ts";
import { statementKind, writtenTables } from "./tables.ts";

type Stored = string | number | bigint | Buffer | null;
type Acquire = () => Promise<() => void>;

/** A parameter in SQLite's storage form; text well-formed (`wellFormed`, ../errors.ts). */
function stored(v: unknown, reading: boolean): Stored {
  switch (typeof v) {
    case "string":
      return wellFormed(v, reading);
    case "number":
    case "bigint":
      return v;
    case "boolean":
      return v ? 1 : 0;
    case "undefined":
      return null;
    default:
      if (v === null) return null;
      if (v instanceof Date) return v.toISOString().replace("Z", "+00:00");
      if (Decimal.isDecimal(v)) return v.toNumber();
      if (Buffer.isBuffer(v)) return v;
      return JSON.stringify(v);
  }
}

type Decode = (v: unknown) => unknown;
const asNumber: Decode = (v) => (typeof v === "number" ? v : Number(v));
const asDecimalText: Decode = (v) => (typeof v === "string" ? v : String(v));
const asBoolean: Decode = (v) => v === 1 || v === true || v === "1" || v === "true";
const asDate: Decode = (v) => new Date(v as string | number);
const asJson: Decode = (v) => (typeof v === "string" ? JSON.parse(v) : v);

/** The decoding of a column of a declared type (null: an expression, answered as SQLite gives it). */
function decoderOf(declared: string | null): Decode | null {
  switch (declared?.toUpperCase()) {
    case "INTEGER":
    case "INT":
    case "BIGINT":
    case "REAL":
    case "DOUBLE":
    case "FLOAT":
      return asNumber;
    case "DECIMAL":
      return asDecimalText;
    case "BOOLEAN":
      return asBoolean;
    case "DATETIME":
    case "DATE":
      return asDate;
    case "JSONB":
    case "JSON":
      return asJson;
    default:
      return null;
  }
}

interface Prepared {
  statement: Database.Statement;
  /** Per column, its decoding; null for a statement that answers no rows. */
  columns: { name: string; decode: Decode | null }[] | null;
}

/** One connection and the statements prepared on it. */
class Connection {
  readonly #prepared = new Lru<string, Prepared>(500);

  constructor(readonly db: Database.Database) {}

  #prepare(sql: string): Prepared {
    let p = this.#prepared.get(sql);
    if (!p) {
      const statement = this.db.prepare(sql);
      const columns = statement.reader ? statement.columns().map((c) => ({ name: c.name, decode: decoderOf(c.type) })) : null;
      p = { statement, columns };
      this.#prepared.set(sql, p);
    }
    return p;
  }

  run(sql: string, params: Stored[]): { rows: Record<string, unknown>[]; changed: number } {
    const { statement, columns } = this.#prepare(sql);
    if (!columns) return { rows: [], changed: statement.run(params).changes };
    const rows = (statement.raw(true).all(params) as unknown[][]).map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const v = values[i];
        const decode = columns[i].decode;
        row[columns[i].name] = v === null || !decode ? v : decode(v);
      }
      return row;
    });
    return { rows, changed: rows.length };
  }
}

/** A constraint a write broke, as the error the layer answers with (lib/db/sql/errors.ts). */
function asConstraintError(e: unknown, table: string | undefined): unknown {
  const code = (e as { code?: unknown }).code;
  if (!table || typeof code !== "string") return e;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const fields = ((e as Error).message.split("constraint failed: ")[1] ?? "").split(", ").filter(Boolean).map((f) => f.split(".").pop()!);
    return new ConstraintError("unique", table, fields, { cause: e });
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "SQLITE_CONSTRAINT_TRIGGER") return new ConstraintError("foreignKey", table, [], { cause: e });
  return e;
}

class SqliteConnection implements DatabaseConnection {
  #release: (() => void) | null = null;
  #writes: TransactionWrites | null = null;

  constructor(
    private readonly reader: Connection,
    private readonly writer: Connection,
    private readonly acquire: Acquire,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const kind = statementKind(compiled.query);
    const tables = writtenTables(compiled.query);
    const params = compiled.parameters.map((p) => stored(p, kind === "read"));
    emitStatement(compiled.sql);
    let result: { rows: Record<string, unknown>[]; changed: number };
    try {
      if (this.#release) result = this.writer.run(compiled.sql, params);
      else if (kind === "read") result = this.reader.run(compiled.sql, params);
      else {
        const release = await this.acquire();
        try {
          result = this.writer.run(compiled.sql, params);
        } finally {
          release();
        }
      }
    } catch (e) {
      throw asConstraintError(e, tables[0]);
    }
    if (tables.length) await noteWrite(tables, this.#writes);
    if (kind === "read") return { rows: result.rows as R[] };
    return { rows: result.rows as R[], numAffectedRows: BigInt(result.changed) };
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("Streaming is not supported by the typed SQL layer.");
  }

  /** Takes the write lock, then begins: the transaction is the only writer until it ends. */
  async begin(): Promise<void> {
    const release = await this.acquire();
    try {
      // Not told to the statement listeners, as the adapters' BEGIN is not: the counts compare across both paths.
      this.writer.db.exec("BEGIN IMMEDIATE");
    } catch (e) {
      release();
      throw e;
    }
    this.#release = release;
    this.#writes = new TransactionWrites();
  }

  async end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    const release = this.#release!;
    const writes = this.#writes!;
    this.#release = null;
    this.#writes = null;
    try {
      emitStatement(statement);
      if (this.writer.db.inTransaction) this.writer.db.exec(statement);
    } finally {
      release();
      await writes.settle();
    }
  }
}

/** Kysely's driver on the typed layer's own two connections to the SQLite file at `path`. */
export class SqliteDriver implements Driver {
  #connections: { reader: Connection; writer: Connection } | null = null;

  constructor(
    private readonly path: string,
    private readonly acquire: Acquire,
  ) {}

  init(): Promise<void> {
    const writer = new Database(this.path, { timeout: 10_000 });
    writer.pragma("journal_mode = WAL");
    writer.pragma("synchronous = NORMAL");
    const reader = new Database(this.path, { readonly: true, timeout: 10_000 });
    reader.pragma("query_only = ON");
    this.#connections = { reader: new Connection(reader), writer: new Connection(writer) };
    return Promise.resolve();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    const { reader, writer } = this.#connections!;
    return Promise.resolve(new SqliteConnection(reader, writer, this.acquire));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).end("COMMIT");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteConnection).end("ROLLBACK");
  }

  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    const c = this.#connections;
    this.#connections = null;
    c?.reader.db.close();
    c?.writer.db.close();
    return Promise.resolve();
  }
}
