// The change feed's outbox for the back office's records (lib/events): every committed change to a product, a
// customer, a return, a review or a GDPR request writes its events in its own transaction, and a refused change
// writes none. Each case reads the Event table and the event log operation (GET /api/admin/events, adminEvents):
// the type, the subject, the payload (ids, the fields the change set, the record's new updatedAt) and the order;
// a delete leaves a tombstone; no payload carries a password, a hash or a token.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, eventually, getDb, storefrontKey, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { invoke, must, VIAS, type Via } from "../support/invoke.ts";
import { testProduct } from "../support/orders.ts";
import { act, placedOrder, raise, shopper, storeAct } from "../support/returns.ts";
import { unsealMail } from "../../lib/mail/sealed.ts";

let admin: string;
let reader: string;
let key: string;
let channel: number;
beforeAll(async () => {
  // The log is read with nothing but its own permission.
  [admin, reader, key] = await Promise.all([adminToken(), adminToken({ role: ["settings.events.view"] }), storefrontKey()]);
  channel = (await (await getDb()).channel.findUniqueOrThrow({ where: { code: "default" } })).id;
});

interface Ev {
  type: string;
  subject: string;
  data: Record<string, any>;
}

/** An event as the cases compare it: `changed` in alphabetical order (a write names its fields in its input's order). */
const norm = (type: string, subject: string, data: Record<string, any>): Ev => ({
  type, subject, data: Array.isArray(data.changed) ? { ...data, changed: [...(data.changed as string[])].sort() } : data,
});

/** The events about `subjects` in the Event table, in the order written (each case makes its changes one by one). */
async function stored(...subjects: string[]): Promise<Ev[]> {
  const rows = await (await getDb()).event.findMany({ where: { subject: { in: subjects } }, orderBy: { id: "asc" } });
  return rows.map((r) => norm(r.type, r.subject, JSON.parse(r.data) as Record<string, any>));
}

let end = "";
/**
 * Where the log ends now, as its own reader learns it: the cursor after every event there is (a change made after
 * it is read after it). Read on from where the last call ended, so the whole log is read once per file.
 */
async function mark(): Promise<string> {
  for (;;) {
    const res = await asAdmin("rest", reader, "adminEvents", { after: end, limit: 500 });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    end = res.data.cursor as string;
    if (!res.data.hasMore) return end;
  }
}

/** The events about `subjects` the log operation answers after `after`, of `types`, every page read. */
async function logged(via: Via, after: string, types: string[], ...subjects: string[]): Promise<Ev[]> {
  const out: Ev[] = [];
  let cursor = after;
  for (;;) {
    const res = await asAdmin(via, reader, "adminEvents", { after: cursor, types, limit: 200 });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    const page = res.data as { data: (Ev & { cursor: string })[]; cursor: string; hasMore: boolean };
    out.push(...page.data.filter((e) => subjects.includes(e.subject)).map(({ type, subject, data }) => norm(type, subject, data)));
    if (!page.hasMore) return out;
    cursor = page.cursor;
  }
}

/** The log answers what the table holds about `subjects`, in the same order (read again until a slow commit shows). */
async function expectLogged(via: Via, after: string, types: string[], ...subjects: string[]) {
  const want = (await stored(...subjects)).filter((e) => types.some((t) => (t.endsWith(".*") ? e.type.startsWith(t.slice(0, -1)) : e.type === t)));
  const got = await eventually(() => logged(via, after, types, ...subjects), (g) => g.length >= want.length);
  expect(got).toEqual(want);
}

const iso = (d: Date) => d.toISOString();
const SECRET_KEYS = ["password", "passwordHash", "token", "apiToken", "currentPassword", "confirmPassword"];

/** No payload names a secret field, and none holds any of `secrets` (a password, its hash, a bearer token). */
function expectNoSecret(events: Ev[], secrets: string[]) {
  for (const e of events) {
    expect(Object.keys(e.data).filter((k) => SECRET_KEYS.includes(k)), e.type).toEqual([]);
    const text = JSON.stringify(e.data);
    for (const s of secrets.filter(Boolean)) expect(text.includes(s), `${e.type} carries a secret`).toBe(false);
    expect(text).not.toMatch(/\$2[aby]\$/); // no bcrypt hash of any account
  }
}

const idOf = (data: { id: number | string; _id?: number }) => (typeof data.id === "number" ? data.id : data._id!);

