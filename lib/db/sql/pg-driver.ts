// The typed layer's own connections to PostgreSQL: a node-postgres pool beside Prisma's, as the typed layer has its
// own connections to a SQLite file (./sqlite-driver.ts). A transaction of the typed layer holds one of its pooled
// connections; every other statement takes whichever is free. Each transaction is a transaction of the database
// whichever pool runs it, and one transaction never mixes the two clients (./index.ts), so nothing is shared.
//
// Owning the connections is what lets a statement be prepared once: the hot paths send a few shapes again and
// again, and PostgreSQL parses and plans an unnamed statement anew every time (the cart read of a checkout step
// spends a millisecond there and a tenth of that running; a page of the product list two milliseconds planning and
// under one running). A read built once by `prepared()` (./prepared.ts) goes as a named statement at once; any
// other statement (a list built per request, a write) from the third time its text is sent, so a one-off (a seed's
// bulk insert, an import) never is. PostgreSQL plans a named statement for its values for its first five runs and
// then keeps a generic plan only when that one is estimated no dearer. The names are made from the text (at most
// NAMED of them per process), so no connection gathers statements without end. Behind a pooler in transaction mode
// (PgBouncer before 1.21, serverless poolers), where the next statement may reach another server connection, the
// URL says `pgbouncer=true`, as Prisma reads it too, and every statement goes unnamed and unpipelined, one at a time.
//
// A transaction's connection is pipelined (node-postgres' pipeline mode): a statement is sent without waiting for the
// ones before it to answer, and the answers come in order. Kysely sends a transaction's statements one at a time,
// each once the one before has answered, so what goes together is said where it is sent (./pipeline.ts): the BEGIN
// with the first statement, a write whose answer the work does not need with the statements after it and the COMMIT,
// statements sent `together`. Most of a cart step's or an order's time on PostgreSQL was the round trips.
//
// Rows are in the generated types, as Prisma's adapter gives them (./dialect.ts): integers as numbers, decimals as
// exact text without trailing zeros, timestamps (stored in UTC, without zone) as dates, parsed JSON.
import { createHash } from "node:crypto";
import pg from "pg";
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from "kysely";
import { wellFormed } from "../errors.ts";
import { emitStatement, noteWrite, TransactionWrites } from "../observe.ts";
import { Decimal } from "../../money.ts";
import { log } from "../../log/index.ts";
import { ConstraintError, pgErrorCode } from "./errors.ts";
import { decimalText } from "./dialect.ts";
import { isPrepared } from "./prepared.ts";
import type { Check, Pipelining } from "./pipeline.ts";
import { statementKind, writtenTables, type StatementKind } from "./tables.ts";

/** A parameter as PostgreSQL takes it; text well-formed (`wellFormed`, ../errors.ts). */
function bound(v: unknown, reading: boolean): unknown {
  switch (typeof v) {
    case "string":
      return wellFormed(v, reading);
    case "bigint":
      return v.toString();
    case "undefined":
      return null;
    case "number":
    case "boolean":
      return v;
    default:
      if (v === null) return null;
      // UTC: a zone given to a column without one is ignored, so the instant is stored as Prisma stores it.
      if (v instanceof Date) return v.toISOString();
      if (Decimal.isDecimal(v)) return v.toString();
      if (Buffer.isBuffer(v)) return v;
      return JSON.stringify(v);
  }
}

const { builtins } = pg.types;
/** The parsers of the column types whose default form differs from the generated row types. */
const PARSERS: Partial<Record<number, (text: string) => unknown>> = {
  [builtins.INT8]: Number,
  [builtins.NUMERIC]: decimalText,
  [builtins.TIMESTAMP]: (text) => new Date(`${text.replace(" ", "T")}Z`),
  [builtins.DATE]: (text) => new Date(text),
};
const parserOf = (oid: number, format?: "text" | "binary"): ((text: string) => unknown) =>
  PARSERS[oid] ?? (pg.types.getTypeParser(oid, format ?? "text") as (text: string) => unknown);
const types = { getTypeParser: parserOf as typeof pg.types.getTypeParser };

/** Statement names, by SQL text; at most NAMED (each connection keeps a plan per name), after which a new text goes unnamed. */
const NAMED = 500;
const names = new Map<string, string>();
/** A text not built by `prepared()` goes named at its NAME_AT-th use: the hot shapes soon, a one-off never. */
const NAME_AT = 3;
const uses = new Map<string, number>();

/**
 * The name of a statement sent prepared, or undefined. Made from the text itself, so that every copy of this module
 * (route bundles may each carry one) and every instance names a text alike, and no name stands for two texts.
 */
