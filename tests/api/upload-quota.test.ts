// A cart holds at most CART_UPLOAD_MAX_FILES files and CART_UPLOAD_MAX_BYTES bytes of customizable-option uploads
// (issue 13, item 10). Past either, the upload answers 413 naming `file`, and neither a row nor a file is left.
// Issue 28 item 6: a client address may send only so many files and bytes in a window (429), the store holds only
// so many bytes of uploads (413), and abandoned carts are deleted with their uploads after the retention time.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { dispatch, BASE } from "../support/app.ts";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { guestCart, PNG } from "../support/cart-fixtures.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";
import { cartUploadQuota, uploadQuotas } from "../../lib/cart/uploads.ts";
import { purgeAbandonedCarts } from "../../lib/cart/retention.ts";
import { commands } from "../../lib/cli/commands.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";

const UPLOAD = "/api/shop/cart/upload-customizable-file";
let key: string;
const carts: number[] = [];

beforeAll(async () => {
  key = await storefrontKey();
});
const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});
afterAll(() => {
  for (const id of carts) fs.rmSync(path.join(STORAGE_DIR, "cart", String(id)), { recursive: true, force: true });
});

let octet = 0;
/** A client address no other case uses. */
const address = () => `192.0.2.${++octet}`;

async function upload(bearer: string, bytes: Uint8Array<ArrayBuffer> = PNG, ip = address()) {
  const data = new FormData();
  data.set("file", new File([bytes], "logo.png", { type: "image/png" }));
  const headers = new Headers({ Accept: "application/json", "X-STOREFRONT-KEY": key, Authorization: `Bearer ${bearer}`, "X-Forwarded-For": ip });
  const res = await dispatch(new Request(BASE + UPLOAD, { method: "POST", headers, body: data }));
  return { status: res.status, body: await res.json() };
}

async function cart() {
  const c = await guestCart("rest", key);
  carts.push(c.id);
  return c;
}

