// Raw statements skip Prisma's engine and go straight to its driver adapter, or to the adapter transaction Prisma
// opened for `$transaction(fn)` (lib/db/direct.ts). The caller must not notice: every value comes back as
// `$queryRawUnsafe` gives it (same JS type, same content, columns in the same order), parameters are bound as
// Prisma binds them, the statement is still observed, a transaction's statements are its own (and refused once
// Prisma has closed it), and a failing read fails as Prisma reports it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Decimal } from "@prisma/client/runtime/client";
import { getDb, unique } from "../support/client.ts";
import { provider } from "../../lib/db/client.ts";
import { insertRow, rawExecute, rawRows, type Raw } from "../../lib/db/raw.ts";
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
      "Decimal parameters",
      `SELECT $1 AS "a", $2 AS "b", $3 AS "c", $4 AS "d", $5 AS "e"`,
      [new Decimal("1.25"), new Decimal(0), new Decimal("-19.99"), new Decimal("12345678901234567890.123456789"), new Decimal("1e-9")],
    ],
    [
      "Decimal parameters compared with money columns",
      `SELECT "id", "price" FROM "Product" WHERE "price" >= $1 AND "price" < $2 ORDER BY "id" LIMIT 5`,
      [new Decimal("10.5"), new Decimal("1000")],
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

  it("a value only Prisma binds (a bigint) sends its statement through Prisma", async () => {
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

describe("raw statements in a transaction", () => {
  const count = `SELECT COUNT(*) AS "n" FROM "ContactMessage" WHERE "message" = $1`;
  const counted = async (tag: string) => Number((await rawRows(await getDb(), count, tag))[0].n);
  const message = (tag: string) => ({ name: "inside", email: `${tag}@example.com`, message: tag });

  it("go past Prisma to the transaction: they see its own writes, a read outside does not", async () => {
    const db = await getDb();
    const tag = unique("direct");
    const outside: number[] = [];
    const inside = await db.$transaction(async (tx) => {
      await tx.contactMessage.create({ data: message(tag) });
      const engine = vi.spyOn(tx, "$queryRawUnsafe");
      const rows = await rawRows(tx, count, tag);
      expect(engine).not.toHaveBeenCalled();
      outside.push(await counted(tag));
      return Number(rows[0].n);
    });
    expect(inside).toBe(1);
    expect(outside).toEqual([0]);
    expect(await counted(tag)).toBe(1);
  });

  it("their writes are the transaction's: a model read in it sees them, a rollback undoes them", async () => {
    const db = await getDb();
    const tag = unique("direct-write");
    const failure = await db
      .$transaction(async (tx) => {
        const engine = vi.spyOn(tx, "$executeRawUnsafe");
        const id = await insertRow(tx, "ContactMessage", message(tag));
        await rawExecute(tx, "ContactMessage", `UPDATE "ContactMessage" SET "name" = $1 WHERE "id" = $2`, "changed", id);
        expect(engine).not.toHaveBeenCalled();
        expect((await tx.contactMessage.findUnique({ where: { id } }))?.name).toBe("changed");
        expect(await counted(tag)).toBe(0);
        throw new Error("roll back");
      })
      .catch((e: Error) => e.message);
    expect(failure).toBe("roll back");
    expect(await counted(tag)).toBe(0);
  });

  it("once Prisma has closed the transaction (its timeout), they are refused as Prisma refuses them and write nothing", async () => {
    const db = await getDb();
    const tag = unique("direct-late");
    let late: unknown = null;
    const outcome = await db
      .$transaction(
        async (tx) => {
          await new Promise((r) => setTimeout(r, 300));
          late = await insertRow(tx, "ContactMessage", message(tag)).catch((e: unknown) => e);
        },
        { timeout: 50 },
      )
      .then(
        () => "committed",
        (e: { code?: string }) => e.code,
      );
    expect(outcome).toBe("P2028");
    expect((late as { code?: string } | null)?.code).toBe("P2028");
    expect(await counted(tag)).toBe(0);
  });

  it.runIf(provider() === "postgresql")("each transaction's statements go to its own, when two are open at once", async () => {
    const db = await getDb();
    const [a, b] = [unique("direct-a"), unique("direct-b")];
    let bWrote!: () => void;
    const bHasWritten = new Promise<void>((r) => (bWrote = r));
    let aRead!: () => void;
    const aHasRead = new Promise<void>((r) => (aRead = r));
    const both = async (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) =>
      [Number((await rawRows(tx, count, a))[0].n), Number((await rawRows(tx, count, b))[0].n)];
    const [seenByA, seenByB] = await Promise.all([
      db.$transaction(async (tx) => {
        await insertRow(tx, "ContactMessage", message(a));
        await bHasWritten;
        const seen = await both(tx);
        aRead();
        return seen;
      }),
      db.$transaction(async (tx) => {
        await insertRow(tx, "ContactMessage", message(b));
        bWrote();
        await aHasRead;
        return both(tx);
      }),
    ]);
    expect(seenByA).toEqual([1, 0]);
    expect(seenByB).toEqual([0, 1]);
    expect([await counted(a), await counted(b)]).toEqual([1, 1]);
  });
});
