// More of the typed SQL layer (lib/db/sql/), carried over from the tests of the raw layer it replaces
// (db-raw-writes, db-direct-reads, db-pg-transactions): the schema rule the timestamps rely on, parameters compared
// with columns as Prisma's model queries compare them, text kept as given, what a read outside a transaction sees,
// statements after a transaction's end refused, and on PostgreSQL a transaction's statements kept to its own
// connection, one at a time.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { watchOverlaps, type Overlaps } from "../support/statements.ts";
import { getSql, provider } from "../../lib/db/client.ts";
import { sql, type SqlTx } from "../../lib/db/sql/index.ts";
import { fromPrismaError } from "../../lib/db/errors.ts";
import { Validation } from "../../lib/errors.ts";
import { Decimal } from "../../lib/money.ts";

const message = (tag: string) => ({ name: "typed", email: `${tag}@example.com`, message: tag });
/** Committed ContactMessage rows tagged `tag`, as a read outside any transaction sees them. */
const counted = async (tag: string) => (await (await getSql()).selectFrom("ContactMessage").select("id").where("message", "=", tag).execute()).length;

describe("the schema rule the timestamps rely on (lib/db/sql/stamps.ts)", () => {
  it("every model's createdAt defaults to now() and every updatedAt is @updatedAt", () => {
    const schema = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
    const fields = (name: string) => schema.split("\n").filter((l) => new RegExp(`^\\s+${name}\\s`).test(l));
    expect(fields("createdAt").length).toBeGreaterThan(10);
    for (const line of fields("createdAt")) expect(line).toMatch(/DateTime\s+@default\(now\(\)\)/);
    for (const line of fields("updatedAt")) expect(line).toMatch(/DateTime\s+@updatedAt/);
  });
});

describe("parameters are bound as Prisma binds them", () => {
  it("amounts, dates, booleans, integers and text compared with columns find the rows a model query finds", async () => {
    const db = await getDb();
    const s = await getSql();
    const future = new Date(Date.now() + 60_000);
    for (const [low, high] of [
      [new Decimal("10.5"), new Decimal("1000")],
      [10.5, 1000],
    ] as const) {
      const typed = await s
        .selectFrom("Product")
        .select("id")
        .where("price", ">=", low as unknown as string)
        .where("price", "<", high as unknown as string)
        .where("createdAt", "<=", future)
        .where("status", "=", true)
        .where("id", ">", 2)
        .where("sku", "<>", "none")
        .orderBy("id")
        .execute();
      const model = await db.product.findMany({
        where: { price: { gte: new Decimal(low), lt: new Decimal(high) }, createdAt: { lte: future }, status: true, id: { gt: 2 }, sku: { not: "none" } },
        select: { id: true },
        orderBy: { id: "asc" },
      });
      expect(model.length).toBeGreaterThan(0);
      expect(typed).toEqual(model);
    }
  });

  it("text is stored and found as given: empty, emoji, no-break space, line breaks", async () => {
    const db = await getDb();
    const s = await getSql();
    const email = `${unique("text")}@example.com`;
    const texts = ["plain", "", "😀 é \u00a0", "line\nbreak"];
    await s.insertInto("ContactMessage").values(texts.map((t) => ({ name: t, email, message: t }))).execute();
    const stored = await db.contactMessage.findMany({ where: { email }, orderBy: { id: "asc" } });
    expect(stored.map((r) => [r.name, r.message])).toEqual(texts.map((t) => [t, t]));
    for (const t of texts) {
      const found = await s.selectFrom("ContactMessage").select("name").where("email", "=", email).where("message", "=", t).execute();
      expect(found).toEqual([{ name: t }]);
    }
  });

  it.runIf(provider() === "postgresql")("an id past PostgreSQL's integer range is bad input (22003 → 422)", async () => {
    const s = await getSql();
    const error = await s.selectFrom("Product").select("id").where("id", "=", 2 ** 40).execute().catch((e: unknown) => e);
    expect(fromPrismaError(error)).toBeInstanceOf(Validation);
  });
});