const filesOnDisk = (cartId: number) => {
  const dir = path.join(STORAGE_DIR, "cart", String(cartId));
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const rows = async (cartId: number) => (await getDb()).cartUpload.count({ where: { cartId } });

/** A PNG of exactly `size` bytes (the signature is what the sniffer checks). */
const pngOf = (size: number) => {
  const b = new Uint8Array(size);
  b.set(PNG.subarray(0, Math.min(PNG.length, size)));
  return b;
};

describe("cart upload quota", () => {
  it("defaults to 20 files and 50 MB per cart", () => {
    expect(cartUploadQuota()).toEqual({ files: 20, bytes: 50 * 1024 * 1024 });
    process.env.CART_UPLOAD_MAX_FILES = "nonsense";
    expect(cartUploadQuota().files).toBe(20);
  });

  it("refuses the file past the count with 413, leaving no row and no file", async () => {
    process.env.CART_UPLOAD_MAX_FILES = "3";
    const c = await cart();
    for (let i = 0; i < 3; i++) expect((await upload(c.token)).status).toBe(201);
    const over = await upload(c.token);
    expect(over.status, JSON.stringify(over.body)).toBe(413);
    expect(over.body).toMatchObject({ error: "upload_quota_exceeded", errors: { file: [expect.stringContaining("(3)")] } });
    expect(over.body.message).toMatch(/already holds 3 uploaded files/);
    expect(await rows(c.id)).toBe(3);
    expect(filesOnDisk(c.id)).toBe(3);
    // Another cart has its own quota.
    const other = await cart();
    expect((await upload(other.token)).status).toBe(201);
  });

  it("refuses the file past the total bytes with 413, leaving no row and no file", async () => {
    process.env.CART_UPLOAD_MAX_BYTES = "1000";
    const c = await cart();
    expect((await upload(c.token, pngOf(600))).status).toBe(201);
    const over = await upload(c.token, pngOf(401));
    expect(over.status, JSON.stringify(over.body)).toBe(413);
    expect(over.body.errors.file[0]).toMatch(/1000 bytes/);
    expect(await rows(c.id)).toBe(1);
    expect(filesOnDisk(c.id)).toBe(1);
    expect((await upload(c.token, pngOf(400))).status).toBe(201); // exactly at the quota is fine
    expect(await rows(c.id)).toBe(2);
  });

  it("holds under parallel uploads: no more rows or files than the quota", async () => {
    process.env.CART_UPLOAD_MAX_FILES = "2";
    const c = await cart();
    const results = await Promise.all(Array.from({ length: 6 }, () => upload(c.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 413)).toHaveLength(4);
    expect(await rows(c.id)).toBe(2);
    expect(filesOnDisk(c.id)).toBe(2);
  });
});

describe("upload quota per client address", () => {
  it("defaults to 50 files and 100 MB per address an hour, and 5 GB held by the store", () => {
    for (const k of Object.keys(process.env)) if (k.startsWith("CART_UPLOAD_")) delete process.env[k];
    expect(uploadQuotas()).toEqual({ addressFiles: 50, addressBytes: 100 * 1024 * 1024, windowSeconds: 3600, totalBytes: 5 * 1024 ** 3 });
  });

  it("refuses the file past the address's count with 429 and Retry-After, over several carts, writing nothing; another address goes on", async () => {
    process.env.CART_UPLOAD_MAX_FILES_PER_ADDRESS = "3";
    const ip = address();
    const [a, b] = [await cart(), await cart()];
    expect((await upload(a.token, PNG, ip)).status).toBe(201);
    expect((await upload(b.token, PNG, ip)).status).toBe(201);
    expect((await upload(b.token, PNG, ip)).status).toBe(201);

    const over = await upload(a.token, PNG, ip);

    expect(over.status, JSON.stringify(over.body)).toBe(429);
    expect(over.body).toMatchObject({ error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(over.body.message).toMatch(/Too many uploads from this address: at most 3 files/);
    expect([await rows(a.id), await rows(b.id)]).toEqual([1, 2]);
    expect([filesOnDisk(a.id), filesOnDisk(b.id)]).toEqual([1, 2]);
    expect((await upload(a.token, PNG, address())).status).toBe(201);
  });

  it("refuses the file past the address's bytes with 429, writing nothing; a refused upload spends none of the budget", async () => {
    process.env.CART_UPLOAD_MAX_BYTES_PER_ADDRESS = "1000";
    process.env.CART_UPLOAD_MAX_FILES = "1";
    const ip = address();
    const c = await cart();
    expect((await upload(c.token, pngOf(600), ip)).status).toBe(201);
    // Refused by the cart's quota: the address's bytes are given back.
    expect((await upload(c.token, pngOf(300), ip)).status).toBe(413);
    const d = await cart();
    const over = await upload(d.token, pngOf(401), ip);
    expect(over.status, JSON.stringify(over.body)).toBe(429);
    expect(over.body.message).toMatch(/at most 1000 bytes/);
    expect(await rows(d.id)).toBe(0);
    expect(filesOnDisk(d.id)).toBe(0);
    expect((await upload(d.token, pngOf(400), ip)).status).toBe(201);
  });
});

describe("upload quota of the store", () => {
  it("refuses the file that would take all uploads past CART_UPLOAD_TOTAL_MAX_BYTES with 413, writing nothing", async () => {
    const db = await getDb();
    const held = (await db.cartUpload.aggregate({ _sum: { size: true } }))._sum.size ?? 0;
    process.env.CART_UPLOAD_TOTAL_MAX_BYTES = String(held + 1000);
    const c = await cart();
    expect((await upload(c.token, pngOf(600))).status).toBe(201);

    const other = await cart();
    const over = await upload(other.token, pngOf(401));

    expect(over.status, JSON.stringify(over.body)).toBe(413);
    expect(over.body).toMatchObject({ error: "upload_quota_exceeded", errors: { file: [expect.stringMatching(/The store holds as many uploaded files as it may/)] } });
    expect(await rows(other.id)).toBe(0);
    expect(filesOnDisk(other.id)).toBe(0);
    expect((await upload(other.token, pngOf(400))).status).toBe(201);
  });
});

describe("abandoned carts are deleted with their uploads", () => {
  const DAY = 24 * 3600_000;

  async function withUpload(c: { id: number; token: string }, ageDays: number) {
    expect((await upload(c.token)).status).toBe(201);
    const db = await getDb();
    const row = await db.cartUpload.findFirstOrThrow({ where: { cartId: c.id } });
    await db.cart.update({ where: { id: c.id }, data: { updatedAt: new Date(Date.now() - ageDays * DAY) } });
    return { cartId: c.id, file: path.join(STORAGE_DIR, row.path) };
  }

  it("past CART_UPLOAD_RETENTION_DAYS: an abandoned guest cart's rows and files go; a recent cart, an ordered cart and a customer's open cart stay", async () => {
    process.env.CART_UPLOAD_RETENTION_DAYS = "7";
    const db = await getDb();
    const old = await withUpload(await cart(), 8);
    const recent = await withUpload(await cart(), 6);
    const orderedCart = await cart();
    const ordered = await withUpload(orderedCart, 30);
    const order = await placeTestOrder({ guestEmail: "kept@example.com", lines: [{ productId: (await testProduct()).id, qty: 1 }] });
    await db.order.update({ where: { id: order.id }, data: { cartId: orderedCart.id } });
    const me = await customer(key);
    const mine = await withUpload({ id: (await upload(me.token)).body.cartId, token: me.token }, 30);

    const done = await purgeAbandonedCarts(db);

    expect(done.carts).toBeGreaterThanOrEqual(1);
    expect(await db.cart.count({ where: { id: old.cartId } })).toBe(0);
    expect(await rows(old.cartId)).toBe(0);
    expect(fs.existsSync(old.file)).toBe(false);
    expect(fs.existsSync(path.join(STORAGE_DIR, "cart", String(old.cartId)))).toBe(false);
    for (const kept of [recent, ordered, mine]) {
      expect(await db.cart.count({ where: { id: kept.cartId } })).toBe(1);
      expect(await rows(kept.cartId)).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(kept.file)).toBe(true);
    }
    carts.push(mine.cartId);
  });

  it("the operator command purge-carts does it and says what it deleted", async () => {
    process.env.CART_UPLOAD_RETENTION_DAYS = "7";
    const old = await withUpload(await cart(), 10);
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => void lines.push(line);
    try {
      await commands["purge-carts"]({}, []);
    } finally {
      console.log = log;
    }
    expect(lines.join("\n")).toMatch(/^Deleted [1-9]\d* carts abandoned for over 7 days, with [1-9]\d* uploaded files \(\d+ bytes\)\.$/);
    expect(await rows(old.cartId)).toBe(0);
    expect(fs.existsSync(old.file)).toBe(false);
  });
});
