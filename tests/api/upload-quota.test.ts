// A cart holds at most CART_UPLOAD_MAX_FILES files and CART_UPLOAD_MAX_BYTES bytes of customizable-option uploads
// (issue 13, item 10). Past either, the upload answers 413 naming `file`, and neither a row nor a file is left.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { dispatch, BASE } from "../support/app.ts";
import { getDb, storefrontKey } from "../support/client.ts";
import { guestCart, PNG } from "../support/cart-fixtures.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";
import { cartUploadQuota } from "../../lib/cart/uploads.ts";

const UPLOAD = "/api/shop/cart/upload-customizable-file";
let key: string;
const carts: number[] = [];

beforeAll(async () => {
  key = await storefrontKey();
});
afterEach(() => {
  delete process.env.CART_UPLOAD_MAX_FILES;
  delete process.env.CART_UPLOAD_MAX_BYTES;
});
afterAll(() => {
  for (const id of carts) fs.rmSync(path.join(STORAGE_DIR, "cart", String(id)), { recursive: true, force: true });
});

async function upload(bearer: string, bytes: Uint8Array<ArrayBuffer> = PNG) {
  const data = new FormData();
  data.set("file", new File([bytes], "logo.png", { type: "image/png" }));
  const headers = new Headers({ Accept: "application/json", "X-STOREFRONT-KEY": key, Authorization: `Bearer ${bearer}` });
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
