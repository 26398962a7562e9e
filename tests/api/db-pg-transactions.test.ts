// On PostgreSQL a transaction holds one pooled connection, and Prisma sends the relation queries of an `include`
// on it at once. lib/db/pg.ts sends them one at a time, so node-postgres never gets a query while one is running:
// today it queues such a query with a deprecation warning, and pg@9 will refuse it.
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { getDb } from "../support/client.ts";
import { provider } from "../../lib/db/client.ts";
import { rawRows } from "../../lib/db/raw.ts";

type Inspectable = { _activeQuery?: unknown; _queryQueue?: unknown[] };
type Query = typeof pg.Client.prototype.query;
const original = Object.getOwnPropertyDescriptor(pg.Client.prototype, "query")!.value as Query;
afterEach(() => {
  pg.Client.prototype.query = original;
});

/** Counts the queries node-postgres was given while its connection was already running or holding one. */
function watchOverlaps(): { calls: number; overlaps: number } {
  const seen = { calls: 0, overlaps: 0 };
  pg.Client.prototype.query = function (this: Inspectable, ...args: unknown[]) {
    seen.calls++;
    if (this._activeQuery || this._queryQueue?.length) seen.overlaps++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as Query;
  return seen;
}

describe.runIf(provider() === "postgresql")("a transaction's statements on PostgreSQL", () => {
  it("reach its connection one at a time: an include's relations, raw statements sent together, in order", async () => {
    const db = await getDb();
    const seen = watchOverlaps();
    const [channel, together] = await db.$transaction(async (tx) => {
      const found = await tx.channel.findFirst({ include: { locales: true, currencies: true, translations: true, paymentMethods: true } });
      const sent = await Promise.all([1, 2, 3].map((n) => rawRows(tx, `SELECT $1::int AS "n", pg_sleep(0.01)::text AS "slept"`, n)));
      return [found, sent.map((rows) => Number(rows[0].n))] as const;
    });
    expect(channel?.locales.length).toBeGreaterThan(0);
    expect(channel?.currencies.length).toBeGreaterThan(0);
    expect(together).toEqual([1, 2, 3]);
    expect(seen.calls).toBeGreaterThan(6);
    expect(seen.overlaps).toBe(0);
  });

  it("a failing statement does not stall those queued behind it, and the transaction rolls back", async () => {
    const db = await getDb();
    const outcome = await db
      .$transaction(async (tx) => {
        const [bad, good] = await Promise.allSettled([
          rawRows(tx, `SELECT "id" FROM "NoSuchTable"`),
          rawRows(tx, `SELECT 1 AS "one"`),
        ]);
        expect(bad.status).toBe("rejected");
        // PostgreSQL refuses every statement of a transaction after a failed one.
        expect(good.status).toBe("rejected");
        throw new Error("done");
      })
      .catch((e: Error) => e.message);
    expect(outcome).toBe("done");
    expect(Number((await rawRows(db, `SELECT 1 AS "one"`))[0].one)).toBe(1);
  });
});
