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
export type Placeholder<A> = <K extends keyof A & string>(name: K) => A[K];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Prepared<A, Q extends Compilable<any>> {
  /** Runs the read on `db` (the typed layer, or a transaction of it) with `args` for its parameters. */
  (db: Sql, args: A): Promise<InferResult<Q>>;
}

/** The compiled queries of one `prepared` or `preparedShapes` read: per dialect, per shape. */
class Compiled {
  readonly #byDialect = new Map<unknown, Map<string, CompiledQuery>>();

  /** The query of `key` on `db`'s dialect, compiled by `build` the first time; past `keep` shapes, compiled anew each time. */
  of(db: Sql, key: string, keep: number, build: () => Compilable<unknown>): CompiledQuery {
    const dialect = db.getExecutor().adapter.constructor;
    let shapes = this.#byDialect.get(dialect);
    if (!shapes) this.#byDialect.set(dialect, (shapes = new Map<string, CompiledQuery>()));
    let query = shapes.get(key);
    if (!query) {
      query = build().compile();
      if (statementKind(query.query) !== "read") throw new Error("prepared() is for reads only.");
      if (shapes.size < keep) {
        shapes.set(key, query);
        compiledOnce.add(query.query);
      }
    }
    return query;
  }
}

async function run<R>(db: Sql, query: CompiledQuery, args: Record<string, unknown>): Promise<R> {
  const parameters = query.parameters.map((p) => (p instanceof Param ? args[p.name] : p));
  const result = await db.executeQuery({ ...query, queryId: createQueryId(), parameters });
  return result.rows as R;
}

/** `prepared<{ cartId: number }>()((db, $) => db.selectFrom("Cart").selectAll().where("id", "=", $("cartId")))` */
export const prepared =
  <A extends Record<string, unknown>>() =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <Q extends Compilable<any>>(build: (db: Sql, $: Placeholder<A>) => Q): Prepared<A, Q> => {
  const compiled = new Compiled();
  return async (db, args) => run(db, compiled.of(db, "", 1, () => build(db, placeholder)), args);
};

/** Shapes kept per `preparedShapes` read: far more than its filters combine to in practice. */
const SHAPES = 200;

/**
 * A read of a few shapes (a page of the product list: its order, which filters it has, how many words a search
 * has), built and compiled once per shape. `build` sees the shape alone (plain data, keyed by its JSON) and takes
 * every value through `$`, so a value can only reach the statement's text through the shape. Past SHAPES shapes, a new one
 * is compiled each time it is sent (and goes unnamed on PostgreSQL until its third use, as any statement).
 */
export const preparedShapes =
  <A extends Record<string, unknown>>() =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  <S, Q extends Compilable<any>>(build: (db: Sql, $: Placeholder<A>, shape: S) => Q) => {
  const compiled = new Compiled();
  return async (db: Sql, shape: S, args: A): Promise<InferResult<Q>> => run(db, compiled.of(db, JSON.stringify(shape), SHAPES, () => build(db, placeholder, shape)), args);
};

const placeholder = ((name: string) => new Param(name)) as Placeholder<never>;
