// Raw reads with the shared client skip Prisma's engine and go straight to its driver adapter (lib/db/direct.ts).
// The caller must not notice: every value comes back as `$queryRawUnsafe` gives it (same JS type, same content,
// columns in the same order), parameters are bound as Prisma binds them, the statement is still observed, a
// transaction's reads still go through Prisma, and a failing read fails as Prisma reports it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Decimal } from "@prisma/client/runtime/client";
import { getDb, unique } from "../support/client.ts";
import { provider } from "../../lib/db/client.ts";
import { rawRows, type Raw } from "../../lib/db/raw.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { fromPrismaError } from "../../lib/db/errors.ts";
import { Validation } from "../../lib/errors.ts";

/** Each value's kind and content, column by column in order: what a caller can tell apart. */
function shape(rows: Raw[]) {
  const show = (v: unknown): [string, string] => {
    if (v === null || v === undefined) return [String(v), ""];
    if (v instanceof Decimal) return ["Decimal", v.toString()];
    if (v instanceof Date) return ["Date", v.toISOString()];
    if (v instanceof Uint8Array) return [v.constructor.name, Buffer.from(v).toString("hex")];
    if (typeof v === "string" || typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") {
      return [typeof v, Object.is(v, -0) ? "-0" : String(v)];
    }
    return [v.constructor.name, JSON.stringify(v)];
  };
  return rows.map((row) => Object.entries(row).map(([column, v]) => [column, ...show(v)]));
}

/** The statement as Prisma takes it on this database (the tests number their parameters in order of use). */
const prismaSql = (text: string) => (provider() === "sqlite" ? text.replace(/\$\d+/g, "?") : text);

/** Reads `text` both ways; answers both and whether Prisma's engine was asked for the direct one. */
async function bothWays(text: string, ...values: unknown[]) {
  const db = await getDb();
  const engine = vi.spyOn(db, "$queryRawUnsafe");
  const direct = await rawRows(db, text, ...values);
  const engineCalls = engine.mock.calls.length;
  engine.mockRestore();
  const prisma = await db.$queryRawUnsafe<Raw[]>(prismaSql(text), ...values);
  return { direct, prisma, engineCalls };
}

// Until Prisma has connected its adapter (on its first query), reads go through Prisma.
beforeAll(async () => (await getDb()).$connect());
afterEach(() => vi.restoreAllMocks());

