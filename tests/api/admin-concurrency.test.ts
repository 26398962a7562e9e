// Optimistic concurrency on the Admin API (issue 34, item 2): a record's version is its ETag on REST and its
// `version` on GraphQL; an update or delete given it (REST `If-Match`, GraphQL `ifMatch`) answers 412 when the record
// has moved on, and writes nothing. Two racing updates naming the same version end with one 412. Stock moves by a
// signed `adjust` as well as being set, and a set can name the quantity it expects (`expectedQty`, 412 otherwise).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { VIAS, type Result, type Via } from "../support/invoke.ts";
import { freshProduct } from "../support/checkout.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

const ok = (r: Result, status = 200) => {
  expect(r.status, JSON.stringify(r.raw)).toBe(status);
  return r.data;
};

/** The version an answer carries: REST's ETag header, GraphQL's `version` field (the ETag without its quotes). */
function versionOf(via: Via, r: Result): string {
  if (via === "rest") {
    const tag = r.headers.get("ETag");
    expect(tag).toMatch(/^"\d+"$/);
    return tag!;
  }
  expect(r.data.version).toMatch(/^\d+$/);
  return r.data.version as string;
}

/** Calls `op` on `id` only if the record is still at `version`: the If-Match header on REST, `ifMatch` on GraphQL. */
function ifMatch(via: Via, op: string, version: string, input: Record<string, unknown>): Promise<Result> {
  return via === "rest"
    ? asAdmin(via, token, op, input, { headers: { "If-Match": version } })
    : asAdmin(via, token, op, { ...input, ifMatch: version });
}

async function newGroup(via: Via) {
  const code = unique("g").toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const made = await asAdmin(via, token, "createAdminCustomerGroup", { code, name: "First" });
  ok(made, 201);
  return { id: made.data.id as number, version: versionOf(via, made) };
}

