// A read whose shape never changes (the cart of a checkout step, a cart by its token), built and compiled once per
// dialect: its values are named parameters (`$("cartId")`), filled in at each run. Building and compiling a query
// with Kysely costs more than running it on a prepared statement (lib/db/sql/sqlite-driver.ts keeps those), and the
// hot paths send the same few reads on every request. Only reads: a write is built anew so that its stamps
// (./stamps.ts) are of its own time.
import { createQueryId, type Compilable, type CompiledQuery, type InferResult, type RootOperationNode } from "kysely";
import type { Sql } from "./index.ts";
import { statementKind } from "./tables.ts";

/**
 * The queries `prepared()` compiled: on PostgreSQL each goes as a named statement (./pg-driver.ts). On globalThis,
 * like the write listeners (../observe.ts): a route bundle's copy of this module marks what the driver, loaded once
 * by whichever bundle connected first, reads.
 */
const compiledOnce = ((globalThis as { __commercePreparedQueries?: WeakSet<RootOperationNode> }).__commercePreparedQueries ??= new WeakSet());
export const isPrepared = (node: RootOperationNode): boolean => compiledOnce.has(node);

class Param {
  constructor(readonly name: string) {}
}

/** A named parameter, typed as the value it stands for. */
type Placeholder<A> = <K extends keyof A & string>(name: K) => A[K];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Prepared<A, Q extends Compilable<any>> {
  /** Runs the read on `db` (the typed layer, or a transaction of it) with `args` for its parameters. */
  (db: Sql, args: A): Promise<InferResult<Q>>;
}

/** `prepared<{ cartId: number }>()((db, $) => db.selectFrom("Cart").selectAll().where("id", "=", $("cartId")))` */
export const prepared =
  <A extends Record<string, unknown>>() =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <Q extends Compilable<any>>(build: (db: Sql, $: Placeholder<A>) => Q): Prepared<A, Q> => {
  const compiled = new Map<unknown, CompiledQuery>();
  return async (db, args) => {
    const dialect = db.getExecutor().adapter.constructor;
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, (name) => new Param(name) as never).compile();
      if (statementKind(query.query) !== "read") throw new Error("prepared() is for reads only.");
      compiled.set(dialect, query);
      compiledOnce.add(query.query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Param ? args[p.name] : p));
    const result = await db.executeQuery({ ...query, queryId: createQueryId(), parameters });
    return result.rows as InferResult<Q>;
  };
}
