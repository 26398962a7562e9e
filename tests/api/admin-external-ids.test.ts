// External ids and metadata (issue 34 item 3) on customers and orders, and the exact lookups on the Admin lists:
// `email`, `sku` and `external_id` match exactly, `q` searches a substring. Metadata is set on create and
// merge-patched on update (a key sent as null is removed); past 50 keys, a non-string value or an external id another
// record holds is a 422 that writes nothing. An order's PATCH sets only these two fields, honours If-Match and
// records `order.updated`.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminToken, asAdmin, hiddenProduct, makeOrder } from "../support/admin.ts";
import { VIAS, type Result, type Via } from "../support/invoke.ts";

let token: string;
let productId: number;
beforeAll(async () => {
  token = await adminToken();
  productId = (await hiddenProduct()).id;
});

const ok = (r: Result, status = 200) => {
  expect(r.status, JSON.stringify(r.raw)).toBe(status);
  return r.data;
};

/** `count` keys k0…k(count-1), each with a string value. */
const keys = (count: number, from = 0) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${from + i}`, `v${from + i}`]));

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The ids a list answers for `filters`: REST with snake_case query parameters (`external_id`), GraphQL with its arguments. */
async function listed(via: Via, op: string, filters: Record<string, string>): Promise<number[]> {
  const input = via === "rest" ? Object.fromEntries(Object.entries(filters).map(([k, v]) => [snake(k), v])) : filters;
  const r = await asAdmin(via, token, op, input, { perPage: 50 });
  const rows: { id: number | string; _id?: number }[] = via === "rest" ? ok(r).data : ok(r);
  return rows.map((row) => (typeof row.id === "number" ? row.id : row._id!)).sort((a, b) => a - b);
}

const storedCustomer = async (id: number) => (await getDb()).customer.findUniqueOrThrow({ where: { id }, select: { externalId: true, metadata: true, updatedAt: true } });
const storedOrder = async (id: number) => (await getDb()).order.findUniqueOrThrow({ where: { id }, select: { externalId: true, metadata: true, status: true, updatedAt: true } });

describe.each(VIAS)("customers over %s", (via) => {
  const newCustomer = (fields: Record<string, unknown> = {}) =>
    asAdmin(via, token, "createAdminCustomer", { firstName: "Ada", lastName: "Byron", email: `${unique("ext")}@example.com`, ...fields });

  it("sets, reads, merge-patches and clears externalId and metadata", async () => {
    const externalId = unique("crm-");
    const made = ok(await newCustomer({ externalId, metadata: { tier: "gold", source: "crm" } }), 201);
    expect(made).toMatchObject({ externalId, metadata: { tier: "gold", source: "crm" } });
    expect(await storedCustomer(made.id)).toMatchObject({ externalId, metadata: { tier: "gold", source: "crm" } });
    expect(ok(await asAdmin(via, token, "adminCustomer", { id: made.id }))).toMatchObject({ externalId, metadata: { tier: "gold", source: "crm" } });

    // A key sent as null is removed, a key not sent is kept; externalId is untouched when not sent.
    const patched = ok(await asAdmin(via, token, "updateAdminCustomer", { id: made.id, metadata: { source: null, region: "eu" } }));
    expect(patched).toMatchObject({ externalId, metadata: { tier: "gold", region: "eu" } });
    expect((await storedCustomer(made.id)).metadata).toEqual({ tier: "gold", region: "eu" });

    const cleared = ok(await asAdmin(via, token, "updateAdminCustomer", { id: made.id, externalId: null }));
    expect(cleared).toMatchObject({ externalId: null, metadata: { tier: "gold", region: "eu" } });
    const emptied = ok(await asAdmin(via, token, "updateAdminCustomer", { id: made.id, metadata: null }));
    expect(emptied.metadata).toEqual({});
    expect(await storedCustomer(made.id)).toMatchObject({ externalId: null, metadata: {} });

    // Without either, the answer still has an object for metadata.
    const plain = ok(await newCustomer(), 201);
    expect(plain).toMatchObject({ externalId: null, metadata: {} });
  });

  it("keeps metadata keys as sent: snake_case and any other spelling are the caller's", async () => {
    const metadata = { erp_code: "A-1", "Mixed-Key": "x", camelCase: "y" };
    const made = ok(await newCustomer({ metadata }), 201);
    expect(made.metadata).toEqual(metadata);
    expect((await storedCustomer(made.id)).metadata).toEqual(metadata);
    const patched = ok(await asAdmin(via, token, "updateAdminCustomer", { id: made.id, metadata: { erp_code: null, other_key: "z" } }));
    expect(patched.metadata).toEqual({ "Mixed-Key": "x", camelCase: "y", other_key: "z" });
  });

  it("refuses bad metadata and a taken externalId with 422, writing nothing", async () => {
    const db = await getDb();
    const refusedCreate = async (fields: Record<string, unknown>, field: string) => {
      const email = `${unique("bad")}@example.com`;
      const r = await asAdmin(via, token, "createAdminCustomer", { firstName: "A", lastName: "B", email, ...fields });
      expect(r.status, JSON.stringify(r.raw)).toBe(422);
      expect(Object.keys(r.fields).some((k) => k === field || k.startsWith(`${field}.`)), JSON.stringify(r.fields)).toBe(true);
      expect(await db.customer.count({ where: { email } })).toBe(0);
    };
    await refusedCreate({ metadata: { n: 1 } }, "metadata");
    await refusedCreate({ metadata: keys(51) }, "metadata");
    await refusedCreate({ externalId: "" }, "externalId");
    const taken = ok(await newCustomer({ externalId: unique("taken-") }), 201);
    await refusedCreate({ externalId: taken.externalId }, "externalId");

    const full = ok(await newCustomer({ externalId: unique("full-"), metadata: keys(49) }), 201);
    const before = await storedCustomer(full.id);
    const refusedUpdate = async (fields: Record<string, unknown>, field: string) => {
      const r = await asAdmin(via, token, "updateAdminCustomer", { id: full.id, ...fields });
      expect(r.status, JSON.stringify(r.raw)).toBe(422);
      expect(Object.keys(r.fields).some((k) => k === field || k.startsWith(`${field}.`)), JSON.stringify(r.fields)).toBe(true);
      expect(r.message ?? "").not.toBe("");
      expect(await storedCustomer(full.id)).toEqual(before);
    };
    // 49 + 2 new keys is past the limit even though the patch sets a known one again; nothing is stored, not even lastName.
    await refusedUpdate({ lastName: "Changed", metadata: { k0: "again", extra1: "x", extra2: "y" } }, "metadata");
    await refusedUpdate({ metadata: { k0: 7 } }, "metadata");
    await refusedUpdate({ externalId: taken.externalId }, "externalId");
    // Removing one and adding two stays at the limit: fine.
    const atLimit = ok(await asAdmin(via, token, "updateAdminCustomer", { id: full.id, metadata: { k0: null, extra1: "x", extra2: "y" } }));
    expect(Object.keys(atLimit.metadata)).toHaveLength(50);
  });

  it("lists by exact email (any case) and external id, and by q as a substring", async () => {
    const tag = unique("srch");
    const email = `${tag}@example.com`;
    const externalId = unique("lk-");
    const made = ok(await newCustomer({ email, externalId, lastName: `Lovelace${tag}` }), 201);
    expect(await listed(via, "adminCustomers", { email })).toEqual([made.id]);
    expect(await listed(via, "adminCustomers", { email: email.toUpperCase() })).toEqual([made.id]);
    // A part of the email no longer matches: that is what q is for.
    expect(await listed(via, "adminCustomers", { email: tag })).toEqual([]);
    expect(await listed(via, "adminCustomers", { externalId })).toEqual([made.id]);
    expect(await listed(via, "adminCustomers", { externalId: externalId.slice(0, -1) })).toEqual([]);
    expect(await listed(via, "adminCustomers", { q: tag.toUpperCase() })).toEqual([made.id]);
    expect(await listed(via, "adminCustomers", { q: `lace${tag}` })).toEqual([made.id]);
  });
});

describe.each(VIAS)("orders over %s", (via) => {
  const newOrder = () => makeOrder({ lines: [{ productId, qty: 1, price: 10 }] });
  const update = (id: number, fields: Record<string, unknown>, opts: { token?: string } = {}) => asAdmin(via, opts.token ?? token, "updateAdminOrder", { id, ...fields });

  it("sets, merge-patches and clears externalId and metadata, recording order.updated", async () => {
    const db = await getDb();
    const o = await newOrder();
    const fresh = ok(await asAdmin(via, token, "adminOrder", { id: o.id }));
    expect(fresh).toMatchObject({ externalId: null, metadata: {} });

    const externalId = unique("erp-");
    const set = ok(await update(o.id, { externalId, metadata: { erp: "sap", batch: "7" } }));
    expect(set).toMatchObject({ id: o.id, externalId, metadata: { erp: "sap", batch: "7" }, status: "pending" });
    expect(await storedOrder(o.id)).toMatchObject({ externalId, metadata: { erp: "sap", batch: "7" }, status: "pending" });
    const events = await db.event.findMany({ where: { subject: `order:${o.id}`, type: "order.updated" } });
    expect(events.map((e) => JSON.parse(e.data))).toEqual([expect.objectContaining({ id: o.id, change: "fields", recordId: null, status: "pending" })]);

    ok(await update(o.id, { metadata: { batch: null, carrier: "dhl" } }));
    expect(await storedOrder(o.id)).toMatchObject({ externalId, metadata: { erp: "sap", carrier: "dhl" } });
    const cleared = ok(await update(o.id, { externalId: null, metadata: null }));
    expect(cleared).toMatchObject({ externalId: null, metadata: {} });
    expect(await storedOrder(o.id)).toMatchObject({ externalId: null, metadata: {} });
    expect(await db.event.count({ where: { subject: `order:${o.id}`, type: "order.updated" } })).toBe(3);
  });

  it("refuses bad input, a taken externalId, a stale If-Match and a token without sales.orders.edit, writing nothing", async () => {
    const db = await getDb();
    const other = await newOrder();
    const takenId = unique("taken-");
    ok(await update(other.id, { externalId: takenId }));
    const o = await newOrder();
    ok(await update(o.id, { externalId: unique("mine-"), metadata: keys(50) }));
    const before = await storedOrder(o.id);
    const eventsBefore = await db.event.count({ where: { subject: `order:${o.id}` } });
    const unchanged = async () => {
      expect(await storedOrder(o.id)).toEqual(before);
      expect(await db.event.count({ where: { subject: `order:${o.id}` } })).toBe(eventsBefore);
    };

    const cases: [string, Record<string, unknown>, string][] = [
      ["past 50 keys", { metadata: { one: "more" } }, "metadata"],
      ["a number", { metadata: { k1: 5 } }, "metadata"],
      ["taken external id", { externalId: takenId }, "externalId"],
      ["empty external id", { externalId: "  " }, "externalId"],
    ];
    for (const [label, fields, field] of cases) {
      const r = await update(o.id, fields);
      expect(r.status, `${label}: ${JSON.stringify(r.raw)}`).toBe(422);
      expect(Object.keys(r.fields).some((k) => k === field || k.startsWith(`${field}.`)), `${label}: ${JSON.stringify(r.fields)}`).toBe(true);
      await unchanged();
    }
    // Only the connector's fields: anything else of an order is not an input here.
    const status = await update(o.id, { status: "canceled" });
    expect(status.status, JSON.stringify(status.raw)).toBe(via === "rest" ? 422 : 400);
    await unchanged();

    const read = ok(await asAdmin(via, token, "adminOrder", { id: o.id }));
    const version = via === "rest" ? (await asAdmin(via, token, "adminOrder", { id: o.id })).headers.get("ETag")! : (read.version as string);
    expect(version).toMatch(/^"?\d+"?$/);
    const guarded = (fields: Record<string, unknown>, v: string) =>
      via === "rest" ? asAdmin(via, token, "updateAdminOrder", { id: o.id, ...fields }, { headers: { "If-Match": v } }) : update(o.id, { ...fields, ifMatch: v });
    ok(await guarded({ metadata: { k0: "current" } }, version));
    const after = await storedOrder(o.id);
    expect((after.metadata as Record<string, string>).k0).toBe("current");
    const stale = await guarded({ metadata: { k0: "stale" }, externalId: unique("stale-") }, version);
    expect(stale.status, JSON.stringify(stale.raw)).toBe(412);
    expect(await storedOrder(o.id)).toEqual(after);

    const viewer = await adminToken({ scope: "custom", permissions: ["sales.orders.view"] });
    const refused = await update(o.id, { externalId: unique("nope-") }, { token: viewer });
    expect(refused.status, JSON.stringify(refused.raw)).toBe(403);
    expect(await storedOrder(o.id)).toEqual(after);
  });

  it("lists by exact external id and by q over the order number, the customer's email and name", async () => {
    const db = await getDb();
    const o = await newOrder();
    const tag = unique("buyer");
    await db.order.update({ where: { id: o.id }, data: { customerEmail: `${tag}@example.com`, customerLastName: `Smith${tag}` } });
    const externalId = unique("ord-");
    ok(await update(o.id, { externalId }));
    const { incrementId } = await db.order.findUniqueOrThrow({ where: { id: o.id }, select: { incrementId: true } });

    expect(await listed(via, "adminOrders", { externalId })).toEqual([o.id]);
    expect(await listed(via, "adminOrders", { externalId: externalId.toUpperCase() + "x" })).toEqual([]);
    expect(await listed(via, "adminOrders", { q: incrementId.slice(3) })).toEqual([o.id]);
    expect(await listed(via, "adminOrders", { q: `${tag.toUpperCase()}@EXAMPLE` })).toEqual([o.id]);
    expect(await listed(via, "adminOrders", { q: `th${tag}` })).toEqual([o.id]);
    // The exact filters keep their meaning.
    expect(await listed(via, "adminOrders", { incrementId })).toEqual([o.id]);
    expect(await listed(via, "adminOrders", { incrementId: incrementId.slice(0, -1) })).toEqual([]);
  });
});

describe.each(VIAS)("products over %s", (via) => {
  it("lists by exact sku and external id, and by q over the sku and the name", async () => {
    const db = await getDb();
    const tag = unique("ABC").toUpperCase();
    const [a, b] = [await hiddenProduct(), await hiddenProduct()];
    await db.product.update({ where: { id: a.id }, data: { sku: tag, externalId: `pim-${tag}` } });
    await db.product.update({ where: { id: b.id }, data: { sku: `${tag}-2` } });

    expect(await listed(via, "adminProducts", { sku: tag })).toEqual([a.id]);
    expect(await listed(via, "adminProducts", { sku: `${tag}-2` })).toEqual([b.id]);
    expect(await listed(via, "adminProducts", { sku: tag.slice(0, -1) })).toEqual([]);
    expect(await listed(via, "adminProducts", { externalId: `pim-${tag}` })).toEqual([a.id]);
    expect(await listed(via, "adminProducts", { externalId: "pim-" })).toEqual([]);
    expect(await listed(via, "adminProducts", { q: tag.toLowerCase() })).toEqual([a.id, b.id]);
    // The name in any locale (hiddenProduct names them "Hidden <locale> <sku>" after their first sku).
    expect(await listed(via, "adminProducts", { q: `hidden fr ${b.sku}` })).toEqual([b.id]);
    expect(await listed(via, "adminProducts", { name: `Hidden en ${a.sku}` })).toEqual([a.id]);
  });
});