function productInput(overrides: Record<string, unknown> = {}) {
  const sku = unique("EVP").toUpperCase();
  return {
    sku, type: "simple", status: false, price: 20,
    translations: [{ locale: "en", name: `Event product ${sku}`, urlKey: sku.toLowerCase() }],
    inventories: [{ channelId: channel, qty: 7 }],
    ...overrides,
  };
}

async function productRow(id: number) {
  return (await getDb()).product.findUniqueOrThrow({ where: { id }, include: { inventories: true } });
}

describe.each(VIAS)("product events over %s", (via) => {
  it("a create, an update with stock, a refused update and a delete, each in order with the record's updatedAt", async () => {
    const from = await mark();
    const input = productInput();
    const made = await asAdmin(via, admin, "createAdminProduct", input);
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    const id = idOf(made.data);
    const subject = `product:${id}`;
    const created = await productRow(id);
    const inv = created.inventories.find((i) => i.channelId === channel)!;
    expect(await stored(subject)).toEqual([
      { type: "product.created", subject, data: { id, sku: input.sku, type: "simple", changed: ["inventories", "price", "sku", "status", "translations", "type"], updatedAt: iso(created.updatedAt) } },
      { type: "inventory.updated", subject, data: { id: inv.id, productId: id, channelId: channel, oldQty: 0, newQty: 7, reason: "admin", updatedAt: iso(inv.updatedAt) } },
    ]);

    // A change of price and stock: the product's event, then the stock's; its updatedAt moves.
    const before = created.updatedAt;
    await new Promise((r) => setTimeout(r, 5));
    expect((await asAdmin(via, admin, "updateAdminProduct", { id, price: 22, inventories: [{ channelId: channel, qty: 9 }] })).status).toBe(200);
    const changed = await productRow(id);
    expect(changed.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    const inv2 = changed.inventories.find((i) => i.channelId === channel)!;
    expect((await stored(subject)).slice(2)).toEqual([
      { type: "product.updated", subject, data: { id, sku: input.sku, type: "simple", changed: ["inventories", "price"], updatedAt: iso(changed.updatedAt) } },
      { type: "inventory.updated", subject, data: { id: inv.id, productId: id, channelId: channel, oldQty: 7, newQty: 9, reason: "admin", updatedAt: iso(inv2.updatedAt) } },
    ]);

    // The same stock again is no stock change; a stock change alone still moves the product's updatedAt.
    expect((await asAdmin(via, admin, "updateAdminProduct", { id, inventories: [{ channelId: channel, qty: 9 }] })).status).toBe(200);
    expect((await stored(subject)).slice(4).map((e) => [e.type, e.data.changed])).toEqual([["product.updated", ["inventories"]]]);
    await new Promise((r) => setTimeout(r, 5));
    const stockOnly = (await productRow(id)).updatedAt;
    expect((await asAdmin(via, admin, "updateAdminProduct", { id, inventories: [{ channelId: channel, qty: 3 }] })).status).toBe(200);
    const afterStock = await productRow(id);
    expect(afterStock.updatedAt.getTime()).toBeGreaterThan(stockOnly.getTime());
    expect((await stored(subject)).slice(5).map((e) => [e.type, e.data.changed ?? [e.data.oldQty, e.data.newQty], e.data.updatedAt])).toEqual([
      ["product.updated", ["inventories"], iso(afterStock.updatedAt)],
      ["inventory.updated", [9, 3], iso(afterStock.inventories[0].updatedAt)],
    ]);

    // Refused (422): nothing is written, so nothing is told.
    const count = (await stored(subject)).length;
    expect((await asAdmin(via, admin, "updateAdminProduct", { id, price: -1 })).status).toBe(422);
    expect((await asAdmin(via, admin, "updateAdminProduct", { id, categories: [99999999] })).status).toBe(422);
    expect((await stored(subject)).length).toBe(count);

    // The delete leaves its tombstone, the last event about the product.
    expect((await asAdmin(via, admin, "deleteAdminProduct", { id })).status).toBe(200);
    expect((await stored(subject)).at(-1)).toEqual({ type: "product.deleted", subject, data: { id, sku: input.sku } });
    expect((await stored(subject)).map((e) => e.type)).toEqual([
      "product.created", "inventory.updated", "product.updated", "inventory.updated", "product.updated", "product.updated", "inventory.updated", "product.deleted",
    ]);

    await expectLogged(via, from, ["product.*", "inventory.*"], subject);
    await expectLogged(via, from, ["product.deleted"], subject);
    expect((await logged(via, from, ["customer.*"], subject))).toEqual([]);
  });

  it("deleting a configurable product leaves a tombstone for it and for each of its variants", async () => {
    const db = await getDb();
    const attrs = await db.attribute.findMany({ where: { code: { in: ["color", "size"] } }, include: { options: { orderBy: { id: "asc" } } } });
    const option = (code: string) => attrs.find((a) => a.code === code)!.options[0].id;
    const parent = await asAdmin(via, admin, "createAdminProduct", productInput({ type: "configurable", superAttributes: ["color", "size"], inventories: undefined }));
    expect(parent.status, JSON.stringify(parent.raw)).toBe(201);
    const parentId = idOf(parent.data);
    const variantInput = productInput({ parentId, attributeValues: [{ attributeCode: "color", optionId: option("color") }, { attributeCode: "size", optionId: option("size") }] });
    const variant = await asAdmin(via, admin, "createAdminProduct", variantInput);
    expect(variant.status, JSON.stringify(variant.raw)).toBe(201);
    const variantId = idOf(variant.data);
    expect((await asAdmin(via, admin, "deleteAdminProduct", { id: parentId })).status).toBe(200);
    const tombstones = (await stored(`product:${parentId}`, `product:${variantId}`)).filter((e) => e.type === "product.deleted");
    expect(tombstones).toEqual([
      { type: "product.deleted", subject: `product:${parentId}`, data: { id: parentId, sku: parent.data.sku } },
      { type: "product.deleted", subject: `product:${variantId}`, data: { id: variantId, sku: variantInput.sku } },
    ]);
  });
});

describe("product events beyond the product's own write", () => {
  it("a grouped product whose product changes price or is deleted is told as updated", async () => {
    const child = idOf((await asAdmin("rest", admin, "createAdminProduct", productInput({ price: 10, status: true }))).data);
    const other = idOf((await asAdmin("rest", admin, "createAdminProduct", productInput({ price: 30, status: true }))).data);
    const made = await asAdmin("rest", admin, "createAdminProduct", productInput({ type: "grouped", price: 999, inventories: undefined, groupedProducts: [child, other] }));
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    const group = idOf(made.data);
    const subject = `product:${group}`;
    // Its price is its cheapest product's, set in its own write: part of what its creation set.
    expect((await stored(subject)).map((e) => [e.type, e.data.changed])).toEqual([["product.created", ["groupedProducts", "price", "sku", "status", "translations", "type"]]]);

    expect((await asAdmin("rest", admin, "updateAdminProduct", { id: child, price: 5 })).status).toBe(200);
    let row = await productRow(group);
    expect(Number(row.price)).toBe(5);
    expect((await stored(subject)).slice(1)).toEqual([{ type: "product.updated", subject, data: { id: group, sku: row.sku, type: "grouped", changed: ["price"], updatedAt: iso(row.updatedAt) } }]);
    // The child's own event comes first, in the same transaction.
    const both = await stored(`product:${child}`, subject);
    expect(both.slice(-2).map((e) => e.subject)).toEqual([`product:${child}`, subject]);

    expect((await asAdmin("rest", admin, "deleteAdminProduct", { id: child })).status).toBe(200);
    row = await productRow(group);
    expect(Number(row.price)).toBe(30);
    expect((await stored(subject)).slice(2)).toEqual([
      { type: "product.updated", subject, data: { id: group, sku: row.sku, type: "grouped", changed: ["groupedProducts", "price"], updatedAt: iso(row.updatedAt) } },
    ]);
    expect((await stored(`product:${child}`)).at(-1)?.type).toBe("product.deleted");
  });

  it("an image upload is a product update", async () => {
    const id = idOf((await asAdmin("rest", admin, "createAdminProduct", productInput())).data);
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e2ee1f0000000049454e44ae426082", "hex");
    const form = new FormData();
    form.append("images", new Blob([png], { type: "image/png" }), "front.png");
    const res = await dispatch(new Request(`${BASE}/api/admin/catalog/products/${id}/images`, { method: "POST", body: form, headers: { Authorization: `Bearer ${admin}`, Accept: "application/json" } }));
    expect(res.status).toBe(201);
    const row = await productRow(id);
    expect((await stored(`product:${id}`)).at(-1)).toEqual({ type: "product.updated", subject: `product:${id}`, data: { id, sku: row.sku, type: "simple", changed: ["images"], updatedAt: iso(row.updatedAt) } });
  });

  it("a CSV import tells each new row as created and each known sku as updated", async () => {
    const tag = unique("EVI").toUpperCase();
    const old = idOf((await asAdmin("rest", admin, "createAdminProduct", productInput({ sku: `${tag}-OLD` }))).data);
    const csv = `sku,name,url_key,price,qty\r\n${tag}-NEW,New mug,${tag.toLowerCase()}-new,9.99,5\r\n${tag}-OLD,,,2.5,\r\n`;
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
    form.append("type", "products");
    const dry = await dispatch(new Request(`${BASE}/api/admin/imports`, { method: "POST", body: form, headers: { Authorization: `Bearer ${admin}`, Accept: "application/json" } }));
    expect(dry.status).toBe(201);
    const job = (await dry.json()) as { id: number };
    const before = (await stored(`product:${old}`)).length;
    // The dry run writes nothing.
    expect(await (await getDb()).product.count({ where: { sku: `${tag}-NEW` } })).toBe(0);
    const ran = await adminCall(admin, "POST", `/api/admin/imports/${job.id}/run`, {});
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    const made = await (await getDb()).product.findUniqueOrThrow({ where: { sku: `${tag}-NEW` }, include: { inventories: true } });
    expect((await stored(`product:${made.id}`)).map((e) => [e.type, e.data.changed ?? e.data.newQty, e.data.updatedAt])).toEqual([
      ["product.created", ["inventories", "price", "sku", "translations", "type"], iso(made.updatedAt)],
      ["inventory.updated", 5, iso(made.inventories[0].updatedAt)],
    ]);
    const updated = await productRow(old);
    expect((await stored(`product:${old}`)).slice(before)).toEqual([
      { type: "product.updated", subject: `product:${old}`, data: { id: old, sku: `${tag}-OLD`, type: "simple", changed: ["price"], updatedAt: iso(updated.updatedAt) } },
    ]);
  });
});

describe.each(VIAS)("customer events over %s", (via) => {
  it("registration, profile changes (a password by name only), a refused change, the newsletter switch and the account's deletion", async () => {
    const from = await mark();
    const me = await customer(key, { phone: "555-0100" });
    const subject = `customer:${me.id}`;
    const db = await getDb();
    let row = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
    expect(await stored(subject)).toEqual([
      { type: "customer.created", subject, data: { id: me.id, email: me.email, changed: ["email", "firstName", "lastName", "password", "phone"], updatedAt: iso(row.updatedAt) } },
    ]);
    const auth = { key, bearer: me.token };

    const newPassword = "Another-Harbor-77!";
    const changed = await invoke(via, "updateCustomerProfile", { id: me.id, firstName: "Renamed", currentPassword: me.password, password: newPassword, confirmPassword: newPassword }, auth);
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    row = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
    expect((await stored(subject)).slice(1)).toEqual([
      { type: "customer.updated", subject, data: { id: me.id, email: me.email, changed: ["firstName", "password"], updatedAt: iso(row.updatedAt) } },
    ]);

    // A wrong current password is refused: no change, no event.
    const refused = await invoke(via, "updateCustomerProfile", { id: me.id, currentPassword: "not-it-at-all", password: "Third-Harbor-88!", confirmPassword: "Third-Harbor-88!" }, auth);
    expect(refused.status).toBe(422);
    expect((await stored(subject)).length).toBe(2);

    // The newsletter switch is a customer field; switching it to what it is already tells nothing.
    expect((await invoke(via, "updateCustomerProfile", { id: me.id, subscribedToNewsLetter: true }, auth)).status).toBe(200);
    expect((await invoke(via, "updateCustomerProfile", { id: me.id, subscribedToNewsLetter: true }, auth)).status).toBe(200);
    row = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
    expect(row.subscribedToNewsletter).toBe(true);
    expect((await stored(subject)).slice(2)).toEqual([
      { type: "customer.updated", subject, data: { id: me.id, email: me.email, changed: ["subscribedToNewsletter"], updatedAt: iso(row.updatedAt) } },
    ]);
    expect((await invoke(via, "deleteCustomerNewsletterSubscription", {}, auth)).status).toBe(200);
    expect((await stored(subject)).at(-1)?.data).toMatchObject({ changed: ["subscribedToNewsletter"] });

    const hash = (await db.customer.findUniqueOrThrow({ where: { id: me.id } })).passwordHash;
    expect((await invoke(via, "deleteCustomerProfile", { password: "wrong-password-1" }, auth)).status).toBe(403);
    expect((await stored(subject)).length).toBe(4);
    expect((await invoke(via, "deleteCustomerProfile", { password: newPassword }, auth)).status).toBe(200);
    const all = await stored(subject);
    expect(all.at(-1)).toEqual({ type: "customer.deleted", subject, data: { id: me.id } });
    expect(all.map((e) => e.type)).toEqual(["customer.created", "customer.updated", "customer.updated", "customer.updated", "customer.deleted"]);
    expectNoSecret(all, [me.password, newPassword, hash, me.token, me.apiToken]);
    await expectLogged(via, from, ["customer.*"], subject);
  });

  it("the back office's create, update (password included), refused update and delete", async () => {
    const from = await mark();
    const email = `${unique("evc")}@example.com`;
    const password = "Secret-Harbor-123!";
    const made = await asAdmin(via, admin, "createAdminCustomer", { firstName: "Ada", lastName: "Byron", email, password, gender: "Female" });
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    const id = idOf(made.data);
    const subject = `customer:${id}`;
    const db = await getDb();
    let row = await db.customer.findUniqueOrThrow({ where: { id } });
    expect(await stored(subject)).toEqual([
      { type: "customer.created", subject, data: { id, email, changed: ["email", "firstName", "gender", "lastName", "password"], updatedAt: iso(row.updatedAt) } },
    ]);

    const other = await customer(key);
    expect((await asAdmin(via, admin, "updateAdminCustomer", { id, email: other.email })).status).toBe(422);
    expect((await stored(subject)).length).toBe(1);

    expect((await asAdmin(via, admin, "updateAdminCustomer", { id, isSuspended: true, password: "Fresh-Harbor-456!" })).status).toBe(200);
    row = await db.customer.findUniqueOrThrow({ where: { id } });
    expect((await stored(subject)).slice(1)).toEqual([
      { type: "customer.updated", subject, data: { id, email, changed: ["isSuspended", "password"], updatedAt: iso(row.updatedAt) } },
    ]);

    expect((await asAdmin(via, admin, "deleteAdminCustomer", { id })).status).toBe(200);
    const all = await stored(subject);
    expect(all.at(-1)).toEqual({ type: "customer.deleted", subject, data: { id } });
    expectNoSecret(all, [password, "Fresh-Harbor-456!", row.passwordHash, row.apiToken]);
    await expectLogged(via, from, ["customer.*"], subject);
  });
});

describe("customer events of the newsletter and of a password reset", () => {
  it("the back office's subscriber switch and a reset password are customer updates", async () => {
    const me = await customer(key);
    const subject = `customer:${me.id}`;
    const db = await getDb();
    expect((await call("POST", "/api/shop/customers/forgot-password", { email: me.email }, { key })).status).toBe(200);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: me.email, kind: "password_reset" }, orderBy: { id: "desc" } });
    const link = new URL(/https?:\/\/\S+\/account\/reset-password\?\S+/.exec((await unsealMail(db, mail))!.text)![0]);
    const token = link.searchParams.get("token")!;
    const password = "Reset-Harbor-99!";
    const reset = await call("PUT", "/api/shop/customers/reset-password", { token, email: me.email, password, passwordConfirmation: password }, { key });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    let row = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
    expect((await stored(subject)).slice(1)).toEqual([{ type: "customer.updated", subject, data: { id: me.id, email: me.email, changed: ["password"], updatedAt: iso(row.updatedAt) } }]);

    const sub = await db.newsletterSubscriber.create({ data: { email: me.email, channelId: channel, customerId: me.id, isSubscribed: false, token: unique("nl") } });
    expect((await adminCall(admin, "PATCH", `/api/admin/marketing/newsletter-subscribers/${sub.id}`, { is_subscribed: true })).status).toBe(200);
    row = await db.customer.findUniqueOrThrow({ where: { id: me.id } });
    expect(row.subscribedToNewsletter).toBe(true);
    expect((await stored(subject)).slice(2)).toEqual([
      { type: "customer.updated", subject, data: { id: me.id, email: me.email, changed: ["subscribedToNewsletter"], updatedAt: iso(row.updatedAt) } },
    ]);
    expectNoSecret(await stored(subject), [me.password, password, token, row.passwordHash, me.token]);
  });
});

