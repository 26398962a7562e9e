// The SQL statements a piece of work sends, through the observed driver adapter (lib/db/observe.ts).
import pg from "pg";
import { onStatement } from "../../lib/db/observe.ts";

/** Runs `work` and collects the statements it sends, leaving out those `skip` names (bookkeeping). */
export async function counted<T>(work: () => Promise<T>, skip: (sql: string) => boolean = () => false): Promise<{ statements: string[]; result: T }> {
  const statements: string[] = [];
  const stop = onStatement((sql) => skip(sql) || statements.push(sql));
  try {
    return { statements, result: await work() };
  } finally {
    stop();
  }
}

/** Queries node-postgres was given: all, and those given to a connection still running or holding one. */
export interface Overlaps {
  calls: number;
  /** On a connection not pipelined: queued behind another (node-postgres deprecates it, pg@9 refuses it). */
  overlaps: number;
  /** On a pipelined connection (lib/db/sql/pg-driver.ts), which is made to take them. */
  pipelined: number;
  /** Puts node-postgres back as it was. */
  stop: () => void;
}

/** Counts the queries node-postgres is given until `stop`. */
export function watchOverlaps(): Overlaps {
  type Query = typeof pg.Client.prototype.query;
  type Inspectable = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };
  const original = Object.getOwnPropertyDescriptor(pg.Client.prototype, "query")!.value as Query;
  const seen: Overlaps = { calls: 0, overlaps: 0, pipelined: 0, stop: () => (pg.Client.prototype.query = original) };
  pg.Client.prototype.query = function (this: Inspectable, ...args: unknown[]) {
    seen.calls++;
    if (this._activeQuery || this._queryQueue?.length) seen[this.pipeline ? "pipelined" : "overlaps"]++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as Query;
  return seen;
}
