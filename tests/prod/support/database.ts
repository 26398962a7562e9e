// What a call did to the database and whether it reached the domain: row counts of every table in one query,
// the tables this process wrote (lib/db/observe.ts), and a spy on each operation's `run`.
import fs from "node:fs";
import path from "node:path";
import { getDb } from "../../support/client.ts";
import type { AnyOperation } from "../../../lib/operations/define.ts";

const SCHEMA = path.resolve(import.meta.dirname, "../../../prisma/schema.prisma");

/** Every table of the datamodel (no model is renamed with @@map). */
export const TABLES: string[] = [...fs.readFileSync(SCHEMA, "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);

/**
 * Tables the Shop API appends to off the request path after an admitted catalog read (product visits, search
 * terms, lib/catalog/activity.ts): such a write of one call may land while the next call is being answered.
 */
export const OFF_PATH = new Set(["ProductVisit", "SearchTerm"]);

let countSql: string | null = null;

/** Row counts of every table, read in one statement. */
export async function tableCounts(): Promise<Record<string, number>> {
  countSql ??= `SELECT ${TABLES.map((t) => `(SELECT COUNT(*) FROM "${t}") AS "${t}"`).join(", ")}`;
  const db = await getDb();
  const [row] = await db.$queryRawUnsafe<Record<string, number | bigint>[]>(countSql);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** The tables whose counts differ between two snapshots, with both counts; `ignore` leaves some out. */
export function changedCounts(before: Record<string, number>, after: Record<string, number>, ignore: ReadonlySet<string> = new Set()): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const t of TABLES) if (before[t] !== after[t] && !ignore.has(t)) out[t] = [before[t], after[t]];
  return out;
}

/** Wraps `run` of every operation to count the calls that reached the domain. Transports look `run` up per call. */
export function spyOnRuns(ops: AnyOperation[]): Map<string, number> {
  const calls = new Map<string, number>();
  for (const op of ops) {
    // `run` is declared with method syntax but is a plain function of the declaration object, which it never reads.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = op.run as (this: void, ...args: unknown[]) => unknown;
    if ((original as { spied?: boolean }).spied) continue;
    const spy = (...args: unknown[]) => {
      calls.set(op.name, (calls.get(op.name) ?? 0) + 1);
      return original(...args);
    };
    (op as { run: unknown }).run = Object.assign(spy, { spied: true });
  }
  return calls;
}