describe.each(VIAS)("return events over %s", (via) => {
  it("raised, moved by the store, messaged and closed by the customer; a refused move tells nothing", async () => {
    const from = await mark();
    const who = await shopper(key);
    const order = await placedOrder(who, [{ qty: 2 }]);
    const raised = await raise(via, who, order.lines[0].id, 1);
    const id = raised.id as number;
    const subject = `return:${id}`;
    const db = await getDb();
    const rowOf = () => db.returnRequest.findUniqueOrThrow({ where: { id } });
    let row = await rowOf();
    const [created] = await stored(subject);
    expect(created).toEqual({
      type: "return.created", subject,
      data: { id, orderId: order.id, status: "pending", changed: expect.arrayContaining(["orderItemId", "quantity", "resolution", "reasonId", "packageCondition", "information"]), updatedAt: iso(row.updatedAt) },
    });

    expect(await storeAct("accept", id)).toBe(200);
    row = await rowOf();
    expect((await stored(subject)).slice(1)).toEqual([{ type: "return.updated", subject, data: { id, orderId: order.id, status: "accepted", changed: ["status"], updatedAt: iso(row.updatedAt) } }]);
    // Accepted already: refused, nothing told.
    expect(await storeAct("accept", id)).not.toBe(200);
    expect((await stored(subject)).length).toBe(2);

    must(await act(via, who, "sendCustomerReturnMessage", { returnId: id, message: "When will you collect it?" }));
    row = await rowOf();
    expect((await stored(subject)).slice(2)).toEqual([{ type: "return.updated", subject, data: { id, orderId: order.id, status: "accepted", changed: ["messages"], updatedAt: iso(row.updatedAt) } }]);

    must(await act(via, who, "closeCustomerReturn", { id }));
    row = await rowOf();
    expect((await stored(subject)).slice(3)).toEqual([{ type: "return.updated", subject, data: { id, orderId: order.id, status: "solved", changed: ["messages", "status"], updatedAt: iso(row.updatedAt) } }]);
    // A closed return cannot be canceled: no event.
    expect((await act(via, who, "cancelCustomerReturn", { id })).ok).toBe(false);
    expect((await stored(subject)).length).toBe(4);
    await expectLogged(via, from, ["return.*"], subject);
  });
});

