// With Redis (REDIS_URL), write notices travel between instances (lib/db/broadcast.ts): an order's notice carries
// the ids of the products whose stock it took, so another instance drops only the cached reads showing them
// (lib/catalog/cache.ts); and a back-office change to a shipping method made on another instance drops this
// one's in-process checkout reference data (lib/checkout/reference.ts). "Another instance" is played by a Redis
// client of the test's own, publishing on the same channel, and by a database connection that is not observed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRequire } from "node:module";
import { spawn } from "node:child_process";
import path from "node:path";
import os from "node:os";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Redis } from "ioredis";
import { onStatement } from "../../lib/db/observe.ts";
import { provider } from "../../lib/db/client.ts";
import { databaseTarget } from "../../lib/db/target.ts";
import { call, getDb, storefrontKey } from "../support/client.ts";
import { freshProduct, guestCartWith, readyToPlace } from "../support/checkout.ts";

// This file's process joins the write notices of a Redis channel of its own; cached reads live a minute, so that
// only a notice can drop them.
const PREFIX = vi.hoisted(() => {
  const prefix = `perf-broadcast-${process.pid}-${Date.now().toString(36)}`;
  process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
  process.env.RATE_LIMIT_PREFIX = prefix;
  process.env.CATALOG_CACHE_MS = "60000";
  return prefix;
});
const CHANNEL = `${PREFIX}:writes`;
const ROOT = path.resolve(import.meta.dirname, "../..");

let key: string;
let publisher: Redis;
let listener: Redis;
const heard: { from: string; tables: string[] | "all"; rows?: Record<string, number[]> }[] = [];

beforeAll(async () => {
  key = await storefrontKey(); // connects, and so joins the notices
  publisher = new Redis(process.env.REDIS_URL!);
  listener = new Redis(process.env.REDIS_URL!);
  listener.on("message", (_channel: string, text: string) => heard.push(JSON.parse(text) as (typeof heard)[number]));
  await listener.subscribe(CHANNEL);
});

afterAll(async () => {
  await Promise.all([publisher?.quit(), listener?.quit()]);
});

const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));

/**
 * Not catalog reads: the gate's storefront-key lookup (held only STOREFRONT_KEY_CACHE_MS, 1 s) and its "last used"
 * stamp, and the product visits a detail read records, written in batches off the request path
 * (lib/catalog/activity.ts), which land wherever they land.
 */
const bookkeeping = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql) || /[`"](ProductVisit|StorefrontKey)[`"]/.test(sql);

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const stop = onStatement((sql) => bookkeeping(sql) || statements.push(sql));
  try {
    await work();
  } finally {
    stop();
  }
  return statements;
}

/** What another instance sends after a write. */
const notice = (tables: string[], rows?: Record<string, number[]>) =>
  publisher.publish(CHANNEL, JSON.stringify({ from: "another-instance", tables, ...(rows ? { rows } : {}) }));

