// The typed layer's own pool on PostgreSQL (lib/db/sql/pg-driver.ts): statements of a fixed shape go prepared under
// a name (a prepared read at once, any other statement from its third use), a transaction's BEGIN rides with its first plain statement, and rows,
// parameters and errors are what Prisma's adapter gave before.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { getSql, provider } from "../../lib/db/client.ts";
import { sql, typedPostgres, type SqlTx } from "../../lib/db/sql/index.ts";
import { prepared } from "../../lib/db/sql/prepared.ts";
import { cartTransaction } from "../../lib/db/sql/expressions.ts";
import { later } from "../../lib/db/sql/pipeline.ts";
import { watchOverlaps } from "../support/statements.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { fromPrismaError } from "../../lib/db/errors.ts";

/** The statements prepared on the transaction's own connection, by their text. */
async function preparedOn(tx: SqlTx): Promise<Map<string, string>> {
  const rows = (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(tx)).rows;
  return new Map(rows.map((r) => [r.statement, r.name]));
}

describe.runIf(provider() === "postgresql")("the typed layer's pool on PostgreSQL", () => {
  const byCode = prepared<{ code: string }>()((db, $) => db.selectFrom("CoreConfig").select(["code", "value"]).where("code", "=", $("code")));

  it("sends prepared reads as named statements at once, and other reads and writes from their third use", async () => {
    const s = await getSql();
    const code = unique("named");
    const texts: string[] = [];
    const stop = onStatement((text) => texts.push(text));
    try {
      await s.transaction().execute(async (tx) => {
        expect(await byCode(tx, { code })).toEqual([]);
        await tx.selectFrom("CoreConfig").select("value").where("code", "like", `${code}%`).execute();
        const [read, built] = texts;
        let named = await preparedOn(tx);
        expect(named.get(read)).toMatch(/^k[\w-]{32}$/);
        expect(named.has(built)).toBe(false);
        // A read built per request goes named from its third use, its plan then kept for its text.
        for (const n of [1, 2]) await tx.selectFrom("CoreConfig").select("value").where("code", "like", `${code}${n}%`).execute();
        named = await preparedOn(tx);
        expect(named.get(built)).toMatch(/^k[\w-]{32}$/);
        expect(named.get(built)).not.toBe(named.get(read));
        // So does a write (a one-off bulk write never is).
        await tx.insertInto("CoreConfig").values({ code, value: "v" }).execute();
        const insert = texts.at(-1)!;
        expect((await preparedOn(tx)).has(insert)).toBe(false);
        for (const n of [1, 2]) await tx.insertInto("CoreConfig").values({ code: `${code}.${n}`, value: "v" }).execute();
        named = await preparedOn(tx);
        expect(named.get(insert)).toMatch(/^k[\w-]{32}$/);
        expect(named.get(insert)).not.toBe(named.get(read));
      });
    } finally {
      stop();
    }
    // Sent again outside the transaction, on any pooled connection, it answers the committed row.
    expect(await byCode(s, { code })).toEqual([{ code, value: "v" }]);
  });

  it("sends nothing named, and nothing pipelined, behind a pooler in transaction mode (pgbouncer=true in the URL)", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set("pgbouncer", "true");
    const pooled = typedPostgres(url.toString(), 2);
    const seen = watchOverlaps();
    try {
      const code = unique("pooled");
      await pooled.transaction().execute(async (tx) => {
        expect(await byCode(tx, { code })).toEqual([]); // a first read: not sent with the BEGIN here
        await tx.insertInto("CoreConfig").values({ code, value: "p" }).execute();
        await later(tx, tx.updateTable("CoreConfig").set({ value: "q" }).where("code", "=", code));
        expect(await byCode(tx, { code })).toEqual([{ code, value: "q" }]);
        expect([...(await preparedOn(tx)).keys()]).toEqual([]);
      });
      expect(seen.overlaps + seen.pipelined).toBe(0);
      expect(await byCode(pooled, { code })).toEqual([{ code, value: "q" }]);
    } finally {
      seen.stop();
      await pooled.destroy();
    }
  });

  it("begins a transaction with its first statement: a cart transaction's setting in the same round trip, for it alone", async () => {
    const s = await getSql();
    const code = unique("lazy");
    const seen = await cartTransaction(s, async (tx) => {
      await tx.insertInto("CoreConfig").values({ code, value: "cart" }).execute();
      return (await sql<{ on: boolean }>`SELECT current_setting('synchronous_commit') = 'off' AS "on"`.execute(tx)).rows[0].on;
    });
    expect(seen).toBe(true);
    await expect((await getDb()).coreConfig.count({ where: { code } })).resolves.toBe(1);
    // A transaction that sends nothing ends cleanly, and the connection it held serves the next one.
    await s.transaction().execute(async () => undefined);
    await expect(s.transaction().execute(async (tx) => (await byCode(tx, { code }))[0]?.value)).resolves.toBe("cart");
  });

  it("rolls back from the first statement: a failing setting, a failing write", async () => {
    const s = await getSql();
    const code = unique("rollback");
    await expect(
      s.transaction().execute(async (tx) => {
        await sql`SET LOCAL no_such_setting_at_all = 1`.execute(tx);
      }),
    ).rejects.toThrow();
    await expect(
      s.transaction().execute(async (tx) => {
        await tx.insertInto("CoreConfig").values({ code, value: "first" }).execute();
        await tx.insertInto("CoreConfig").values({ code, value: "again" }).execute();
      }),
    ).rejects.toMatchObject({ name: "ConstraintError", kind: "unique", table: "CoreConfig", fields: ["code", "channelCode", "locale"] });
    expect(await byCode(s, { code })).toEqual([]);
    // The pool is whole afterwards: every connection answers.
    const answers = await Promise.all(Array.from({ length: 12 }, () => s.selectNoFrom((eb) => eb.lit(1).as("one")).execute()));
    expect(answers.every((rows) => rows[0].one === 1)).toBe(true);
  });

  it("answers counts as numbers and timestamps in UTC, as Prisma reads them", async () => {
    const s = await getSql();
    const db = await getDb();
    const code = unique("utc");
    const at = new Date("2026-03-29T01:30:00.123Z"); // a daylight-saving change in many zones
    await s.insertInto("CoreConfig").values({ code, value: "t", createdAt: at }).execute();
    const row = await s.selectFrom("CoreConfig").select(["createdAt"]).where("code", "=", code).executeTakeFirstOrThrow();
    expect(row.createdAt.toISOString()).toBe(at.toISOString());
    expect((await db.coreConfig.findFirstOrThrow({ where: { code } })).createdAt.toISOString()).toBe(at.toISOString());
    const { n } = await s.selectFrom("CoreConfig").select((eb) => eb.fn.countAll().as("n")).where("code", "=", code).executeTakeFirstOrThrow();
    expect(n).toBe(1);
  });

  it("answers text PostgreSQL refuses as a validation error, as a model query's", async () => {
    const s = await getSql();
    const error = await s
      .insertInto("CoreConfig")
      .values({ code: unique("nul"), value: "a\u0000b" })
      .execute()
      .catch((e: unknown) => e);
    expect(fromPrismaError(error)).toMatchObject({ status: 422, message: expect.stringContaining("NUL") });
  });
});
