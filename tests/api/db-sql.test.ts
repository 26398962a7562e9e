// The typed SQL layer (lib/db/sql/): rows in the generated types on both databases, writes that store what a Prisma
// model query stores (timestamps, amounts), constraint clashes answered as a model query's, text that is not
// well-formed Unicode refused, transactions that commit or roll back as one, and writes that tell the caches of the
// tables they touch, read from the query built.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { getSql, provider } from "../../lib/db/client.ts";
import { sql } from "../../lib/db/sql/index.ts";
import { onStatement, onWrite, type WriteNotice } from "../../lib/db/observe.ts";
import { fromPrismaError } from "../../lib/db/errors.ts";
import { Validation } from "../../lib/errors.ts";
import { Decimal } from "../../lib/money.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How the database holds a row's createdAt, digits masked (see tests of the stored form below). */
async function storedForm(table: "CoreConfig" | "ContactMessage", id: number) {
  const db = await getSql();
  const text = provider() === "postgresql"
    ? sql<string>`pg_typeof("createdAt")::text || ' ' || to_char("createdAt", 'YYYY-MM-DD HH24:MI:SS.MS')`
    : sql<string>`CAST("createdAt" AS TEXT)`;
  const row = await db.selectFrom(table).select(text.as("c")).where("id", "=", id).executeTakeFirstOrThrow();
  return String(row.c).replace(/\d/g, "0");
}

describe("rows come back in the generated types", () => {
  it("integers, decimals as exact text, booleans, dates and JSON, as Prisma reads the same row", async () => {
    const db = await getDb();
    const channel = await db.channel.findFirstOrThrow();
    const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "custom", permissions: ["catalog.products.view"] } });
    const currency = await db.currency.create({ data: { code: unique("c"), name: "Typed", symbol: "¤", exchangeRate: { create: { rate: new Decimal("1.2345") } } } });
    try {
      const s = await getSql();
      const ch = await s.selectFrom("Channel").selectAll().where("id", "=", channel.id).executeTakeFirstOrThrow();
      expect(ch.id).toBe(channel.id);
      expect(ch.isMaintenanceOn).toBe(channel.isMaintenanceOn);
      expect(ch.createdAt).toBeInstanceOf(Date);
      expect(ch.createdAt.getTime()).toBe(channel.createdAt.getTime());
      const rate = await s.selectFrom("ExchangeRate").select("rate").where("currencyId", "=", currency.id).executeTakeFirstOrThrow();
      expect(rate.rate).toBe("1.2345");
      const r = await s.selectFrom("AdminRole").select(["permissions"]).where("id", "=", role.id).executeTakeFirstOrThrow();
      expect(r.permissions).toEqual(["catalog.products.view"]);
    } finally {
      await db.currency.delete({ where: { id: currency.id } });
      await db.adminRole.delete({ where: { id: role.id } });
    }
  });
});

