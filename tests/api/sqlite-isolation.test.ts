// A transaction left open by one request does not take in the statements of another (lib/db/sqlite.ts). With
// Prisma's SQLite adapter alone, a statement outside a transaction ran on the transaction's connection: it read
// rows not yet committed, and its write was undone by the other request's rollback, after its caller had been told
// it was saved. The same holds on PostgreSQL, where each statement takes a connection of the pool.
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a transaction that writes a message, waits while `meanwhile` runs, then fails (rolled back). */
async function failingTransactionAround(tag: string, meanwhile: () => Promise<void>): Promise<void> {
  const db = await getDb();
  let inside!: () => void;
  const opened = new Promise<void>((r) => (inside = r));
  const tx = db.$transaction(async (t) => {
    await t.contactMessage.create({ data: { name: "inside", email: `${tag}@example.com`, message: tag } });
    inside();
    await pause(150);
    throw new Error("rolled back on purpose");
  });
  const outcome = tx.then(
    () => "committed",
    (e: Error) => e.message,
  );
  await opened;
  await meanwhile();
  expect(await outcome).toBe("rolled back on purpose");
}

describe("statements outside a transaction", () => {
  it("a write made while another request's transaction is open survives that transaction's rollback", async () => {
    const db = await getDb();
    const tag = unique("iso");
    let written = 0;
    await failingTransactionAround(tag, async () => {
      written = (await db.contactMessage.create({ data: { name: "outside", email: `${tag}@example.com`, message: tag } })).id;
    });
    const rows = await db.contactMessage.findMany({ where: { message: tag }, select: { id: true, name: true } });
    expect(rows).toEqual([{ id: written, name: "outside" }]);
  });

  it("a read made while another request's transaction is open does not see its uncommitted rows", async () => {
    const db = await getDb();
    const tag = unique("iso");
    let seen = -1;
    await failingTransactionAround(tag, async () => {
      seen = await db.contactMessage.count({ where: { message: tag } });
    });
    expect(seen).toBe(0);
    expect(await db.contactMessage.count({ where: { message: tag } })).toBe(0);
  });

  it("a read right after a committed write sees it", async () => {
    const db = await getDb();
    const tag = unique("iso");
    await db.$transaction(async (t) => {
      await t.contactMessage.create({ data: { name: "a", email: `${tag}@example.com`, message: tag } });
    });
    await db.contactMessage.create({ data: { name: "b", email: `${tag}@example.com`, message: tag } });
    expect(await db.contactMessage.count({ where: { message: tag } })).toBe(2);
  });
});