describe.each(VIAS)("review events over %s", (via) => {
  it("a new review is told without its author or text; a refused one tells nothing", async () => {
    const from = await mark();
    const me = await customer(key);
    const product = await testProduct();
    const auth = { key, bearer: me.token };
    const bad = await invoke(via, "createProductReview", { productId: product.id, title: "Bad", comment: "Out of range.", rating: 6 }, auth);
    expect(bad.status).toBe(422);
    const body = must(await invoke(via, "createProductReview", { productId: product.id, title: "Solid", comment: "Does what it says.", rating: 4 }, auth), 201);
    const row = await (await getDb()).productReview.findUniqueOrThrow({ where: { id: body.id } });
    const subject = `review:${row.id}`;
    expect(await stored(subject)).toEqual([{ type: "review.created", subject, data: { id: row.id, productId: product.id, rating: 4, status: "pending", updatedAt: iso(row.updatedAt) } }]);
    expect(await (await getDb()).event.count({ where: { type: "review.created", data: { contains: `"productId":${product.id},` } } })).toBe(1);
    expectNoSecret(await stored(subject), [me.email, me.token]);
    await expectLogged(via, from, ["review.created"], subject);
  });
});

describe.each(VIAS)("GDPR request events over %s", (via) => {
  it("created, revoked by the customer; a refused second request tells nothing", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const made = must(await invoke(via, "createGdprRequest", { type: "update", message: "Fix my name." }, auth), 201);
    const subject = `gdpr_request:${made.id}`;
    const db = await getDb();
    let row = await db.gdprRequest.findUniqueOrThrow({ where: { id: made.id } });
    expect(await stored(subject)).toEqual([{ type: "gdpr_request.created", subject, data: { id: made.id, customerId: me.id, type: "update", status: "pending", updatedAt: iso(row.updatedAt) } }]);
    expect((await invoke(via, "createGdprRequest", { type: "update", message: "Again." }, auth)).status).toBe(422);
    expect(await db.event.count({ where: { type: { startsWith: "gdpr_request." }, data: { contains: `"customerId":${me.id},` } } })).toBe(1);
    must(await invoke(via, "revokeGdprRequest", { id: made.id }, auth));
    row = await db.gdprRequest.findUniqueOrThrow({ where: { id: made.id } });
    expect((await stored(subject)).slice(1)).toEqual([{ type: "gdpr_request.updated", subject, data: { id: made.id, customerId: me.id, type: "update", status: "revoked", updatedAt: iso(row.updatedAt) } }]);
    // Revoked already: refused, nothing told.
    expect((await invoke(via, "revokeGdprRequest", { id: made.id }, auth)).ok).toBe(false);
    expect((await stored(subject)).length).toBe(2);
  });

  it("a delete request moved by the store to completed erases the customer: its tombstone, then the request's completion", async () => {
    const from = await mark();
    const me = await customer(key);
    const made = must(await invoke(via, "createGdprRequest", { type: "delete", message: "Erase me." }, { key, bearer: me.token }), 201);
    const id = made.id as number;
    const [request, person] = [`gdpr_request:${id}`, `customer:${me.id}`];
    // Not processing yet: completing is refused, nothing told.
    expect((await asAdmin(via, admin, "completeAdminGdprRequest", { id })).status).toBe(409);
    expect((await asAdmin(via, admin, "processAdminGdprRequest", { id })).status).toBe(200);
    expect((await asAdmin(via, admin, "completeAdminGdprRequest", { id })).status).toBe(200);
    const row = await (await getDb()).gdprRequest.findUniqueOrThrow({ where: { id } });
    const all = await stored(request, person);
    expect(all.map((e) => [e.type, e.subject, e.data.status ?? null])).toEqual([
      ["customer.created", person, null],
      ["gdpr_request.created", request, "pending"],
      ["gdpr_request.updated", request, "processing"],
      ["customer.deleted", person, null],
      ["gdpr_request.updated", request, "completed"],
    ]);
    expect(all[3].data).toEqual({ id: me.id });
    expect(all[4].data).toEqual({ id, customerId: me.id, type: "delete", status: "completed", updatedAt: iso(row.updatedAt) });
    expectNoSecret(all, [me.password, me.token, me.apiToken]);
    await expectLogged(via, from, ["gdpr_request.*", "customer.deleted"], request, person);
  });
});

