// Statements of a transaction sent without waiting for each to answer (lib/db/sql/pipeline.ts): pipelined on
// PostgreSQL's connection, run in turn on SQLite. Either way a transaction commits all of its writes or none, a write
// sent `later` that fails (or whose check fails) fails the transaction with its own error, and `together` answers
// each statement's rows in order.
import { describe, expect, it } from "vitest";
import { unique } from "../support/client.ts";
import { getSql } from "../../lib/db/client.ts";
import type { Sql } from "../../lib/db/sql/index.ts";
import { later, together } from "../../lib/db/sql/pipeline.ts";
import { NotFound } from "../../lib/errors.ts";

const valuesOf = async (s: Sql, prefix: string) =>
  (await s.selectFrom("CoreConfig").select(["code", "value"]).where("code", "like", `${prefix}%`).orderBy("code").execute()).map((r) => `${r.code}=${r.value}`);

describe("statements sent together in a transaction", () => {
  it("commits writes sent later with the transaction; a statement after them sees them", async () => {
    const s = await getSql();
    const p = unique("later");
    const seen = await s.transaction().execute(async (tx) => {
      await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }));
      await later(tx, tx.updateTable("CoreConfig").set({ value: "2" }).where("code", "=", `${p}.a`));
      await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.b`, value: "3" }));
      return valuesOf(tx, p);
    });
    expect(seen).toEqual([`${p}.a=2`, `${p}.b=3`]);
    expect(await valuesOf(s, p)).toEqual([`${p}.a=2`, `${p}.b=3`]);
  });

  it("writes nothing when a write sent later fails, and fails with that write's own error", async () => {
    const s = await getSql();
    const p = unique("fails");
    const clash = { name: "ConstraintError", kind: "unique", table: "CoreConfig" };
    // Told at the commit, the writes after it sent already.
    await expect(
      s.transaction().execute(async (tx) => {
        await tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }).execute();
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "again" }));
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.b`, value: "2" }));
      }),
    ).rejects.toMatchObject(clash);
    // Told at the next statement awaited, which never runs in the failed transaction.
    await expect(
      s.transaction().execute(async (tx) => {
        await tx.insertInto("CoreConfig").values({ code: `${p}.c`, value: "1" }).execute();
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.c`, value: "again" }));
        await tx.insertInto("CoreConfig").values({ code: `${p}.d`, value: "2" }).execute();
      }),
    ).rejects.toMatchObject(clash);
    // A foreign key the write breaks: the cart does not exist.
    await expect(
      s.transaction().execute(async (tx) => {
        await tx.insertInto("CoreConfig").values({ code: `${p}.e`, value: "1" }).execute();
        await later(tx, tx.insertInto("CartAddress").values({ cartId: 2_000_000_000, addressType: "billing", firstName: "A", lastName: "B", address: "x", city: "y", country: "DE", postcode: "1" }));
      }),
    ).rejects.toMatchObject({ name: "ConstraintError", kind: "foreignKey", table: "CartAddress" });
    expect(await valuesOf(s, p)).toEqual([]);
  });

  it("writes nothing when a later write's check fails: the commit waits for it", async () => {
    const s = await getSql();
    const p = unique("checked");
    const gone = (done: { numAffectedRows?: bigint }) => {
      if (done.numAffectedRows === 0n) throw new NotFound("Setting");
    };
    await expect(
      s.transaction().execute(async (tx) => {
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }));
        await later(tx, tx.updateTable("CoreConfig").set({ value: "x" }).where("code", "=", `${p}.none`), gone);
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.b`, value: "2" }));
      }),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await valuesOf(s, p)).toEqual([]);
    // A check that passes lets the transaction commit.
    await s.transaction().execute(async (tx) => {
      await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.c`, value: "1" }));
      await later(tx, tx.updateTable("CoreConfig").set({ value: "3" }).where("code", "=", `${p}.c`), gone);
    });
    expect(await valuesOf(s, p)).toEqual([`${p}.c=3`]);
  });

  it("rolls back writes sent later when the work throws after them", async () => {
    const s = await getSql();
    const p = unique("thrown");
    await expect(
      s.transaction().execute(async (tx) => {
        await valuesOf(tx, p); // a read first: on PostgreSQL the BEGIN goes with it
        await later(tx, tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await valuesOf(s, p)).toEqual([]);
  });

  it("answers the rows of statements sent together, in order", async () => {
    const s = await getSql();
    const p = unique("together");
    const [inserted, updated, read] = await s.transaction().execute((tx) =>
      together(tx, [
        tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }).returning(["code", "value"]),
        tx.updateTable("CoreConfig").set({ value: "2" }).where("code", "=", `${p}.a`).returning("value"),
        tx.selectFrom("CoreConfig").select("value").where("code", "=", `${p}.a`),
      ]),
    );
    expect(inserted).toEqual([{ code: `${p}.a`, value: "1" }]);
    expect(updated).toEqual([{ value: "2" }]);
    expect(read).toEqual([{ value: "2" }]);
    // One of them failing fails the transaction: nothing of it is kept.
    await expect(
      s.transaction().execute((tx) =>
        together(tx, [
          tx.insertInto("CoreConfig").values({ code: `${p}.b`, value: "1" }).returning("code"),
          tx.insertInto("CoreConfig").values({ code: `${p}.a`, value: "again" }).returning("code"),
        ]),
      ),
    ).rejects.toMatchObject({ name: "ConstraintError", kind: "unique" });
    expect(await valuesOf(s, p)).toEqual([`${p}.a=2`]);
  });

  it("runs a write sent later outside a transaction before it goes on", async () => {
    const s = await getSql();
    const p = unique("outside");
    await later(s, s.insertInto("CoreConfig").values({ code: `${p}.a`, value: "1" }));
    expect(await valuesOf(s, p)).toEqual([`${p}.a=1`]);
    await expect(later(s, s.insertInto("CoreConfig").values({ code: `${p}.a`, value: "again" }))).rejects.toMatchObject({ name: "ConstraintError" });
  });
});
