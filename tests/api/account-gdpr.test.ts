// GDPR requests on REST and GraphQL: create, list (sorted by id or created_at with order), one, revoke while
// pending, delete; bad input and isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { createGdprRequest, deleteGdprRequest, gdprRequest, gdprRequests, revokeGdprRequest } from "../../lib/gdpr/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const requestsOf = async (customerId: number) => (await getDb()).gdprRequest.findMany({ where: { customerId }, orderBy: { id: "asc" } });
const setStatus = async (id: number, status: string) => (await getDb()).gdprRequest.update({ where: { id }, data: { status } });

describe.each(VIAS)("GDPR requests over %s", (via) => {
  it("creates a pending request under the account's email", async () => {
    const me = await customer(key);
    const body = must(await invoke(via, createGdprRequest, { type: "delete", message: "Please erase my data." }, { key, bearer: me.token }), 201);
    expect(body).toMatchObject({ type: "delete", status: "pending", message: "Please erase my data.", email: me.email, canRevoke: true, revokedAt: null });
    expect(await requestsOf(me.id)).toEqual([expect.objectContaining({ id: body.id, type: "delete", status: "pending" })]);
  });

  it.each([
    ["an unknown type", { type: "archive", message: "x" }, "type"],
    ["no message", { type: "update", message: " " }, "message"],
  ])("refuses %s with 422", async (_name, input, field) => {
    const me = await customer(key);
    const res = await invoke(via, createGdprRequest, input, { key, bearer: me.token });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).join(" ")).toContain(field);
    expect(await requestsOf(me.id)).toEqual([]);
  });

  it("refuses a second pending request of the same type", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    must(await invoke(via, createGdprRequest, { type: "update", message: "Fix my name." }, auth), 201);
    expect((await invoke(via, createGdprRequest, { type: "update", message: "Again." }, auth)).status).toBe(422);
    must(await invoke(via, createGdprRequest, { type: "delete", message: "Erase." }, auth), 201);
    expect(await requestsOf(me.id)).toHaveLength(2);
  });

  it("lists the caller's requests sorted by id or created_at in either order", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const a = must(await invoke(via, createGdprRequest, { type: "update", message: "First." }, auth), 201);
    const b = must(await invoke(via, createGdprRequest, { type: "delete", message: "Second." }, auth), 201);
    // Backdate the later one so the two sort orders disagree.
    await (await getDb()).gdprRequest.update({ where: { id: b.id }, data: { createdAt: new Date("2020-01-01T00:00:00Z") } });
    const ids = async (input: Record<string, unknown>) => must(await invoke(via, gdprRequests, input, auth)).map((r: { id: number }) => r.id);
    const byId = via === "rest" ? { sort: "id", order: "asc" } : { sortKey: "ID" };
    const byIdDesc = via === "rest" ? { sort: "id", order: "desc" } : { sortKey: "ID", reverse: true };
    const byCreated = via === "rest" ? { sort: "created_at", order: "asc" } : { sortKey: "CREATED_AT" };
    expect(await ids(byId)).toEqual([a.id, b.id]);
    expect(await ids(byIdDesc)).toEqual([b.id, a.id]);
    expect(await ids(byCreated)).toEqual([b.id, a.id]);
    expect(await ids({})).toEqual([a.id, b.id]);
    expect(await ids({ type: "delete" })).toEqual([b.id]);
  });

  it("shows one request", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const a = must(await invoke(via, createGdprRequest, { type: "update", message: "Fix." }, auth), 201);
    expect(must(await invoke(via, gdprRequest, { id: a.id }, auth))).toMatchObject({ id: a.id, type: "update", status: "pending" });
  });

  it("revokes a pending request once; a request being processed cannot be revoked", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const a = must(await invoke(via, createGdprRequest, { type: "update", message: "Fix." }, auth), 201);
    const body = must(await invoke(via, revokeGdprRequest, { id: a.id }, auth));
    expect(body).toMatchObject({ id: a.id, status: "revoked", canRevoke: false, revokedAt: expect.any(String) });
    expect((await invoke(via, revokeGdprRequest, { id: a.id }, auth)).status).toBe(409);
    const b = must(await invoke(via, createGdprRequest, { type: "delete", message: "Erase." }, auth), 201);
    await setStatus(b.id, "processing");
    expect((await invoke(via, revokeGdprRequest, { id: b.id }, auth)).status).toBe(409);
    expect((await requestsOf(me.id)).map((r) => [r.id, r.status])).toEqual([[a.id, "revoked"], [b.id, "processing"]]);
  });

  it("deletes a request, but not one being processed", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const a = must(await invoke(via, createGdprRequest, { type: "update", message: "Fix." }, auth), 201);
    const b = must(await invoke(via, createGdprRequest, { type: "delete", message: "Erase." }, auth), 201);
    await setStatus(b.id, "processing");
    expect(must(await invoke(via, deleteGdprRequest, { id: a.id }, auth))).toMatchObject({ id: a.id, success: true });
    expect((await invoke(via, deleteGdprRequest, { id: b.id }, auth)).status).toBe(409);
    expect((await requestsOf(me.id)).map((r) => r.id)).toEqual([b.id]);
  });

  it("answers 404 for another customer's request and leaves it untouched", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const theirs = must(await invoke(via, createGdprRequest, { type: "delete", message: "Erase." }, { key, bearer: other.token }), 201);
    const auth = { key, bearer: me.token };
    expect((await invoke(via, gdprRequest, { id: theirs.id }, auth)).status).toBe(404);
    expect((await invoke(via, revokeGdprRequest, { id: theirs.id }, auth)).status).toBe(404);
    expect((await invoke(via, deleteGdprRequest, { id: theirs.id }, auth)).status).toBe(404);
    expect(must(await invoke(via, gdprRequests, {}, auth))).toEqual([]);
    expect(await requestsOf(other.id)).toEqual([expect.objectContaining({ id: theirs.id, status: "pending", revokedAt: null })]);
  });

  it("needs a customer", async () => {
    expect((await invoke(via, gdprRequests, {}, { key })).status).toBe(401);
  });
});

describe("GDPR REST list parameters", () => {
  it("refuses an unknown sort or order with 422", async () => {
    const me = await customer(key);
    expect((await call("GET", "/api/shop/gdpr-requests?sort=type", undefined, { key, bearer: me.token })).status).toBe(422);
    expect((await call("GET", "/api/shop/gdpr-requests?order=sideways", undefined, { key, bearer: me.token })).status).toBe(422);
    expect((await call("GET", "/api/shop/gdpr-requests?sort=ID&order=DESC", undefined, { key, bearer: me.token })).status).toBe(200);
  });
});