function nameOf(compiled: CompiledQuery, kind: StatementKind): string | undefined {
  if (kind === "raw") return undefined;
  const text = compiled.sql;
  let name = names.get(text);
  if (name !== undefined || names.size >= NAMED) return name;
  if (!isPrepared(compiled.query)) {
    const used = (uses.get(text) ?? 0) + 1;
    if (used < NAME_AT) {
      if (uses.size >= 10 * NAMED) uses.clear();
      uses.set(text, used);
      return undefined;
    }
    uses.delete(text);
  }
  names.set(text, (name = `k${createHash("sha256").update(text).digest("base64url").slice(0, 32)}`));
  return name;
}

/** A constraint a write broke, as the error the layer answers with (./errors.ts), as Prisma's adapter reads it. */
function asConstraintError(e: unknown, table: string | undefined): unknown {
  const code = pgErrorCode(e);
  if (!code || !table) return e;
  if (code === "23505") {
    const fields = (/Key \(([^)]+)\)/.exec((e as pg.DatabaseError).detail ?? "")?.[1] ?? "").split(", ").filter(Boolean).map((f) => f.replace(/"/g, ""));
    return new ConstraintError("unique", table, fields, { cause: e });
  }
  if (code === "23503") return new ConstraintError("foreignKey", table, [], { cause: e });
  return e;
}

class PgConnection implements DatabaseConnection, Pipelining {
  #client: pg.PoolClient | null = null;
  /** Whether the transaction's BEGIN has been sent. */
  #begun = false;
  /** The BEGIN every statement of the transaction waits for, when its first statement could not go with it. */
  #afterBegin: Promise<unknown> | null = null;
  #writes: TransactionWrites | null = null;
  /** Statements of the transaction sent and not yet waited for (`sendLater`, a BEGIN sent with a read). */
  #unseen: Promise<void>[] = [];
  /** Whether one of those has a check that must pass before the transaction may commit. */
  #checked = false;
  /** The first failure among them: the transaction's, which every later statement and the commit answer with. */
  #failure: { error: unknown } | null = null;

  constructor(
    private readonly pool: pg.Pool,
    /** Connected to the server itself, not through a pooler in transaction mode: statements go named and pipelined. */
    private readonly direct: boolean,
  ) {}

  get pipelining(): boolean {
    return this.direct && this.#client !== null;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const kind = statementKind(compiled.query);
    return this.#answer<R>(compiled, kind, this.#start(compiled, kind), true);
  }

  sendLater(compiled: CompiledQuery, check?: Check): void {
    const kind = statementKind(compiled.query);
    if (check) this.#checked = true;
    this.#track(this.#answer(compiled, kind, this.#start(compiled, kind), false).then(check));
  }

  /** Keeps a statement sent without waiting until a later one is awaited; its failure is the transaction's. */
  #track(sent: Promise<unknown>): void {
    this.#unseen.push(sent.then(() => undefined, (error: unknown) => void (this.#failure ??= { error })));
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error("Streaming is not supported by the typed SQL layer.");
  }

  /** Sends a statement at once (in the order statements are started) and answers its pending result. */
  #start(compiled: CompiledQuery, kind: StatementKind): Promise<pg.QueryResult> {
    const query: pg.QueryConfig = {
      text: compiled.sql,
      values: compiled.parameters.map((p) => bound(p, kind === "read")),
      name: this.direct ? nameOf(compiled, kind) : undefined,
    };
    emitStatement(compiled.sql);
    return this.#send(query, kind);
  }

  /**
   * The rows of a statement sent; for one `awaited`, only once the statements sent before it without waiting have
   * answered too (it fails with their failure, if one failed).
   */
  async #answer<R>(compiled: CompiledQuery, kind: StatementKind, sent: Promise<pg.QueryResult>, awaited: boolean): Promise<QueryResult<R>> {
    const tables = writtenTables(compiled.query);
    let result: pg.QueryResult;
    try {
      result = await sent;
    } catch (e) {
      if (awaited) await this.#seeUnseen();
      throw asConstraintError(e, tables[0]);
    }
    if (awaited) await this.#seeUnseen();
    if (tables.length) await noteWrite(tables, this.#writes);
    const rows = result.rows as R[];
    if (kind === "write") return { rows: [], numAffectedRows: BigInt(result.rowCount ?? 0) };
    return kind === "returning" ? { rows, numAffectedRows: BigInt(rows.length) } : { rows };
  }

  /** Waits for the statements sent without waiting; throws the transaction's first failure, if one failed. */
  async #seeUnseen(): Promise<void> {
    if (this.#unseen.length) {
      const unseen = this.#unseen;
      this.#unseen = [];
      this.#checked = false;
      await Promise.all(unseen);
    }
    if (this.#failure) throw this.#failure.error;
  }

  /**
   * Sends a statement: on any pooled connection, or on the transaction's, pipelined behind the ones sent before it.
   * The BEGIN of a transaction waits for its first statement and goes in the same round trip: as one message of two
   * statements when that one is plain text without parameters (a transaction's settings: `SET LOCAL …`,
   * ./expressions.ts); pipelined before it when it is a read (were the BEGIN to fail, the read ran on its own and the
   * failure is told with its answer); otherwise it is answered before the statement is sent, so no write can run
   * outside the transaction.
   */
  #send(query: pg.QueryConfig, kind: StatementKind): Promise<pg.QueryResult> {
    const client = this.#client;
    if (!client) return this.pool.query(query);
    if (this.#afterBegin) return this.#afterBegin.then(() => client.query(query));
    if (this.#begun) return client.query(query);
    this.#begun = true;
    if (kind === "raw" && !query.values?.length) {
      return (client.query(`BEGIN; ${query.text}`) as unknown as Promise<pg.QueryResult[]>).then((results) => results[results.length - 1]);
    }
    const begin = client.query("BEGIN");
    if (kind === "read" && this.direct) {
      this.#track(begin);
      return client.query(query);
    }
    this.#afterBegin = begin;
    return begin.then(() => client.query(query));
  }

  /** Takes a connection for the transaction; its BEGIN goes with the first statement (`#send`). */
  async begin(): Promise<void> {
    this.#client = await this.pool.connect();
    this.#begun = false;
    this.#afterBegin = null;
    this.#writes = new TransactionWrites();
    this.#unseen = [];
    this.#checked = false;
    this.#failure = null;
  }

  /**
   * Ends the transaction and gives its connection back (a connection whose end failed is closed, not reused). A
   * COMMIT goes behind the statements still unanswered, in the same round trip, unless one of them has a check to
   * pass first. If one of them failed, the server has rolled the transaction back (it answers a COMMIT so), and that
   * failure is thrown; after a failure already seen, a ROLLBACK is sent instead.
   */
  async end(statement: "COMMIT" | "ROLLBACK"): Promise<void> {
    const client = this.#client;
    if (!client) return; // ended already: a COMMIT that failed is followed by Kysely's ROLLBACK
    const writes = this.#writes!;
    let broken = false;
    try {
      // Told to the statement listeners whether or not it is sent (a transaction that sent nothing has nothing to
      // end), as the BEGIN never is: the counts compare across both databases.
      emitStatement(statement);
      if (this.#checked || statement === "ROLLBACK") await this.#seeUnseen().catch(() => undefined);
      const sent = this.#begun ? this.#send({ text: this.#failure ? "ROLLBACK" : statement }, "raw") : Promise.resolve(null);
      const unseen = this.#seeUnseen().catch(() => undefined);
      let done: pg.QueryResult | null;
      try {
        done = await sent;
      } catch (e) {
        broken = true;
        throw e;
      } finally {
        await unseen;
      }
      if (statement === "COMMIT" && this.#failure) throw this.#failure.error;
      if (statement === "COMMIT" && done?.command === "ROLLBACK") throw new Error("The database rolled the transaction back.");
    } finally {
      this.#client = null;
      this.#writes = null;
      client.release(broken);
      await writes.settle();
    }
  }
}

/** Kysely's driver on the typed layer's own pool of at most `max` connections to the PostgreSQL database at `url`. */
export class PgDriver implements Driver {
  #pool: pg.Pool | null = null;
  /** Whether statements may go prepared under a name, and pipelined: not behind a pooler in transaction mode. */
  readonly #direct: boolean;

  constructor(
    private readonly url: string,
    private readonly max: number,
  ) {
    this.#direct = new URL(url).searchParams.get("pgbouncer") !== "true";
  }

  init(): Promise<void> {
    const pool = new pg.Pool({ connectionString: this.url, max: this.max, types, pipeline: this.#direct });
    // An idle connection the server closed (a restart, a timeout) is dropped by the pool; the next statement opens another.
    pool.on("error", (e) => log.warn({ err: e.message }, "an idle database connection failed"));
    this.#pool = pool;
    return Promise.resolve();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new PgConnection(this.#pool!, this.#direct));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgConnection).end("COMMIT");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgConnection).end("ROLLBACK");
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    const pool = this.#pool;
    this.#pool = null;
    await pool?.end();
  }
}
