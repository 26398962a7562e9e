// The one in-process cache (lib/cache): a value kept per key for its lifetime, shared by the callers that ask while
// it loads, never kept when its load fails, dropped by a write notice naming one of its tags (or, for a cache of
// product rows, a notice naming one of the products it shows), the least recently used dropped past its bound, and
// an expired total answered while it is counted again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { Cache, cached, Lru } from "../../lib/cache/index.ts";
import { announce } from "../../lib/db/observe.ts";

/** A load that counts its calls and answers `value(n)` for the n-th. */
function counter<V>(value: (n: number) => V) {
  let calls = 0;
  const load = () => Promise.resolve(value(++calls));
  return { load, calls: () => calls };
}

/** A load whose answer the test gives when it likes. */
function deferred<V>() {
  let resolve!: (v: V) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// Tables of CACHED_TABLES no other cache of this file's process depends on in a way these tests could disturb.
const TAG = "ShippingMethod";
const OTHER = "PaymentMethod";
const ROWS = "ProductInventory";

/** Lets the callbacks of settled loads run. */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

let made = 0;
const named = () => `test cache ${++made}`;

afterEach(() => {
  vi.useRealTimers();
});

describe("cached reads", () => {
  it("answer a kept value without loading again, per key", async () => {
    const c = counter((n) => ({ n }));
    const read = cached({ name: named(), tags: [TAG], ttl: 60_000, max: 10, key: (id: number) => String(id) }, (id: number) => c.load().then((v) => ({ ...v, id })));
    const first = await read(1);
    expect(await read(1)).toBe(first);
    expect(await read(2)).toEqual({ n: 2, id: 2 });
    expect(c.calls()).toBe(2);
  });

  it("load again once the lifetime has passed", async () => {
    vi.useFakeTimers();
    const c = counter((n) => n);
    const read = cached({ name: named(), tags: [TAG], ttl: 1_000 }, () => c.load());
    expect(await read()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await read()).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await read()).toBe(2);
  });

  it("hold nothing with a lifetime of 0", async () => {
    const c = counter((n) => n);
    const read = cached({ name: named(), tags: [TAG], ttl: 0 }, () => c.load());
    expect([await read(), await read()]).toEqual([1, 2]);
  });

  it("drop what a write to one of its tags made stale, here or on another instance, and nothing else", async () => {
    const c = counter((n) => n);
    const read = cached({ name: named(), tags: [TAG], ttl: Infinity }, () => c.load());
    expect(await read()).toBe(1);
    await announce(new Set([OTHER]), "elsewhere");
    expect(await read()).toBe(1);
    await announce(new Set([TAG]), "elsewhere");
    expect(await read()).toBe(2);
    await announce(new Set([TAG]), "here", false); // inside a transaction, as the write runs
    expect(await read()).toBe(3);
    await announce("all", "here");
    expect(await read()).toBe(4);
  });

  it("share one load among the callers that ask while it runs, and keep none that a write overtook", async () => {
    const pending = deferred<string>();
    let calls = 0;
    const read = cached({ name: named(), tags: [TAG], ttl: Infinity }, () => {
      calls++;
      return calls === 1 ? pending.promise : Promise.resolve("after the write");
    });
    const a = read();
    const b = read();
    expect(calls).toBe(1);
    // The write lands while the load runs: the load answers those who waited, and is not kept.
    await announce(new Set([TAG]), "elsewhere");
    pending.resolve("before the write");
    expect([await a, await b]).toEqual(["before the write", "before the write"]);
    expect(await read()).toBe("after the write");
    expect(calls).toBe(2);
  });

  it("keep no failed load: the callers that waited get its error, the next caller loads again", async () => {
    let calls = 0;
    const read = cached({ name: named(), tags: [TAG], ttl: Infinity }, () =>
      ++calls === 1 ? Promise.reject(new Error("database away")) : Promise.resolve("back"),
    );
    const [a, b] = [read(), read()];
    await expect(a).rejects.toThrow("database away");
    await expect(b).rejects.toThrow("database away");
    expect(await read()).toBe("back");
    expect(calls).toBe(2);
  });

  it("keep no value `keep` refuses", async () => {
    const c = counter((n) => (n === 1 ? null : n));
    const read = cached({ name: named(), tags: [TAG], ttl: Infinity, keep: (v) => v !== null }, () => c.load());
    expect(await read()).toBeNull();
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it("drop the least recently used entry past its bound", async () => {
    const c = counter((n) => n);
    const read = cached({ name: named(), tags: [TAG], ttl: Infinity, max: 2, key: (k: string) => k }, () => c.load());
    expect([await read("a"), await read("b")]).toEqual([1, 2]);
    expect(await read("a")).toBe(1); // "a" is now the most recent, "b" the least
    expect(await read("c")).toBe(3); // "b" goes
    expect([await read("a"), await read("c")]).toEqual([1, 3]);
    expect(await read("b")).toBe(4);
    expect(c.calls()).toBe(4);
  });

  it("refuse a table no other instance would hear of, and several entries without a key", () => {
    expect(() => cached({ name: "carts", tags: ["Cart"], ttl: 1_000 }, () => Promise.resolve(1))).toThrow(/Cart.*CACHED_TABLES|CACHED_TABLES.*Cart/);
    expect(() => cached({ name: "no key", tags: [TAG], ttl: 1_000, max: 5 }, () => Promise.resolve(1))).toThrow(/key/);
  });
});

describe("caches of product rows", () => {
  const rows = (value: { ids: number[] }) => value.ids;

  it("a write naming its products drops only the entries showing one of them", async () => {
    const cache = new Cache<{ ids: number[]; n: number }>({ name: named(), tags: [TAG], rows: { tables: [ROWS], of: rows }, ttl: Infinity, max: 10 });
    let n = 0;
    const get = (key: string, ids: number[]) => cache.get(key, () => Promise.resolve({ ids, n: ++n }));
    expect((await get("a", [1, 2])).n).toBe(1);
    expect((await get("b", [3])).n).toBe(2);
    expect((await get("none", [])).n).toBe(3);
    await announce(new Set([ROWS]), "elsewhere", true, { [ROWS]: [2] });
    expect((await get("a", [1, 2])).n).toBe(4);
    expect((await get("b", [3])).n).toBe(2);
    // Naming no product: nothing shown changed.
    await announce(new Set([ROWS]), "elsewhere", true, { [ROWS]: [] });
    expect([(await get("a", [1, 2])).n, (await get("b", [3])).n, (await get("none", [])).n]).toEqual([4, 2, 3]);
    // A write to the table that names no rows may have changed any: every entry goes, those showing nothing too.
    await announce(new Set([ROWS]), "elsewhere");
    expect([(await get("a", [1, 2])).n, (await get("b", [3])).n, (await get("none", [])).n]).toEqual([5, 6, 7]);
    // A write naming rows of a table the entries are tagged with as a whole drops them all.
    await announce(new Set([TAG, ROWS]), "elsewhere", true, { [ROWS]: [99] });
    expect((await get("b", [3])).n).toBe(8);
  });

  it("an entry still loading when a write names any product is not kept: it may have read the rows before", async () => {
    const cache = new Cache<{ ids: number[] }>({ name: named(), tags: [TAG], rows: { tables: [ROWS], of: rows }, ttl: Infinity, max: 10 });
    const pending = deferred<{ ids: number[] }>();
    const first = cache.get("a", () => pending.promise);
    await announce(new Set([ROWS]), "elsewhere", true, { [ROWS]: [42] });
    pending.resolve({ ids: [1] });
    expect(await first).toEqual({ ids: [1] });
    const again = { ids: [1] };
    expect(await cache.get("a", () => Promise.resolve(again))).toBe(again);
  });
});

describe("stale while refreshing", () => {
  it("answers an expired value at once while a fresh one loads, then the fresh one", async () => {
    vi.useFakeTimers();
    const cache = new Cache<number>({ name: named(), tags: [TAG], ttl: 1_000, max: 10, staleWhileRefresh: true });
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(1);
    vi.advanceTimersByTime(1_001);
    const fresh = deferred<number>();
    let loads = 0;
    const load = () => {
      loads++;
      return fresh.promise;
    };
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1); // one refresh at a time
    expect(loads).toBe(1);
    fresh.resolve(2);
    await flush();
    expect(await cache.get("k", load)).toBe(2);
  });

  it("keeps answering the old value when the refresh fails, and tries again", async () => {
    vi.useFakeTimers();
    const cache = new Cache<number>({ name: named(), tags: [TAG], ttl: 1_000, max: 10, staleWhileRefresh: true });
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(1);
    vi.advanceTimersByTime(1_001);
    const failing = Promise.reject(new Error("slow disk"));
    failing.catch(() => undefined);
    expect(await cache.get("k", () => failing)).toBe(1);
    await flush();
    expect(await cache.get("k", () => Promise.resolve(3))).toBe(1);
    await flush();
    expect(await cache.get("k", () => Promise.resolve(4))).toBe(3);
  });

  it("a write drops the old value: the next caller waits for a fresh one", async () => {
    const cache = new Cache<number>({ name: named(), tags: [TAG], ttl: 1_000, max: 10, staleWhileRefresh: true });
    expect(await cache.get("k", () => Promise.resolve(1))).toBe(1);
    await announce(new Set([TAG]), "elsewhere");
    expect(await cache.get("k", () => Promise.resolve(2))).toBe(2);
  });

  it("a value that took long to load stays fresh for `stretch` times its load time", async () => {
    vi.useFakeTimers();
    const cache = new Cache<number>({ name: named(), tags: [TAG], ttl: 100, max: 10, stretch: 20 });
    const slow = cache.get("k", () => new Promise<number>((r) => setTimeout(() => r(1), 1_000)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await slow).toBe(1);
    vi.advanceTimersByTime(15_000); // within 1 s + 20 × 1 s of the load's start
    expect(await cache.get("k", () => Promise.resolve(2))).toBe(1);
    vi.advanceTimersByTime(6_000);
    expect(await cache.get("k", () => Promise.resolve(3))).toBe(3);
  });
});

describe("Lru", () => {
  it("keeps at most its bound, the least recently read or written out first", () => {
    const lru = new Lru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3);
    expect([lru.peek("a"), lru.peek("b"), lru.peek("c"), lru.size]).toEqual([1, undefined, 3, 2]);
    lru.delete("a", 99); // not that value: stays
    expect(lru.peek("a")).toBe(1);
    lru.delete("a", 1);
    expect(lru.peek("a")).toBeUndefined();
  });
});