describe("writes fill timestamps as model queries do", () => {
  it("an insert without timestamps stores now, in the form a model create stores", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("sql.stamp");
    const before = Date.now();
    const { id } = await s.insertInto("CoreConfig").values({ code, value: "typed" }).returning("id").executeTakeFirstOrThrow();
    const row = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.updatedAt).toEqual(row.createdAt);
    const model = await db.coreConfig.create({ data: { code: `${code}.model`, value: "model" } });
    expect(await storedForm("CoreConfig", id)).toBe(await storedForm("CoreConfig", model.id));
  });

  it("a table without updatedAt gets createdAt alone; timestamps the caller gives are kept; several rows in one statement", async () => {
    const db = await getDb();
    const s = await getSql();
    const email = `${unique("sql")}@example.com`;
    const at = new Date("2024-02-03T04:05:06.789Z");
    const done = await s.insertInto("ContactMessage").values([{ name: "a", email, message: "one" }, { name: "b", email, message: "two", createdAt: at }]).executeTakeFirst();
    expect(Number(done.numInsertedOrUpdatedRows)).toBe(2);
    const rows = await db.contactMessage.findMany({ where: { email }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.message)).toEqual(["one", "two"]);
    expect(Math.abs(rows[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(rows[1].createdAt).toEqual(at);
  });

  it("an update and an upsert move updatedAt and leave createdAt", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("sql.update");
    const { id } = await s.insertInto("CoreConfig").values({ code, value: "first" }).returning("id").executeTakeFirstOrThrow();
    const first = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    await pause(5);
    const changed = await s.updateTable("CoreConfig").set({ value: "second" }).where("id", "=", id).executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
    const second = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(second.value).toBe("second");
    expect(second.createdAt).toEqual(first.createdAt);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    await pause(5);
    const written = await s
      .insertInto("CoreConfig")
      .values({ code, channelCode: "", locale: "", value: "third" })
      .onConflict((oc) => oc.columns(["code", "channelCode", "locale"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
      .returning(["id", "value"])
      .executeTakeFirstOrThrow();
    expect(written).toEqual({ id, value: "third" });
    const third = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(third.createdAt).toEqual(first.createdAt);
    expect(third.updatedAt.getTime()).toBeGreaterThan(second.updatedAt.getTime());
  });
});

describe("bad writes are answered as a model query's and write nothing", () => {
  it("text with a lone surrogate is refused; a search for it finds nothing", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("sql.surrogate");
    const refused = s.insertInto("CoreConfig").values({ code, value: "bad \ud800 text" }).execute();
    await expect(refused).rejects.toBeInstanceOf(Validation);
    await expect(refused).rejects.toThrow("Text must be well-formed Unicode: a lone surrogate (\\uD800-\\uDFFF) is not allowed.");
    expect(await db.coreConfig.count({ where: { code } })).toBe(0);
    expect(await s.selectFrom("CoreConfig").select("id").where("value", "=", "bad \ud800 text").execute()).toEqual([]);
  });

  it("a unique clash is a 422 naming the fields; a foreign key to nothing is a 409", async () => {
    const s = await getSql();
    const code = unique("sql.clash");
    await s.insertInto("Locale").values({ code, name: "Clash" }).execute();
    const clash = await s.insertInto("Locale").values({ code, name: "Clash again" }).execute().catch((e: unknown) => e);
    const answer = fromPrismaError(clash);
    expect(answer).toBeInstanceOf(Validation);
    expect(answer?.message).toContain("Locale");
    const orphan = await s.insertInto("CountryState").values({ countryId: 987_654_321, code: "X", name: "Nowhere" }).execute().catch((e: unknown) => e);
    expect(fromPrismaError(orphan)?.status).toBe(409);
    await s.deleteFrom("Locale").where("code", "=", code).execute();
  });
});

describe("amounts are stored as model queries store them", () => {
  it("a Decimal written by the typed layer, outside a transaction and in one, is stored and read back as a model create's", async () => {
    const db = await getDb();
    const s = await getSql();
    const currencies = await Promise.all([0, 1, 2].map(() => db.currency.create({ data: { code: unique("sql.amount"), name: "Typed amount", symbol: "¤" } })));
    const kind = provider() === "postgresql" ? sql<string>`pg_typeof("rate")::text` : sql<string>`typeof("rate")`;
    try {
      for (const amount of ["19.99", "0", "1234567.891", "0.1", "-3.5"]) {
        const [model, outside, inside] = currencies.map((c) => c.id);
        await db.exchangeRate.deleteMany({ where: { currencyId: { in: currencies.map((c) => c.id) } } });
        await db.exchangeRate.create({ data: { currencyId: model, rate: new Decimal(amount) } });
        await s.insertInto("ExchangeRate").values({ currencyId: outside, rate: new Decimal(amount) as unknown as string }).execute();
        await s.transaction().execute((tx) => tx.insertInto("ExchangeRate").values({ currencyId: inside, rate: amount }).execute());
        const forms = await Promise.all(
          [model, outside, inside].map((id) =>
            s.selectFrom("ExchangeRate").select([kind.as("kind"), sql<string>`CAST("rate" AS TEXT)`.as("text")]).where("currencyId", "=", id).executeTakeFirstOrThrow(),
          ),
        );
        expect(forms[1]).toEqual(forms[0]);
        expect(forms[2]).toEqual(forms[0]);
        const read = await s.selectFrom("ExchangeRate").select("rate").where("currencyId", "in", [model, outside, inside]).execute();
        expect(read.map((r) => new Decimal(r.rate).toString())).toEqual([amount, amount, amount].map((a) => new Decimal(a).toString()));
      }
    } finally {
      await db.currency.deleteMany({ where: { id: { in: currencies.map((c) => c.id) } } });
    }
  });
});

describe("transactions and write notices", () => {
  it("a rolled back transaction writes nothing; a committed one is seen by Prisma; Prisma waits for it on SQLite's writer", async () => {
    const db = await getDb();
    const s = await getSql();
    const code = unique("sql.tx");
    await expect(
      s.transaction().execute(async (tx) => {
        await tx.insertInto("CoreConfig").values({ code, value: "gone" }).execute();
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await db.coreConfig.count({ where: { code } })).toBe(0);
    await s.transaction().execute(async (tx) => {
      await tx.insertInto("CoreConfig").values({ code, value: "kept" }).execute();
      // Read on the transaction: its own write is there; a read outside it does not see it yet.
      expect((await tx.selectFrom("CoreConfig").select("value").where("code", "=", code).executeTakeFirst())?.value).toBe("kept");
    });
    expect((await db.coreConfig.findFirstOrThrow({ where: { code } })).value).toBe("kept");
  });

  it("a write tells the tables it touched, unsettled inside a transaction and settled at its end; statements are counted", async () => {
    const s = await getSql();
    const heard: WriteNotice[] = [];
    const statements: string[] = [];
    const stopWrites = onWrite((n) => void heard.push(n));
    const stopStatements = onStatement((q) => statements.push(q));
    try {
      const code = unique("sql.notice");
      await s.insertInto("Locale").values({ code, name: "Notice" }).execute();
      expect(heard).toEqual([{ tables: new Set(["Locale"]), origin: "here", settled: true }]);
      heard.length = 0;
      await s.transaction().execute(async (tx) => {
        await tx.updateTable("Locale").set({ name: "Notice 2" }).where("code", "=", code).execute();
        await tx.selectFrom("Locale").select("id").where("code", "=", code).execute();
      });
      expect(heard).toEqual([
        { tables: new Set(["Locale"]), origin: "here", settled: false },
        { tables: new Set(["Locale"]), origin: "here", settled: true },
      ]);
      expect(statements.filter((q) => /Locale/.test(q))).toHaveLength(3);
      expect(statements).toContain("COMMIT");
      await s.deleteFrom("Locale").where("code", "=", code).execute();
    } finally {
      stopWrites();
      stopStatements();
    }
  });
});
