// Writes take turns with reads (lib/operations/turns.ts): a mutation starts at a turn of the event loop of its own,
// one per turn, in the order they came, so a burst of checkout steps cannot hold the process while shoppers'
// reads wait behind it (issue 17: the product list while ten buyers check out).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { writeTurn } from "../../lib/operations/turns.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { call, storefrontKey } from "../support/client.ts";

vi.hoisted(() => {
  process.env.HELD_READS_MS = "60000";
});

let key: string;

beforeAll(async () => {
  key = await storefrontKey();
});

/** Counts the turns of the event loop from now on (each check phase), until stopped. */
function turns() {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn++;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return { turn: () => turn, stop: () => (counting = false) };
}

describe("writes take turns", () => {
  it("starts one write per turn of the event loop, first come first served", async () => {
    const counter = turns();
    const started: string[] = [];
    const writes = ["a", "b", "c", "d"].map(async (name) => {
      await writeTurn();
      started.push(`${name}@${counter.turn()}`);
    });
    await Promise.all(writes);
    counter.stop();
    expect(started).toEqual(["a@1", "b@2", "c@3", "d@4"]);
  });

  it("a burst of writes runs one per turn, and reads that come meanwhile are answered first", async () => {
    const categories = () => call("GET", "/api/shop/categories?per_page=5", undefined, { key });
    expect((await categories()).status).toBe(200); // held from now on: answered without the database
    const events: string[] = [];
    const writtenAt: number[] = [];
    const stopTurns = turns();
    const stop = onStatement((sql) => {
      if (/^\s*INSERT INTO "Cart"/i.test(sql)) writtenAt.push(stopTurns.turn());
    });
    try {
      const writes = Array.from({ length: 5 }, () => call("POST", "/api/shop/cart-tokens", {}, { key }).then((r) => events.push(`write ${r.status}`)));
      // The reads come a moment later: at the next turn of the event loop, with the writes waiting for theirs.
      const reads = await new Promise<Promise<number>[]>((resolve) =>
        setImmediate(() => resolve(Array.from({ length: 5 }, () => categories().then((r) => events.push(`read ${r.status}`))))),
      );
      await Promise.all([...writes, ...reads]);
    } finally {
      stop();
      stopTurns.stop();
    }
    expect(events).toEqual([...Array(5).fill("read 200"), ...Array(5).fill("write 201")]);
    expect(writtenAt).toHaveLength(5);
    expect(new Set(writtenAt).size, `the turns the carts were written in: ${writtenAt.join(", ")}`).toBe(5);
  });
});