describe.each(VIAS)("versions and If-Match over %s", (via) => {
  it("reads the version, updates with the current one and refuses a stale one (412, nothing written)", async () => {
    const db = await getDb();
    const { id, version: created } = await newGroup(via);
    const read = await asAdmin(via, token, "adminCustomerGroup", { id });
    ok(read);
    const v1 = versionOf(via, read);
    expect(v1).toBe(created);
    const stored = await db.customerGroup.findUniqueOrThrow({ where: { id } });
    expect(v1.replace(/"/g, "")).toBe(String(stored.updatedAt.getTime()));

    const updated = await ifMatch(via, "updateAdminCustomerGroup", v1, { id, name: "Second" });
    expect(ok(updated).name).toBe("Second");
    const v2 = versionOf(via, updated);
    expect(v2).not.toBe(v1);

    const stale = await ifMatch(via, "updateAdminCustomerGroup", v1, { id, name: "Third" });
    expect(stale.status, JSON.stringify(stale.raw)).toBe(412);
    expect(stale.code).toBe("precondition_failed");
    const after = await db.customerGroup.findUniqueOrThrow({ where: { id } });
    expect(after.name).toBe("Second");
    expect(String(after.updatedAt.getTime())).toBe(v2.replace(/"/g, ""));

    // "*" matches any version of a record that exists; without a precondition nothing changes from before.
    expect(ok(await ifMatch(via, "updateAdminCustomerGroup", "*", { id, name: "Fourth" })).name).toBe("Fourth");
    expect(ok(await asAdmin(via, token, "updateAdminCustomerGroup", { id, name: "Fifth" })).name).toBe("Fifth");
  });

  it("lets exactly one of two racing updates with the same version through", async () => {
    const db = await getDb();
    const { id, version } = await newGroup(via);
    const [a, b] = await Promise.all([
      ifMatch(via, "updateAdminCustomerGroup", version, { id, name: "Racer A" }),
      ifMatch(via, "updateAdminCustomerGroup", version, { id, name: "Racer B" }),
    ]);
    expect([a.status, b.status].sort(), JSON.stringify([a.raw, b.raw])).toEqual([200, 412]);
    const winner = a.status === 200 ? "Racer A" : "Racer B";
    expect((await db.customerGroup.findUniqueOrThrow({ where: { id } })).name).toBe(winner);
  });

  it("refuses a delete with a stale version (412, still there) and deletes with the current one", async () => {
    const db = await getDb();
    const { id, version } = await newGroup(via);
    const moved = await asAdmin(via, token, "updateAdminCustomerGroup", { id, name: "Moved on" });
    ok(moved);
    const current = versionOf(via, moved);
    const stale = await ifMatch(via, "deleteAdminCustomerGroup", version, { id });
    expect(stale.status, JSON.stringify(stale.raw)).toBe(412);
    expect(await db.customerGroup.count({ where: { id } })).toBe(1);
    ok(await ifMatch(via, "deleteAdminCustomerGroup", current, { id }));
    expect(await db.customerGroup.count({ where: { id } })).toBe(0);
  });

  it("puts the version back when the write after the claim fails", async () => {
    const db = await getDb();
    const { id, version } = await newGroup(via);
    const refused = await ifMatch(via, "updateAdminCustomerGroup", version, { id, name: "" });
    expect(refused.status).toBe(422);
    // A 422 from the input is refused before the claim; one from the store's state (a system group) after it.
    const system = await db.customerGroup.findFirstOrThrow({ where: { isUserDefined: false } });
    const before = await db.customerGroup.findUniqueOrThrow({ where: { id: system.id } });
    const tag = via === "rest" ? `"${before.updatedAt.getTime()}"` : String(before.updatedAt.getTime());
    const conflict = await ifMatch(via, "deleteAdminCustomerGroup", tag, { id: system.id });
    expect(conflict.status).toBe(409);
    expect((await db.customerGroup.findUniqueOrThrow({ where: { id: system.id } })).updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });
});

describe("If-Match on REST", () => {
  it("refuses a malformed header (400), never matches a weak tag (412)", async () => {
    const { id, version } = await newGroup("rest");
    const path = `/api/admin/customers/groups/${id}`;
    const bad = await adminCall(token, "PATCH", path, { name: "X" }, { headers: { "If-Match": "not a tag" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_if_match");
    const weak = await adminCall(token, "PATCH", path, { name: "X" }, { headers: { "If-Match": `W/${version}` } });
    expect(weak.status).toBe(412);
    // A list matches when one of its tags does; the body cannot carry the precondition.
    const listed = await adminCall(token, "PATCH", path, { name: "Y", if_match: '"1"' }, { headers: { "If-Match": `"1", ${version}` } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.headers.get("ETag")).toMatch(/^"\d+"$/);
  });
});

describe.each(VIAS)("stock adjust and expected quantity over %s", (via) => {
  it("moves stock by a delta, refuses going below 0 (422) and a set whose expected quantity is stale (412)", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 10 });
    const row = await db.productInventory.findFirstOrThrow({ where: { productId: product } });
    const qtyNow = async () => (await db.productInventory.findUniqueOrThrow({ where: { id: row.id } })).qty;

    expect(ok(await asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: -2 })).qty).toBe(8);
    expect(ok(await asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: 5 })).qty).toBe(13);
    expect(await qtyNow()).toBe(13);

    const below = await asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: -14 });
    expect(below.status).toBe(422);
    expect(below.fields).toHaveProperty("adjust");
    expect(await qtyNow()).toBe(13);

    const wrong = await asAdmin(via, token, "updateAdminInventory", { id: row.id, qty: 1, expectedQty: 12 });
    expect(wrong.status, JSON.stringify(wrong.raw)).toBe(412);
    expect(wrong.code).toBe("precondition_failed");
    expect(await qtyNow()).toBe(13);
    expect(ok(await asAdmin(via, token, "updateAdminInventory", { id: row.id, qty: 1, expectedQty: 13 })).qty).toBe(1);

    const both = await asAdmin(via, token, "updateAdminInventory", { id: row.id, qty: 3, adjust: 1 });
    expect(both.status).toBe(422);
    expect(both.fields).toHaveProperty("adjust");
    const expectedAlone = await asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: 1, expectedQty: 1 });
    expect(expectedAlone.status).toBe(422);
    expect(await qtyNow()).toBe(1);

    const events = await db.event.findMany({ where: { subject: `product:${product}`, type: "inventory.updated" }, orderBy: { id: "asc" } });
    const moves = events.map((e) => (typeof e.data === "string" ? JSON.parse(e.data) : e.data) as { oldQty: number; newQty: number });
    expect(moves.map((m) => [m.oldQty, m.newQty])).toEqual([[10, 8], [8, 13], [13, 1]]);
  });

  it("takes If-Match on stock rows too, and two racing adjusts both count", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 10 });
    const row = await db.productInventory.findFirstOrThrow({ where: { productId: product } });
    const read = await asAdmin(via, token, "adminInventory", { id: row.id });
    ok(read);
    const version = versionOf(via, read);
    const [a, b] = await Promise.all([
      ifMatch(via, "updateAdminInventory", version, { id: row.id, adjust: -1 }),
      ifMatch(via, "updateAdminInventory", version, { id: row.id, adjust: -1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    expect((await db.productInventory.findUniqueOrThrow({ where: { id: row.id } })).qty).toBe(9);
    await Promise.all([
      asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: -3 }),
      asAdmin(via, token, "updateAdminInventory", { id: row.id, adjust: -3 }),
    ]).then((rs) => rs.forEach((r) => ok(r)));
    expect((await db.productInventory.findUniqueOrThrow({ where: { id: row.id } })).qty).toBe(3);
  });
});

