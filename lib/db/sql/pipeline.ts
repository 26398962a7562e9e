// Statements of a transaction sent without waiting, one after another, for each to answer. On PostgreSQL every
// statement is a round trip to the server, and most of a cart step's or an order's time is spent in them, not in the
// server's work; the connection's pipeline (./pg-driver.ts) takes several statements at once and answers them in
// order. Kysely sends a transaction's statements one at a time, each once the one before has answered, so a
// statement that is to go with others goes through here:
// - `later(tx, write)`: a write whose answer the work does not need. It is sent now; the next statement awaited, or
//   the commit, waits for it, and fails with its error if it failed (the transaction is then rolled back). A commit
//   goes right behind such writes, in the same round trip, unless one of them has a `check` to pass first.
// - `together(tx, [a, b])`: statements sent at once and all awaited, answered in order.
// Elsewhere (SQLite, whose statements cost no round trip; or outside a transaction) each is simply run in turn.
import type { CompiledQuery, DatabaseConnection, QueryResult } from "kysely";
import type { Sql } from "./index.ts";

/** A statement of the typed layer: a query built with the builder, or a `sql` template (compiled on `db`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Statement<O = any> = { compile(db: Sql): CompiledQuery<O> };

/** The rows each of `Q`'s statements answers. */
type RowsOf<Q extends readonly Statement[]> = { [K in keyof Q]: Q[K] extends Statement<infer O> ? O[] : never };

/** What a statement's answer must show; throwing fails the transaction (e.g. a row to update that is gone). */
export type Check = (result: QueryResult<unknown>) => void;

/** A connection that pipelines the statements of its transaction (./pg-driver.ts). */
export interface Pipelining {
  /** Whether statements sent now are pipelined: a transaction is open on it. */
  readonly pipelining: boolean;
  /** Sends a statement of the open transaction without waiting for its answer (see `later`). */
  sendLater(compiled: CompiledQuery, check?: Check): void;
}

const pipelines = (conn: DatabaseConnection): conn is DatabaseConnection & Pipelining =>
  (conn as Partial<Pipelining>).pipelining === true;

/** Sends `write` now and goes on; the transaction waits for its answer at its next awaited statement or its commit. */
export async function later(db: Sql, write: Statement, check?: Check): Promise<void> {
  const compiled = write.compile(db);
  await db.getExecutor().provideConnection(async (conn) => {
    if (pipelines(conn)) return conn.sendLater(compiled, check);
    const result = await conn.executeQuery(compiled);
    check?.(result);
  });
}

/** Sends `statements` at once and answers the rows of each, in order. */
export async function together<Q extends readonly Statement[]>(db: Sql, statements: readonly [...Q]): Promise<RowsOf<Q>> {
  const compiled = statements.map((s) => s.compile(db));
  const results = await db.getExecutor().provideConnection(async (conn) => {
    if (pipelines(conn)) return Promise.all(compiled.map((c) => conn.executeQuery(c)));
    const answered: QueryResult<unknown>[] = [];
    for (const c of compiled) answered.push(await conn.executeQuery(c));
    return answered;
  });
  return results.map((r) => r.rows) as RowsOf<Q>;
}
