// The customizable-option file: REST multipart only, type and size checked, stored under storage/ (outside the
// web root) and served back only to the cart that uploaded it. GraphQL refuses the upload with a 400-class error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { dispatch, BASE } from "../support/app.ts";
import { call, customer, getDb, graphql, storefrontKey } from "../support/client.ts";
import { guestCart, PNG } from "../support/cart-fixtures.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";

const UPLOAD = "/api/shop/cart/upload-customizable-file";
let key: string;
const stored: string[] = [];

beforeAll(async () => {
  key = await storefrontKey();
});

afterAll(() => {
  for (const p of stored) {
    fs.rmSync(path.join(STORAGE_DIR, p), { force: true });
    try {
      fs.rmdirSync(path.dirname(path.join(STORAGE_DIR, p))); // only when empty
    } catch {
      /* other files remain */
    }
  }
});

function send(method: string, url: string, opts: { bearer?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ Accept: "application/json", "X-STOREFRONT-KEY": key, ...opts.headers });
  if (opts.bearer) headers.set("Authorization", `Bearer ${opts.bearer}`);
  return dispatch(new Request(BASE + url, { method, headers, body: opts.body }));
}

function form(file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } | null, extra: Record<string, string> = {}) {
  const data = new FormData();
  if (file) data.set("file", new File([file.bytes], file.name, { type: file.type }));
  for (const [k, v] of Object.entries(extra)) data.set(k, v);
  return data;
}

async function upload(bearer: string | undefined, file: Parameters<typeof form>[0], extra?: Record<string, string>) {
  const res = await send("POST", UPLOAD, { bearer, body: form(file, extra) });
  const body = await res.json();
  if (res.status === 201) stored.push((await (await getDb()).cartUpload.findUniqueOrThrow({ where: { id: body.id } })).path);
  return { status: res.status, body };
}

const png = { bytes: PNG, name: "logo.png", type: "image/png" };
const countRows = async (cartId: number) => (await getDb()).cartUpload.count({ where: { cartId } });