describe.each(VIAS)("stock adjust on a product update over %s", (via) => {
  it("moves a channel's stock by a delta, refuses below 0 (422, unchanged) and tells the change feed", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 10 });
    const qtyNow = async () => (await db.productInventory.findFirstOrThrow({ where: { productId: product, channelId: 1 } })).qty;
    const moved = await asAdmin(via, token, "updateAdminProduct", { id: product, inventories: [{ channelId: 1, adjust: -4 }] });
    expect(ok(moved).inventories).toEqual([{ channelId: 1, qty: 6 }]);
    const below = await asAdmin(via, token, "updateAdminProduct", { id: product, inventories: [{ channelId: 1, adjust: -7 }] });
    expect(below.status).toBe(422);
    expect(below.fields).toHaveProperty(["inventories.0.adjust"]);
    expect(await qtyNow()).toBe(6);
    const both = await asAdmin(via, token, "updateAdminProduct", { id: product, inventories: [{ channelId: 1, qty: 2, adjust: 1 }] });
    expect(both.status).toBe(422);
    expect(await qtyNow()).toBe(6);
    const events = await db.event.findMany({ where: { subject: `product:${product}`, type: "inventory.updated" }, orderBy: { id: "asc" } });
    const moves = events.map((e) => (typeof e.data === "string" ? JSON.parse(e.data) : e.data) as { oldQty: number; newQty: number });
    expect(moves.map((m) => [m.oldQty, m.newQty])).toEqual([[10, 6]]);
  });
});

describe("If-Match on a PUT (CMS pages)", () => {
  it("writes with the current ETag, refuses a stale one (412, page unchanged)", async () => {
    const db = await getDb();
    const channel = (await db.channel.findFirstOrThrow({ where: { code: "default" } })).id;
    const urlKey = unique("page").toLowerCase();
    const made = await adminCall(token, "POST", "/api/admin/cms/pages", { url_key: urlKey, page_title: "One", html_content: "<p>One</p>", channels: [channel] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `/api/admin/cms/pages/${made.body.id}`;
    const read = await adminCall(token, "GET", path);
    const v1 = read.headers.get("ETag")!;
    expect(v1).toMatch(/^"\d+"$/);
    const block = (title: string) => ({ locale: "en", channels: [channel], en: { url_key: urlKey, page_title: title, html_content: "<p>x</p>" } });
    const put = await adminCall(token, "PUT", path, block("Two"), { headers: { "If-Match": v1 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.headers.get("ETag")).not.toBe(v1);
    const stale = await adminCall(token, "PUT", path, block("Three"), { headers: { "If-Match": v1 } });
    expect(stale.status).toBe(412);
    const stored = await db.cmsPageTranslation.findFirstOrThrow({ where: { pageId: made.body.id, locale: "en" } });
    expect(stored.pageTitle).toBe("Two");
  });
});

describe("the Admin OpenAPI document on versions", () => {
  it("an update documents If-Match as a header and ETag on its answer, and its body has no ifMatch", async () => {
    const { openApiDocument } = await import("../../lib/openapi/document.ts");
    const { adminOperations } = await import("../../lib/operations/admin.ts");
    const doc = openApiDocument("admin", adminOperations, "http://shop.test") as any;
    const patch = doc.paths["/api/admin/customers/groups/{id}"].patch;
    expect(patch.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(["path:id", "header:If-Match"]));
    expect(patch.responses["200"].headers.ETag).toBeDefined();
    const bodyRef: string = patch.requestBody.content["application/json"].schema.$ref;
    const body = doc.components.schemas[bodyRef.split("/").pop()!];
    expect(Object.keys(body.properties)).not.toContain("ifMatch");
    expect(Object.keys(body.properties)).not.toContain("id");
    expect(doc.paths["/api/admin/customers/groups/{id}"].get.responses["200"].headers.ETag).toBeDefined();
  });
});
