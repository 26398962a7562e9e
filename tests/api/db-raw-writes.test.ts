// The raw writes of the hot paths (lib/db/raw.ts) store rows as a model query would: `createdAt` and `updatedAt`
// filled in the same form when the caller leaves them out, `updatedAt` moved on every update and upsert, and text
// that is not well-formed Unicode refused with the model query's answer, writing nothing.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { insertRow, insertRows, updateRow, upsertRow, rawRows } from "../../lib/db/raw.ts";
import { Validation } from "../../lib/errors.ts";
import { provider } from "../../lib/db/client.ts";
import { Decimal } from "../../lib/money.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How the database holds a row's timestamp, digits masked: the text SQLite keeps; on PostgreSQL the column's type
 * and its milliseconds (its text form drops trailing zeros of a fraction, so it is not compared as text).
 */
async function storedForm(table: string, id: number) {
  const db = await getDb();
  const sql = provider() === "postgresql"
    ? `SELECT pg_typeof("createdAt")::text || ' ' || to_char("createdAt", 'YYYY-MM-DD HH24:MI:SS.MS') AS "c" FROM "${table}" WHERE "id" = $1`
    : `SELECT CAST("createdAt" AS TEXT) AS "c" FROM "${table}" WHERE "id" = $1`;
  const [row] = await rawRows(db, sql, id);
  return String(row.c).replace(/\d/g, "0");
}

describe("raw writes fill timestamps as model queries do", () => {
  it("every model's createdAt defaults to now() and every updatedAt is @updatedAt, the rule raw.ts relies on", () => {
    const schema = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
    const fields = (name: string) => schema.split("\n").filter((l) => new RegExp(`^\\s+${name}\\s`).test(l));
    expect(fields("createdAt").length).toBeGreaterThan(10);
    for (const line of fields("createdAt")) expect(line).toMatch(/DateTime\s+@default\(now\(\)\)/);
    for (const line of fields("updatedAt")) expect(line).toMatch(/DateTime\s+@updatedAt/);
  });

  it("an insert without timestamps stores now, in the form a model create stores", async () => {
    const db = await getDb();
    const code = unique("raw.stamp");
    const before = Date.now();
    const id = await insertRow(db, "CoreConfig", { code, value: "raw" });
    const row = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.updatedAt).toEqual(row.createdAt);
    const model = await db.coreConfig.create({ data: { code: `${code}.model`, value: "model" } });
    expect(await storedForm("CoreConfig", id)).toBe(await storedForm("CoreConfig", model.id));
  });

  it("a table without updatedAt gets createdAt alone; timestamps the caller gives are kept", async () => {
    const db = await getDb();
    const email = `${unique("raw")}@example.com`;
    const at = new Date("2024-02-03T04:05:06.789Z");
    expect(await insertRows(db, "ContactMessage", [{ name: "a", email, message: "one" }, { name: "b", email, message: "two", createdAt: at }])).toBe(2);
    const rows = await db.contactMessage.findMany({ where: { email }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.message)).toEqual(["one", "two"]);
    expect(Math.abs(rows[0].createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(rows[1].createdAt).toEqual(at);
  });

  it("an update and an upsert move updatedAt and leave createdAt", async () => {
    const db = await getDb();
    const code = unique("raw.update");
    const id = await insertRow(db, "CoreConfig", { code, value: "first" });
    const first = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    await pause(5);
    await updateRow(db, "CoreConfig", id, { value: "second" });
    const second = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(second.value).toBe("second");
    expect(second.createdAt).toEqual(first.createdAt);
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    await pause(5);
    const written = await upsertRow(db, "CoreConfig", { code, channelCode: "", locale: "", value: "third" }, {
      conflict: ["code", "channelCode", "locale"],
      update: ["value"],
      returning: ["id", "value"],
    });
    expect({ id: Number(written.id), value: written.value }).toEqual({ id, value: "third" });
    const third = await db.coreConfig.findUniqueOrThrow({ where: { id } });
    expect(third.createdAt).toEqual(first.createdAt);
    expect(third.updatedAt.getTime()).toBeGreaterThan(second.updatedAt.getTime());
  });

  it("text with a lone surrogate is refused with the model query's answer and nothing is written", async () => {
    const db = await getDb();
    const code = unique("raw.surrogate");
    const refused = insertRow(db, "CoreConfig", { code, value: "bad \ud800 text" });
    await expect(refused).rejects.toBeInstanceOf(Validation);
    await expect(refused).rejects.toThrow("Text must be well-formed Unicode: a lone surrogate (\\uD800-\\uDFFF) is not allowed.");
    expect(await db.coreConfig.count({ where: { code } })).toBe(0);
  });
});

describe("raw writes store amounts as model queries do", () => {
  it("a Decimal written raw, outside a transaction and in one, is stored and read back as a model create's", async () => {
    const db = await getDb();
    const currencies = await Promise.all(
      [0, 1, 2].map(() => db.currency.create({ data: { code: unique("raw.amount"), name: "Raw amount", symbol: "¤" } })),
    );
    const stored = provider() === "postgresql"
      ? `SELECT pg_typeof("rate")::text AS "kind", CAST("rate" AS TEXT) AS "text" FROM "ExchangeRate" WHERE "currencyId" = $1`
      : `SELECT typeof("rate") AS "kind", CAST("rate" AS TEXT) AS "text" FROM "ExchangeRate" WHERE "currencyId" = $1`;
    try {
      for (const amount of ["19.99", "0", "1234567.891", "0.1", "-3.5"]) {
        const [model, outside, inside] = currencies.map((c) => c.id);
        await db.exchangeRate.deleteMany({ where: { currencyId: { in: currencies.map((c) => c.id) } } });
        await db.exchangeRate.create({ data: { currencyId: model, rate: new Decimal(amount) } });
        await insertRow(db, "ExchangeRate", { currencyId: outside, rate: new Decimal(amount) });
        await db.$transaction((tx) => insertRow(tx, "ExchangeRate", { currencyId: inside, rate: new Decimal(amount) }));
        const forms = await Promise.all([model, outside, inside].map(async (id) => (await rawRows(db, stored, id))[0]));
        expect(forms[1]).toEqual(forms[0]);
        expect(forms[2]).toEqual(forms[0]);
        const read = await db.exchangeRate.findMany({ where: { currencyId: { in: [model, outside, inside] } } });
        expect(read.map((r) => r.rate.toString())).toEqual([amount, amount, amount].map((a) => new Decimal(a).toString()));
      }
    } finally {
      await db.currency.deleteMany({ where: { id: { in: currencies.map((c) => c.id) } } });
    }
  });
});