describe("POST /api/shop/cart/upload-customizable-file", () => {
  it("stores a PNG for the guest cart under storage/ and answers 201 with its record", async () => {
    const cart = await guestCart("rest", key);
    const r = await upload(cart.token, png);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ cartId: cart.id, originalName: "logo.png", mimeType: "image/png", size: PNG.length });
    expect(r.body.url).toMatch(new RegExp(`/api/shop/cart/uploads/${r.body.id}$`));

    const row = await (await getDb()).cartUpload.findUniqueOrThrow({ where: { id: r.body.id } });
    expect(row).toMatchObject({ cartId: cart.id, mimeType: "image/png", size: PNG.length });
    expect(row.path).toMatch(new RegExp(`^cart/${cart.id}/[0-9a-f-]+\\.png$`));
    const full = path.join(STORAGE_DIR, row.path);
    // Outside the web root: under the storage directory, never under public/.
    expect(full.startsWith(STORAGE_DIR + path.sep)).toBe(true);
    expect(full.startsWith(path.resolve("public") + path.sep)).toBe(false);
    expect(new Uint8Array(fs.readFileSync(full))).toEqual(PNG);
  });

  it("accepts the cart token as a `cart_token` form field, and a customer's bearer", async () => {
    const cart = await guestCart("rest", key);
    const viaField = await upload(undefined, png, { cart_token: cart.token });
    expect(viaField.status, JSON.stringify(viaField.body)).toBe(201);
    expect(viaField.body.cartId).toBe(cart.id);
    const me = await customer(key);
    const mine = await upload(me.token, png);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const db = await getDb();
    expect((await db.cart.findUniqueOrThrow({ where: { id: mine.body.cartId } })).customerId).toBe(me.id);
  });

  const refused: [string, Parameters<typeof form>[0], number[]][] = [
    ["a Windows executable", { bytes: Uint8Array.from(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1")), name: "setup.exe", type: "application/x-msdownload" }, [422]],
    ["an executable claiming to be a PNG", { bytes: Uint8Array.from(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1")), name: "logo.png", type: "image/png" }, [422]],
    ["text claiming to be a PNG", { bytes: Uint8Array.from(Buffer.from("just some text, not an image")), name: "logo.png", type: "image/png" }, [422]],
    ["an SVG (scriptable) image", { bytes: Uint8Array.from(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")), name: "x.svg", type: "image/svg+xml" }, [422]],
    ["an empty file", { bytes: new Uint8Array(0), name: "empty.png", type: "image/png" }, [422]],
    ["a PNG just over 5 MB", { bytes: bigPng(5 * 1024 * 1024 + 1), name: "big.png", type: "image/png" }, [413, 422]],
    ["a PNG of 7 MB", { bytes: bigPng(7 * 1024 * 1024), name: "huge.png", type: "image/png" }, [413, 422]],
    ["a form without the file field", null, [422]],
  ];
  it.each(refused)("refuses %s and stores nothing", async (_name, file, statuses) => {
    const cart = await guestCart("rest", key);
    const r = await upload(cart.token, file);
    expect(statuses, JSON.stringify(r.body)).toContain(r.status);
    expect(await countRows(cart.id)).toBe(0);
    expect(fs.existsSync(path.join(STORAGE_DIR, "cart", String(cart.id)))).toBe(false);
  });

  it("refuses a JSON body with 415 or 422", async () => {
    const cart = await guestCart("rest", key);
    const r = await call("POST", UPLOAD, { file: "iVBORw0KGgo=" }, { key, bearer: cart.token });
    expect([415, 422]).toContain(r.status);
    expect(await countRows(cart.id)).toBe(0);
  });

  it("needs a cart credential (401)", async () => {
    expect((await upload(undefined, png)).status).toBe(401);
    expect((await upload("00000000-0000-4000-8000-000000000000", png)).status).toBe(401);
  });
});

describe("GET /api/shop/cart/uploads/{id}", () => {
  it("serves the file to the cart that uploaded it and to nobody else", async () => {
    const cart = await guestCart("rest", key);
    const { body } = await upload(cart.token, png);
    const own = await send("GET", `/api/shop/cart/uploads/${body.id}`, { bearer: cart.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toMatch(/^image\/png/);
    expect(own.headers.get("content-disposition")).toMatch(/attachment; filename="logo.png"/);
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);

    const other = await guestCart("rest", key);
    expect((await send("GET", `/api/shop/cart/uploads/${body.id}`, { bearer: other.token })).status).toBe(404);
    const me = await customer(key);
    expect((await send("GET", `/api/shop/cart/uploads/${body.id}`, { bearer: me.token })).status).toBe(404);
    expect((await send("GET", `/api/shop/cart/uploads/${body.id}`)).status).toBe(401);
    expect((await send("GET", `/api/shop/cart/uploads/999999999`, { bearer: cart.token })).status).toBe(404);
  });
});

describe("GraphQL createUploadCustomizableFile", () => {
  it("refuses binary uploads with a 400-class error pointing at the REST route", async () => {
    const cart = await guestCart("rest", key);
    const r = await graphql(`mutation { createUploadCustomizableFile(input: {}) { uploadCustomizableFile { id } } }`, {}, { key, bearer: cart.token });
    expect(r.body.errors?.[0]?.extensions?.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/upload-customizable-file/);
    expect(await countRows(cart.id)).toBe(0);
  });

  it("does not accept a multipart GraphQL request", async () => {
    const cart = await guestCart("rest", key);
    const data = new FormData();
    data.set("operations", JSON.stringify({ query: "mutation($f: Upload) { createUploadCustomizableFile(input: {}) { uploadCustomizableFile { id } } }", variables: { f: null } }));
    data.set("map", JSON.stringify({ 0: ["variables.f"] }));
    data.set("0", new File([PNG], "logo.png", { type: "image/png" }));
    const res = await send("POST", "/api/graphql", { bearer: cart.token, body: data });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await countRows(cart.id)).toBe(0);
  });
});

function bigPng(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG.subarray(0, 8));
  return bytes;
}