/** Waits until `check` holds (a notice is delivered in the background), at most 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await settle(100);
  }
  return false;
}

const detail = (id: number) => () => call("GET", `/api/shop/products/${id}`, undefined, { key });

describe("write notices between instances, through Redis", () => {
  it("an order published here names the products it sold out, and no product when it left stock", async () => {
    const productId = await freshProduct({ qty: 4 });
    const order = async (quantity: number) => {
      const token = await guestCartWith(key, [{ productId, quantity }]);
      await readyToPlace(key, token);
      heard.length = 0;
      const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(await eventually(async () => heard.some((m) => m.tables.includes("ProductInventory")))).toBe(true);
      return heard.find((m) => m.tables.includes("ProductInventory"))!;
    };
    // Three of four units left: what the shop shows of the product (in stock) did not change.
    expect((await order(1)).rows?.ProductInventory).toEqual([]);
    // The last three: the product sold out, and the notice names it.
    expect((await order(3)).rows?.ProductInventory).toEqual([productId]);
  });

  it("a stock notice from another instance drops only the cached reads showing its product", async () => {
    const a = await freshProduct({ qty: 4 });
    const b = await freshProduct({ qty: 4 });
    for (let i = 0; i < 2; i++) for (const id of [a, b]) expect((await detail(id)()).status).toBe(200);
    await settle();
    expect(await statementsOf(detail(a))).toEqual([]);
    expect(await statementsOf(detail(b))).toEqual([]);

    await notice(["ProductInventory"], { ProductInventory: [a] });
    // A's detail is read again once the notice is in; B's stays cached.
    expect(await eventually(async () => (await statementsOf(detail(a))).length > 0)).toBe(true);
    expect(await statementsOf(detail(b))).toEqual([]);

    // A notice without ids (a catalog write elsewhere) drops B's as well.
    await notice(["Product"]);
    expect(await eventually(async () => (await statementsOf(detail(b))).length > 0)).toBe(true);
  });

  it("an instance that has loaded no cache still publishes its writes to cached tables", async () => {
    // Another process of this project that only opens the database (as a route bundle or the CLI might, with no
    // catalog cache among its modules) changes a bundle option and a cart: the first is published, the second is
    // not, since no cache anywhere is made of carts.
    const script = [
      `import { getDb, disconnectDb } from ${JSON.stringify(path.join(ROOT, "lib/db/client.ts"))};`,
      `const db = await getDb();`,
      `await db.$executeRawUnsafe('UPDATE "ProductBundleOption" SET "position" = "position" WHERE "id" = -1');`,
      `await db.$executeRawUnsafe('UPDATE "Cart" SET "isActive" = "isActive" WHERE "id" = -1');`,
      `await disconnectDb();`,
    ].join("\n");
    const dir = mkdtempSync(path.join(os.tmpdir(), "broadcast-"));
    writeFileSync(path.join(dir, "writer.mts"), script);
    heard.length = 0;
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npx", ["tsx", path.join(dir, "writer.mts")], { cwd: ROOT, env: { ...process.env }, stdio: "inherit" });
      child.on("error", reject);
      child.on("close", resolve);
    }).finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(code).toBe(0);
    expect(await eventually(async () => heard.some((m) => m.tables.includes("ProductBundleOption")))).toBe(true);
    expect(heard.find((m) => m.tables.includes("ProductBundleOption"))!.from).not.toBe("another-instance");
    expect(heard.some((m) => m.tables.includes("Cart"))).toBe(false);
  });

  it("a shipping method changed on another instance shows in this one's checkout once its notice arrives", async () => {
    const productId = await freshProduct({ qty: 4 });
    const token = await guestCartWith(key, [{ productId, quantity: 1 }]);
    const methods = async () => JSON.stringify((await call("GET", "/api/shop/checkout/get-shipping-methods", undefined, { key, bearer: token })).body);
    const db = await getDb();
    const flat = await db.shippingMethod.findUniqueOrThrow({ where: { code: "flatrate" }, select: { description: true } });
    expect(await methods()).not.toContain(PREFIX);

    // The other instance's write, on a connection of its own: this process does not see it happen.
    const description = `Changed by ${PREFIX}`;
    await writeElsewhere(`UPDATE "ShippingMethod" SET "description" = '${description}' WHERE "code" = 'flatrate'`);
    try {
      expect(await methods(), "held in process until a notice says otherwise").not.toContain(description);
      await notice(["ShippingMethod"]);
      expect(await eventually(async () => (await methods()).includes(description))).toBe(true);
    } finally {
      await db.shippingMethod.update({ where: { code: "flatrate" }, data: { description: flat.description } });
    }
  });
});

/** Runs one statement on a database connection of its own, not observed by this process. */
async function writeElsewhere(sql: string): Promise<void> {
  const url = databaseTarget().url;
  if (provider() === "postgresql") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
    return;
  }
  // The SQLite driver the adapter itself uses (not a dependency of the app in its own name).
  const fromAdapter = createRequire(createRequire(import.meta.url).resolve("@prisma/adapter-better-sqlite3"));
  const Database = fromAdapter("better-sqlite3") as new (file: string, options: { timeout: number }) => { exec(sql: string): void; close(): void };
  const file = new Database(url.slice("file:".length), { timeout: 10_000 });
  try {
    file.exec(sql);
  } finally {
    file.close();
  }
}
