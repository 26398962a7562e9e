// Idempotency-Key on the POSTs of both APIs (issue 34, item 1), as Stripe defines it: a retried request with the same
// key and body is answered with the first answer and runs once; the same key with another request answers 422; a
// request still running with the key answers 409; a request refused before it ran keeps nothing; keys belong to one
// credential; answers are kept sealed, for a day.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminCredential, asAdmin, hiddenProduct, makeOrder, type AdminCredential } from "../support/admin.ts";
import { GRAPHQL_ENDPOINT, VIAS, type Via } from "../support/invoke.ts";
import { BASE, dispatch } from "../support/app.ts";
import { guestCartWith, freshProduct, readyToPlace } from "../support/checkout.ts";
import { callerScope, idempotencyPurge, keyHashOf } from "../../lib/http/idempotency.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { openApiDocument } from "../../lib/openapi/document.ts";

let admin: AdminCredential;
let other: AdminCredential;
let productId: number;
beforeAll(async () => {
  admin = await adminCredential();
  other = await adminCredential();
  productId = (await hiddenProduct()).id;
});

/** An order of 2 × 10, invoiced in full: ready to be refunded. */
async function invoicedOrder() {
  const o = await makeOrder({ lines: [{ productId, qty: 2, price: 10 }] });
  const invoiced = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/invoices`, {});
  expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
  return o;
}

const refundCount = async (orderId: number) => (await getDb()).refund.count({ where: { orderId } });
const keyRow = (scope: string, key: string) => getDb().then((db) => db.idempotencyKey.findUnique({ where: { keyHash: keyHashOf(scope, key) } }));
const tokenScope = (c: AdminCredential) => `token:${c.tokenId}`;

describe.each(VIAS)("a retried admin refund over %s", (via: Via) => {
  it("is one refund: the retry answers the first answer again, marked Idempotent-Replayed", async () => {
    const o = await invoicedOrder();
    const key = randomUUID();
    const input = { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 1 }] };
    const first = await asAdmin(via, admin.token, "refundAdminOrder", input, { headers: { "Idempotency-Key": key } });
    expect(first.status, JSON.stringify(first.raw)).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await asAdmin(via, admin.token, "refundAdminOrder", input, { headers: { "Idempotency-Key": key } });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.raw).toEqual(first.raw);
    expect(await refundCount(o.id)).toBe(1);
    const row = await keyRow(tokenScope(admin), key);
    expect(row).toMatchObject({ status: via === "rest" ? 201 : 200 });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);

    // Without a key, the same call is a second refund: the key is what makes a retry safe.
    expect((await asAdmin(via, admin.token, "refundAdminOrder", input)).status).toBe(201);
    expect(await refundCount(o.id)).toBe(2);
  });

  it("the same key with another body answers 422 and writes nothing; a request refused before it ran keeps nothing", async () => {
    const o = await invoicedOrder();
    const key = randomUUID();
    const bad = await asAdmin(via, admin.token, "refundAdminOrder", { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 0 }] }, { headers: { "Idempotency-Key": key } });
    expect(bad.status).toBe(422);
    expect(await keyRow(tokenScope(admin), key)).toBeNull();

    const input = { id: o.id, items: [{ orderItemId: o.itemIds[0], qty: 1 }] };
    const first = await asAdmin(via, admin.token, "refundAdminOrder", input, { headers: { "Idempotency-Key": key } });
    expect(first.status, JSON.stringify(first.raw)).toBe(201);
    const changed = await asAdmin(via, admin.token, "refundAdminOrder", { ...input, items: [{ orderItemId: o.itemIds[0], qty: 2 }] }, { headers: { "Idempotency-Key": key } });
    expect(changed.status).toBe(422);
    expect(changed.code).toBe("idempotency_key_reused");
    expect(await refundCount(o.id)).toBe(1);
  });
});

describe("Idempotency-Key over REST", () => {
  it("another path with the same key answers 422; another credential's same key is its own", async () => {
    const o = await makeOrder({ lines: [{ productId, qty: 1, price: 5 }] });
    const key = randomUUID();
    const comment = { comment: "Called the customer" };
    const one = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/comments`, comment, { headers: { "Idempotency-Key": key } });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    const elsewhere = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/invoices`, {}, { headers: { "Idempotency-Key": key } });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error).toBe("idempotency_key_reused");
    expect(await (await getDb()).invoice.count({ where: { orderId: o.id } })).toBe(0);

    const theirs = await adminCall(other.token, "POST", `/api/admin/sales/orders/${o.id}/comments`, comment, { headers: { "Idempotency-Key": key } });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    const mine = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/comments`, comment, { headers: { "Idempotency-Key": key } });
    expect(mine.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await (await getDb()).orderComment.count({ where: { orderId: o.id } })).toBe(2);
  });

  it("a body with its keys in another order is the same request", async () => {
    const o = await makeOrder({ lines: [{ productId, qty: 1, price: 5 }] });
    const key = randomUUID();
    const path = `/api/admin/sales/orders/${o.id}/comments`;
    const first = await adminCall(admin.token, "POST", path, '{"comment":"Hi","customerNotified":false}', { headers: { "Idempotency-Key": key } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await adminCall(admin.token, "POST", path, '{"customerNotified":false,"comment":"Hi"}', { headers: { "Idempotency-Key": key } });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await (await getDb()).orderComment.count({ where: { orderId: o.id } })).toBe(1);
  });

  it("a request still running with the key answers 409; an empty or overlong key 400; both write nothing", async () => {
    const o = await invoicedOrder();
    const key = randomUUID();
    const db = await getDb();
    // What a first request leaves while it runs: the claim without an answer.
    await db.idempotencyKey.create({ data: { keyHash: keyHashOf(tokenScope(admin), key), requestHash: "running", expiresAt: new Date(Date.now() + 3_600_000) } });
    const input = { items: [{ orderItemId: o.itemIds[0], qty: 1 }] };
    const busy = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/refunds`, input, { headers: { "Idempotency-Key": key } });
    expect(busy.status).toBe(422); // another request's claim: its request differs
    await db.idempotencyKey.deleteMany({ where: { keyHash: keyHashOf(tokenScope(admin), key) } });

    // Two at once: one runs, the other is told it is running or gets the first's answer; one refund either way.
    const both = await Promise.all([0, 1, 2].map(() => adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/refunds`, input, { headers: { "Idempotency-Key": key } })));
    const statuses = both.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of both) {
      if (r.status === 409) expect(r.body.error).toBe("idempotency_key_in_use");
      else expect(r.status).toBe(201);
    }
    expect(both.filter((r) => r.status === 201 && r.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    expect(await refundCount(o.id)).toBe(1);

    const held = await keyRow(tokenScope(admin), key);
    await db.idempotencyKey.update({ where: { id: held!.id }, data: { status: null, answer: null } });
    const running = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/refunds`, input, { headers: { "Idempotency-Key": key } });
    expect(running.status).toBe(409);
    expect(running.body.error).toBe("idempotency_key_in_use");
    expect(await refundCount(o.id)).toBe(1);

    for (const bad of ["", " ", "x".repeat(256), "tab\tkey"]) {
      const r = await adminCall(admin.token, "POST", `/api/admin/sales/orders/${o.id}/refunds`, input, { headers: { "Idempotency-Key": bad } });
      expect(r.status, JSON.stringify([bad, r.body])).toBe(400);
      expect(r.body.error).toBe("invalid_idempotency_key");
    }
    expect(await refundCount(o.id)).toBe(1);
  });

  it("a key kept past its day is a new key, and the purge job deletes expired keys only", async () => {
    const o = await makeOrder({ lines: [{ productId, qty: 1, price: 5 }] });
    const key = randomUUID();
    const path = `/api/admin/sales/orders/${o.id}/comments`;
    expect((await adminCall(admin.token, "POST", path, { comment: "One" }, { headers: { "Idempotency-Key": key } })).status).toBe(201);
    const db = await getDb();
    const row = await keyRow(tokenScope(admin), key);
    await db.idempotencyKey.update({ where: { id: row!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const later = await adminCall(admin.token, "POST", path, { comment: "Two" }, { headers: { "Idempotency-Key": key } });
    expect(later.status).toBe(201);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await db.orderComment.count({ where: { orderId: o.id } })).toBe(2);

    const stale = await db.idempotencyKey.create({ data: { keyHash: unique("stale"), requestHash: "x", status: 201, answer: "x", expiresAt: new Date(Date.now() - 1000) } });
    await idempotencyPurge.run({}, { now: new Date(), attempt: 1 } as never);
    expect(await db.idempotencyKey.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await keyRow(tokenScope(admin), key)).not.toBeNull();
  });
});

describe("Idempotency-Key on a multipart upload", () => {
  /** A product CSV import sent as multipart/form-data, with an idempotency key. */
  async function importCsv(csv: string, key: string, fileName: string) {
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), fileName);
    form.append("type", "products");
    const res = await dispatch(new Request(`${BASE}/api/admin/imports`, {
      method: "POST", body: form, headers: { Authorization: `Bearer ${admin.token}`, Accept: "application/json", "Idempotency-Key": key },
    }));
    return { status: res.status, replayed: res.headers.get("Idempotent-Replayed"), body: await res.json() };
  }

  it("the same file again is the first import; another file with the key answers 422", async () => {
    const tag = unique("IDI").toUpperCase();
    const csv = `sku,name,url_key,price,qty\n${tag},Mug,${tag.toLowerCase()},9.5,3\n`;
    const key = randomUUID();
    const file = `${tag}.csv`;
    const first = await importCsv(csv, key, file);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await importCsv(csv, key, file);
    expect(again).toMatchObject({ status: 201, replayed: "true", body: { id: first.body.id } });
    const other = await importCsv(csv.replace("9.5", "9.75"), key, file);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe("idempotency_key_reused");
    expect(await (await getDb()).importJob.count({ where: { fileName: file } })).toBe(1);
  });
});

describe("Idempotency-Key on the Shop API", () => {
  it("a retried registration is one customer, and the kept answer does not show its token", async () => {
    const key = await storefrontKey();
    const idem = randomUUID();
    const email = `${unique("idem")}@example.com`;
    const body = { firstName: "Ida", lastName: "Em", email, password: "Secret123!pass", confirmPassword: "Secret123!pass" };
    const first = await call("POST", "/api/shop/customers", body, { key, headers: { "Idempotency-Key": idem } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await call("POST", "/api/shop/customers", body, { key, headers: { "Idempotency-Key": idem } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const db = await getDb();
    expect(await db.customer.count({ where: { email } })).toBe(1);
    const rows = await db.idempotencyKey.findMany({ where: { createdAt: { gte: new Date(Date.now() - 60_000) } } });
    const token = String(first.body.token);
    expect(token.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.answer ?? "").not.toContain(token);
      expect(Buffer.from(r.answer ?? "", "base64").toString("latin1")).not.toContain(token);
      expect(r.keyHash).not.toContain(idem);
    }
    // Another shopper on the same storefront key, from another address, has a key space of its own.
    const elsewhere = await call("POST", "/api/shop/customers", body, { key, headers: { "Idempotency-Key": idem, "X-Forwarded-For": "203.0.113.9" } });
    expect(elsewhere.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("a retried place-order with a key answers the same order, over REST and GraphQL", async () => {
    const key = await storefrontKey();
    const product = await freshProduct({ qty: 5, price: "12.50" });
    const cart = await guestCartWith(key, [{ productId: product, quantity: 1 }]);
    await readyToPlace(key, cart);
    const idem = randomUUID();
    const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: cart, headers: { "Idempotency-Key": idem } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const again = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: cart, headers: { "Idempotency-Key": idem } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(placed.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const db = await getDb();
    expect(await db.order.count({ where: { items: { some: { productId: product } } } })).toBe(1);

    const gql = { query: "mutation { createCartToken(input: {}) { cartToken { cartToken } } }" };
    const gKey = randomUUID();
    const made = await call("POST", GRAPHQL_ENDPOINT.shop, gql, { key, headers: { "Idempotency-Key": gKey } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const remade = await call("POST", GRAPHQL_ENDPOINT.shop, gql, { key, headers: { "Idempotency-Key": gKey } });
    expect(remade.headers.get("Idempotent-Replayed")).toBe("true");
    expect(remade.body).toEqual(made.body);
    const changed = await call("POST", GRAPHQL_ENDPOINT.shop, { ...gql, operationName: null }, { key, headers: { "Idempotency-Key": gKey } });
    expect(changed.status).toBe(422);
    expect(changed.body.error).toBe("idempotency_key_reused");
  });

  it("keys are scoped to the caller: a customer, a guest cart, a token", async () => {
    const key = await storefrontKey();
    const c = await customer(key);
    const ctx = (principal: unknown) => ({ principal, surface: "shop", storefrontKeyId: 3, ip: "198.51.100.1" }) as never;
    expect(callerScope(ctx({ kind: "customer", customerId: c.id, tokenId: 1 }))).toBe(`customer:${c.id}`);
    expect(callerScope(ctx({ kind: "guestCart", cartId: 9, cartToken: "t", isActive: true }))).toBe("cart:9");
    expect(callerScope(ctx({ kind: "anonymous" }))).toBe("shop:key:3:ip:198.51.100.1");
    expect(callerScope(ctx({ kind: "admin", adminId: 2, tokenId: 5, isOwner: false, permissions: "all" }))).toBe("token:5");
    expect(callerScope(ctx({ kind: "admin", adminId: 2, tokenId: 0, isOwner: false, permissions: "all", sessionId: 8 }))).toBe("admin:2");
  });
});

describe("the OpenAPI documents", () => {
  it("every POST takes Idempotency-Key, and says what a reused or running key answers", () => {
    for (const [surface, ops] of [["admin", adminOperations], ["shop", shopOperations]] as const) {
      const doc = openApiDocument(surface, ops, "http://shop.test") as { paths: Record<string, Record<string, any>> };
      let posts = 0;
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const takes = (op.parameters ?? []).some((p: { name: string; in: string }) => p.name === "Idempotency-Key" && p.in === "header");
          expect(takes, `${method} ${path}`).toBe(method === "post");
          if (method !== "post") continue;
          posts++;
          expect(op.responses["409"].description, `${path}`).toContain("idempotency_key_in_use");
          expect(op.responses["422"].description, `${path}`).toContain("idempotency_key_reused");
          const success = Object.entries(op.responses).find(([s]) => s.startsWith("2"))![1] as { headers?: Record<string, unknown> };
          expect(success.headers?.["Idempotent-Replayed"], path).toBeDefined();
        }
      }
      expect(posts).toBeGreaterThan(20);
    }
  });
});