describe("raw reads outside a transaction", () => {
  const cases: [string, string, unknown[]][] = [
    [
      "model columns: ints, text, booleans, amounts, times",
      `SELECT "id", "sku", "type", "status", "price", "specialPrice", "specialPriceFrom", "createdAt", "updatedAt", "parentId"
       FROM "Product" ORDER BY "id" LIMIT 8`,
      [],
    ],
    ["a JSON column", `SELECT "code", "config" FROM "ShippingMethod" ORDER BY "id"`, []],
    [
      "aggregates",
      `SELECT COUNT(*) AS "n", SUM("price") AS "sum", AVG("price") AS "avg", MAX("createdAt") AS "latest", MIN("sku") AS "first" FROM "Product"`,
      [],
    ],
    [
      "literals and casts",
      `SELECT 1 AS "one", 1.5 AS "half", 'x' AS "x", NULL AS "nothing", CAST("price" AS TEXT) AS "priceText",
       CAST("createdAt" AS TEXT) AS "createdText" FROM "Product" ORDER BY "id" LIMIT 2`,
      [],
    ],
    ["no rows", `SELECT "id", "price" FROM "Product" WHERE "id" < 0`, []],
    ["text parameters", `SELECT $1 AS "a", $2 AS "b", $3 AS "c", $4 AS "d"`, ["plain", "", "😀 é \u00a0", "line\nbreak"]],
    [
      "number parameters",
      `SELECT $1 AS "a", $2 AS "b", $3 AS "c", $4 AS "d", $5 AS "e", $6 AS "f", $7 AS "g"`,
      [0, -0, 42, -7, 2 ** 31, Number.MAX_SAFE_INTEGER, -0.5],
    ],
    [
      "other parameters",
      `SELECT $1 AS "a", $2 AS "b", $3 AS "c", $4 AS "d", $5 AS "e", $6 AS "f"`,
      [true, false, null, undefined, new Date("2024-02-29T12:34:56.789Z"), new Date(0)],
    ],
    [
      "parameters compared with columns",
      `SELECT "id" FROM "Product" WHERE "createdAt" <= $1 AND "price" >= $2 AND "status" = $3 AND "id" > $4 AND "sku" <> $5 ORDER BY "id"`,
      [new Date(Date.now() + 60_000), 10.5, true, 2, "none"],
    ],
  ];
  it.each(cases)("%s: the same values as through Prisma, without its engine", async (_name, text, values) => {
    const { direct, prisma, engineCalls } = await bothWays(text, ...values);
    expect(engineCalls).toBe(0);
    expect(shape(direct)).toEqual(shape(prisma));
  });

  it("values only Prisma binds (a bigint, a Decimal) still go through Prisma", async () => {
    const { direct, prisma, engineCalls } = await bothWays(`SELECT $1 AS "a", $2 AS "b"`, 12n, new Decimal("1.25"));
    expect(engineCalls).toBe(1);
    expect(shape(direct)).toEqual(shape(prisma));
  });

  it("is observed like any statement: statement listeners hear it", async () => {
    const db = await getDb();
    const heard: string[] = [];
    const stop = onStatement((sql) => heard.push(sql));
    try {
      await rawRows(db, `SELECT "id" FROM "Product" WHERE "id" = $1`, 1);
    } finally {
      stop();
    }
    expect(heard).toEqual([prismaSql(`SELECT "id" FROM "Product" WHERE "id" = $1`)]);
  });

  it("a failing read fails as through Prisma: P2010 with the driver's error, the same API answer", async () => {
    const db = await getDb();
    const text = `SELECT "id" FROM "NoSuchTable" WHERE "id" = $1`;
    type Failure = { name: string; code: string; meta: { driverAdapterError: { cause: unknown } } };
    const failure = (p: Promise<unknown>) => p.then(() => expect.unreachable(), (e: Failure) => e);
    const direct = await failure(rawRows(db, text, 1));
    const prisma = await failure(db.$queryRawUnsafe(prismaSql(text), 1));
    const what = (e: Failure) => [e.name, e.code, e.meta.driverAdapterError.cause];
    expect(what(direct)).toEqual(what(prisma));
    expect(fromPrismaError(direct)).toEqual(fromPrismaError(prisma));
  });

  it.runIf(provider() === "postgresql")("an id past PostgreSQL's integer range is still bad input (22003 → 422)", async () => {
    const db = await getDb();
    const error = await rawRows(db, `SELECT "id" FROM "Product" WHERE "id" = $1`, 2 ** 40).catch((e: unknown) => e);
    expect(fromPrismaError(error)).toBeInstanceOf(Validation);
  });
});

describe("raw reads in a transaction", () => {
  it("go through Prisma and see the transaction's own writes, while a read outside does not", async () => {
    const db = await getDb();
    const tag = unique("direct");
    const count = `SELECT COUNT(*) AS "n" FROM "ContactMessage" WHERE "message" = $1`;
    const outside: Raw[][] = [];
    const inside = await db.$transaction(async (tx) => {
      await tx.contactMessage.create({ data: { name: "inside", email: `${tag}@example.com`, message: tag } });
      const engine = vi.spyOn(tx, "$queryRawUnsafe");
      const rows = await rawRows(tx, count, tag);
      expect(engine).toHaveBeenCalledTimes(1);
      outside.push(await rawRows(db, count, tag));
      return rows;
    });
    expect(Number(inside[0].n)).toBe(1);
    expect(Number(outside[0][0].n)).toBe(0);
    expect(Number((await rawRows(db, count, tag))[0].n)).toBe(1);
  });
});