describe("the event log on REST", () => {
  it("takes types as a comma list and refuses a pattern that names no type", async () => {
    const from = await mark();
    const me = await customer(key);
    const res = await adminCall(reader, "GET", `/api/admin/events?after=${from}&types=customer.*,review.created&limit=500`);
    expect(res.status).toBe(200);
    expect(res.body.data.filter((e: Ev) => e.subject === `customer:${me.id}`).map((e: Ev) => e.type)).toEqual(["customer.created"]);
    expect((await adminCall(reader, "GET", "/api/admin/events?types=customer.erased")).status).toBe(422);
    // The log is its own permission: a token without it is refused.
    const other = await adminToken({ role: ["customers.view"] });
    expect((await adminCall(other, "GET", "/api/admin/events")).status).toBe(403);
  });
});

describe.each(VIAS)("the GDPR request and review lists over %s", (via) => {
  it("answer what changed since an instant", async () => {
    const me = await customer(key);
    const made = must(await invoke(via, "createGdprRequest", { type: "update", message: "Fix my name." }, { key, bearer: me.token }), 201);
    const db = await getDb();
    const old = await db.gdprRequest.create({ data: { customerId: me.id, email: me.email, type: "delete", message: "Old.", status: "declined" } });
    await db.gdprRequest.updateMany({ where: { id: old.id }, data: { updatedAt: new Date("2001-01-01T00:00:00Z") } });
    const since = new Date(Date.now() - 60_000).toISOString();
    const listed = await asAdmin(via, admin, "adminGdprRequests", { updatedSince: since, customerId: me.id, sort: "-updated_at" }, { perPage: 50 });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
    const ids = ((via === "rest" ? listed.data.data : listed.data) as { id: number | string; _id?: number }[]).map(idOf);
    expect(ids).toContain(made.id);
    expect(ids).not.toContain(old.id);
    const reviews = await asAdmin(via, admin, "adminReviews", { updatedSince: since, sort: "updated_at" }, { perPage: 5 });
    expect(reviews.status, JSON.stringify(reviews.raw)).toBe(200);
  });
});