describe("what a transaction's statements see and when they are refused", () => {
  it("a read outside an open transaction sees only committed rows, with the typed layer and with Prisma", async () => {
    const db = await getDb();
    const tag = unique("committed");
    const outside: number[] = [];
    const inside = await (await getSql()).transaction().execute(async (tx) => {
      await tx.insertInto("ContactMessage").values(message(tag)).execute();
      outside.push(await counted(tag), await db.contactMessage.count({ where: { message: tag } }));
      return (await tx.selectFrom("ContactMessage").select("id").where("message", "=", tag).execute()).length;
    });
    expect(inside).toBe(1);
    expect(outside).toEqual([0, 0]);
    expect(await counted(tag)).toBe(1);
  });

  it("a statement on a transaction that has committed or rolled back is refused and writes nothing", async () => {
    const s = await getSql();
    const tag = unique("late");
    let committed!: SqlTx;
    await s.transaction().execute(async (tx) => {
      committed = tx;
      await tx.insertInto("ContactMessage").values(message(tag)).execute();
    });
    await expect(committed.insertInto("ContactMessage").values(message(tag)).execute()).rejects.toThrow(/already committed/);
    let rolledBack!: SqlTx;
    const undone = await s
      .transaction()
      .execute(async (tx) => {
        rolledBack = tx;
        await tx.insertInto("ContactMessage").values(message(tag)).execute();
        throw new Error("undo");
      })
      .catch((e: Error) => e.message);
    expect(undone).toBe("undo");
    await expect(rolledBack.insertInto("ContactMessage").values(message(tag)).execute()).rejects.toThrow(/already rolled back/);
    expect(await counted(tag)).toBe(1);
  });

  it.runIf(provider() === "postgresql")("two transactions open at once each see their own writes only", async () => {
    const s = await getSql();
    const [a, b] = [unique("tx-a"), unique("tx-b")];
    let bWrote!: () => void;
    const bHasWritten = new Promise<void>((r) => (bWrote = r));
    let aRead!: () => void;
    const aHasRead = new Promise<void>((r) => (aRead = r));
    const seen = async (tx: SqlTx) =>
      Promise.all([a, b].map(async (tag) => (await tx.selectFrom("ContactMessage").select("id").where("message", "=", tag).execute()).length));
    const [seenByA, seenByB] = await Promise.all([
      s.transaction().execute(async (tx) => {
        await tx.insertInto("ContactMessage").values(message(a)).execute();
        await bHasWritten;
        const both = await seen(tx);
        aRead();
        return both;
      }),
      s.transaction().execute(async (tx) => {
        await tx.insertInto("ContactMessage").values(message(b)).execute();
        bWrote();
        await aHasRead;
        return seen(tx);
      }),
    ]);
    expect(seenByA).toEqual([1, 0]);
    expect(seenByB).toEqual([0, 1]);
    expect([await counted(a), await counted(b)]).toEqual([1, 1]);
  });
});

// On PostgreSQL a transaction holds one pooled connection. Prisma's is not pipelined, so statements sent on it together
// must reach node-postgres one at a time (lib/db/pg.ts): today it queues an overlapping query with a deprecation
// warning, pg@9 refuses it. The typed layer's connections are pipelined (lib/db/sql/pg-driver.ts), made to take them.
describe.runIf(provider() === "postgresql")("a typed transaction's statements on PostgreSQL", () => {
  let seen: Overlaps | null = null;
  afterEach(() => seen?.stop());

  // Prisma sends the relation queries of an `include` at once; lib/db/pg.ts sends a transaction's statements in turn.
  it("reach its connection one at a time: a Prisma transaction's include relations", async () => {
    const db = await getDb();
    seen = watchOverlaps();
    const channel = await db.$transaction((tx) =>
      tx.channel.findFirst({ include: { locales: true, currencies: true, translations: true, paymentMethods: true } }),
    );
    expect(channel?.locales.length).toBeGreaterThan(0);
    expect(channel?.currencies.length).toBeGreaterThan(0);
    expect(seen.calls).toBeGreaterThan(4);
    expect(seen.overlaps).toBe(0);
  });

  it("answer in order when sent together, on a connection made for it", async () => {
    const s = await getSql();
    seen = watchOverlaps();
    const together = await s.transaction().execute(async (tx) => {
      const sent = await Promise.all(
        [1, 2, 3].map((n) => tx.selectNoFrom([sql<number>`${n}::int`.as("n"), sql<string>`pg_sleep(0.01)::text`.as("slept")]).executeTakeFirstOrThrow()),
      );
      return sent.map((row) => Number(row.n));
    });
    expect(together).toEqual([1, 2, 3]);
    expect(seen.calls).toBeGreaterThanOrEqual(5);
    expect(seen.overlaps).toBe(0);
    // The BEGIN went with the first read, without waiting for its answer.
    expect(seen.pipelined).toBeGreaterThan(0);
  });

  it("a failing statement does not stall those queued behind it, and the transaction rolls back", async () => {
    const s = await getSql();
    const tag = unique("failing");
    const outcome = await s
      .transaction()
      .execute(async (tx) => {
        await tx.insertInto("ContactMessage").values(message(tag)).execute();
        const [bad, good] = await Promise.allSettled([sql`SELECT "id" FROM "NoSuchTable"`.execute(tx), tx.selectNoFrom((eb) => eb.lit(1).as("one")).execute()]);
        expect(bad.status).toBe("rejected");
        // PostgreSQL refuses every statement of a transaction after a failed one.
        expect(good.status).toBe("rejected");
        throw new Error("done");
      })
      .catch((e: Error) => e.message);
    expect(outcome).toBe("done");
    expect(await counted(tag)).toBe(0);
    expect(await s.selectNoFrom((eb) => eb.lit(1).as("one")).execute()).toEqual([{ one: 1 }]);
  });
});
