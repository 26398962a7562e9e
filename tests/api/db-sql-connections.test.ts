// The typed layer's connections beside Prisma's (lib/db/sql/sqlite-driver.ts on a SQLite file, the shared pool on
// PostgreSQL): one write lock for both clients, prepared reads that answer what the built query answers, and cart
// transactions that commit without waiting for the disk on PostgreSQL, for themselves alone.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { getSql, provider } from "../../lib/db/client.ts";
import { sql, type Sql, type SqlTx } from "../../lib/db/sql/index.ts";
import { prepared, preparedShapes } from "../../lib/db/sql/prepared.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { cartTransaction, settleBulkWrites } from "../../lib/db/sql/expressions.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("one write lock for both clients", () => {
  it("a typed-layer write sent while a Prisma transaction is open waits for it and survives its rollback", async () => {
    const db = await getDb();
    const s = await getSql();
    const mine = unique("lock.mine");
    const theirs = unique("lock.theirs");
    const order: string[] = [];
    const pending: Promise<unknown>[] = [];
    await expect(
      db.$transaction(async (tx) => {
        await tx.coreConfig.create({ data: { code: theirs, value: "rolled back" } });
        pending.push(s.insertInto("CoreConfig").values({ code: mine, value: "kept" }).execute().then(() => order.push("typed write")));
        await pause(50);
        order.push("prisma rollback");
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    await Promise.all(pending);
    // On SQLite the write waited for the lock; on PostgreSQL it ran on its own connection. Either way it stands.
    if (provider() === "sqlite") expect(order).toEqual(["prisma rollback", "typed write"]);
    expect(await db.coreConfig.count({ where: { code: mine } })).toBe(1);
    expect(await db.coreConfig.count({ where: { code: theirs } })).toBe(0);
  });

  // PostgreSQL runs both at once, each seeing the rows committed when it began (MVCC).
  it.skipIf(process.env.DATABASE_URL?.startsWith("postgres"))("on SQLite, a typed-layer transaction begun while a Prisma one is open starts after it ends, and sees its rows", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("lock.seen");
    let seen: string | undefined;
    const pending: Promise<void>[] = [];
    await db.$transaction(async (tx) => {
      await tx.coreConfig.create({ data: { code, value: "committed first" } });
      pending.push(
        s.transaction().execute(async (t) => {
          seen = (await t.selectFrom("CoreConfig").select("value").where("code", "=", code).executeTakeFirst())?.value;
        }),
      );
      await pause(50);
    });
    await Promise.all(pending);
    expect(seen).toBe("committed first");
  });
});

describe("prepared reads", () => {
  const byCode = prepared<{ code: string }>()((db, $) => db.selectFrom("CoreConfig").select(["code", "value", "createdAt"]).where("code", "=", $("code")));

  it("answer what the built query answers, for each set of arguments, in and outside a transaction", async () => {
    const s = await getSql();
    const a = unique("prep.a");
    const b = unique("prep.b");
    await s.insertInto("CoreConfig").values([{ code: a, value: "one" }, { code: b, value: "two" }]).execute();
    const built = (code: string) => s.selectFrom("CoreConfig").select(["code", "value", "createdAt"]).where("code", "=", code).execute();
    expect(await byCode(s, { code: a })).toEqual(await built(a));
    expect(await byCode(s, { code: b })).toEqual(await built(b));
    expect((await byCode(s, { code: b }))[0].createdAt).toBeInstanceOf(Date);
    expect(await byCode(s, { code: unique("prep.none") })).toEqual([]);
    await s.transaction().execute(async (tx) => {
      await tx.updateTable("CoreConfig").set({ value: "changed" }).where("code", "=", a).execute();
      expect((await byCode(tx, { code: a }))[0].value).toBe("changed");
    });
  });

  it("refuse to prepare a write", async () => {
    const s = await getSql();
    const write = prepared<{ code: string }>()((db, $) => db.deleteFrom("CoreConfig").where("code", "=", $("code")));
    await expect(write(s, { code: "x" })).rejects.toThrow("reads only");
  });

  it("of several shapes answer each shape's rows for each set of values, one text per shape", async () => {
    const s = await getSql();
    const prefix = unique("prep.shape");
    await s.insertInto("CoreConfig").values([1, 2, 3].map((n) => ({ code: `${prefix}.${n}`, value: `v${n}` }))).execute();
    // The shape: how many codes the read takes, and whether it orders them down. Values come only through `$`.
    const byCodes = preparedShapes<Record<`c${number}`, string>>()(
      (db, $, shape: { codes: number; down: boolean }) =>
        db.selectFrom("CoreConfig").select("value").where("code", "in", Array.from({ length: shape.codes }, (_, i) => $(`c${i}`)))
          .orderBy("code", shape.down ? "desc" : "asc"),
    );
    const texts: string[] = [];
    const stop = onStatement((text) => texts.push(text));
    const values = async (codes: number[], down = false) =>
      (await byCodes(s, { codes: codes.length, down }, Object.fromEntries(codes.map((n, i) => [`c${i}`, `${prefix}.${n}`])))).map((r) => r.value);
    try {
      expect(await values([1, 2])).toEqual(["v1", "v2"]);
      expect(await values([2, 3])).toEqual(["v2", "v3"]);
      expect(await values([2, 3], true)).toEqual(["v3", "v2"]);
      expect(await values([1, 2, 3], true)).toEqual(["v3", "v2", "v1"]);
      expect(await values([3, 1])).toEqual(["v1", "v3"]);
    } finally {
      stop();
    }
    expect(texts[1]).toBe(texts[0]);
    expect(texts[4]).toBe(texts[0]);
    expect(new Set(texts).size).toBe(3);
  });
});

describe("cart transactions", () => {
  it("commit what they wrote; on PostgreSQL without waiting for the disk, for that transaction alone", async () => {
    const s = await getSql();
    const code = unique("cart.tx");
    const setting = async (db: Sql | SqlTx) =>
      (await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(db)).rows[0].synchronous_commit;
    let inside: string | null = null;
    await cartTransaction(s, async (tx) => {
      await tx.insertInto("CoreConfig").values({ code, value: "cart" }).execute();
      if (provider() === "postgresql") inside = await setting(tx);
    });
    expect((await s.selectFrom("CoreConfig").select("value").where("code", "=", code).executeTakeFirstOrThrow()).value).toBe("cart");
    if (provider() === "postgresql") {
      expect(inside).toBe("off");
      // The pool's connections keep the server's setting for every other transaction (place-order commits durably).
      await s.transaction().execute(async (tx) => expect(await setting(tx)).toBe("on"));
    }
  });
});

describe("settling bulk writes (the benchmark's databases)", () => {
  it("runs on the writer: SQLite folds its write-ahead log into the file, PostgreSQL analyzes; the rows stay", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("settle");
    await s.insertInto("CoreConfig").values({ code, value: "bulk" }).execute();
    // On SQLite's read-only reading connection the checkpoint failed (disk I/O error): it must run on the writer.
    await expect(settleBulkWrites(s)).resolves.toBeUndefined();
    expect(await db.coreConfig.count({ where: { code } })).toBe(1);
  });
});
