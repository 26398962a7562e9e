// Attachments name their file the RFC 6266 way (issue 13, item 10): an ASCII `filename="…"` every client reads,
// plus `filename*=UTF-8''<percent-encoded>` (RFC 5987) when the name is not plain ASCII, and never a raw non-ASCII
// byte or a CR/LF in the header. Checked on a cart upload and a downloadable product (report exports: admin-reporting.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { dispatch, BASE } from "../support/app.ts";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { guestCart, PNG } from "../support/cart-fixtures.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";
import { attachmentDisposition } from "../../lib/http/content-disposition.ts";

let key: string;
const carts: number[] = [];
beforeAll(async () => {
  key = await storefrontKey();
});
afterAll(() => {
  for (const id of carts) fs.rmSync(path.join(STORAGE_DIR, "cart", String(id)), { recursive: true, force: true });
});

/** The file name a browser takes from the header: `filename*` when present, else `filename`. */
function nameOf(header: string): string {
  const star = /filename\*=UTF-8''([^;]+)/.exec(header);
  if (star) return decodeURIComponent(star[1]);
  return /filename="((?:[^"\\]|\\.)*)"/.exec(header)![1].replace(/\\(.)/g, "$1");
}

async function uploadAndFetch(name: string) {
  const cart = await guestCart("rest", key);
  carts.push(cart.id);
  const data = new FormData();
  data.set("file", new File([PNG], name, { type: "image/png" }));
  const headers = { Accept: "application/json", "X-STOREFRONT-KEY": key, Authorization: `Bearer ${cart.token}` };
  const up = await dispatch(new Request(`${BASE}/api/shop/cart/upload-customizable-file`, { method: "POST", headers: new Headers(headers), body: data }));
  const row = await up.json();
  expect(up.status, JSON.stringify(row)).toBe(201);
  expect(row.originalName).toBe(name);
  const res = await dispatch(new Request(`${BASE}/api/shop/cart/uploads/${row.id}`, { headers: new Headers(headers) }));
  expect(res.status).toBe(200);
  return res.headers.get("content-disposition")!;
}

describe("Content-Disposition of attachments", () => {
  it.each([
    ["Cyrillic", "отчёт 2024.png", `attachment; filename="_____ 2024.png"; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82%202024.png`],
    ["Japanese", "日本語.png", `attachment; filename="___.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.png`],
    ["Latin with accents", "résumé.png", `attachment; filename="resume.png"; filename*=UTF-8''r%C3%A9sum%C3%A9.png`],
    ["emoji", "logo 😀.png", `attachment; filename="logo __.png"; filename*=UTF-8''logo%20%F0%9F%98%80.png`],
    ["plain ASCII", "logo.png", `attachment; filename="logo.png"`],
  ])("names a %s cart upload with an ASCII fallback and the UTF-8 name", async (_label, name, expected) => {
    const header = await uploadAndFetch(name);
    expect(header).toBe(expected);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(nameOf(header)).toBe(name);
  });

  it("names a downloadable product's link after its non-Latin title", async () => {
    const me = await customer(key);
    const product = await testProduct({ type: "downloadable", links: [{ downloads: 3, type: "url" as const, url: "https://downloads.example.com/book.epub" }] });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }], downloadStatus: "available" });
    const db = await getDb();
    const purchase = await db.downloadablePurchase.findFirstOrThrow({ where: { orderId: order.id } });
    await db.downloadablePurchase.update({ where: { id: purchase.id }, data: { name: "Книга «Мир»" } });
    const res = await call("GET", `/api/shop/customer-downloadable-products/${purchase.id}/download`, undefined, { key, bearer: me.token });
    expect(res.status).toBe(200);
    const header = res.headers.get("content-disposition")!;
    expect(header).toBe(`attachment; filename="_____ _____.uri"; filename*=UTF-8''${encodeURIComponent("Книга «Мир».uri")}`);
    expect(nameOf(header)).toBe("Книга «Мир».uri");
    expect((await db.downloadablePurchase.findUniqueOrThrow({ where: { id: purchase.id } })).downloadUsed).toBe(1);
  });

  it("never lets quotes, control characters or paths through", () => {
    expect(attachmentDisposition('a"b.txt')).toBe('attachment; filename="a\\"b.txt"');
    expect(attachmentDisposition("x\r\nSet-Cookie: a=b.txt")).toBe('attachment; filename="xSet-Cookie: a=b.txt"');
    expect(attachmentDisposition("../../etc/passwd")).toBe('attachment; filename="passwd"');
    expect(attachmentDisposition("   ")).toBe('attachment; filename="download"');
    expect(attachmentDisposition("100%25.txt")).toBe(`attachment; filename="100%25.txt"; filename*=UTF-8''100%2525.txt`);
  });
});
