// Bodies are capped as they arrive (lib/http/body.ts): a chunked body with no Content-Length that runs past
// MAX_BODY_BYTES (multipart: the operation's maxBytes) is answered 413 `payload_too_large` on REST JSON, REST
// multipart, both GraphQL endpoints and the panel, after reading little more than the cap, and writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminToken } from "../support/admin.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";
import { readCapped } from "../../lib/http/body.ts";
import { MAX_UPLOAD_BYTES } from "../../lib/cart/uploads.ts";
import { POST as completeGatewayPayment } from "../../app/payment-gateway/[token]/complete/route.ts";

const CAP = 1_000_000; // MAX_BODY_BYTES' default
const CHUNK = 64 * 1024;

/** A body that would go on for `total` bytes (far past any cap) and records how much of it was pulled. */
function endless(total = 200 * 1024 * 1024, fill = 0x20) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        seen.pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(fill));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

/** A chunked request: a streamed body and no Content-Length, as `Transfer-Encoding: chunked` arrives. */
function chunked(path: string, headers: Record<string, string>, stream: ReadableStream<Uint8Array>): Request {
  return new Request(BASE + path, { method: "POST", headers: { Accept: "application/json", ...headers }, body: stream, duplex: "half" } as RequestInit);
}

async function expect413(res: Response, seen: { pulled: number; cancelled: boolean }, cap: number) {
  expect(res.status).toBe(413);
  expect(await res.json()).toMatchObject({ error: "payload_too_large", message: expect.stringContaining(String(cap)) });
  // Stopped at the cap: at most a few chunks past it, never the 200 MB on offer.
  expect(seen.pulled).toBeGreaterThan(cap);
  expect(seen.pulled).toBeLessThanOrEqual(cap + 4 * CHUNK);
  expect(seen.cancelled).toBe(true);
}

let key: string;
let token: string;
beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
});

describe("readCapped", () => {
  it("reads a chunked body under the cap whole", async () => {
    const { stream } = endless(3 * CHUNK, 0x61);
    const bytes = await readCapped(chunked("/x", {}, stream), CAP);
    expect(bytes.byteLength).toBe(3 * CHUNK);
    expect(bytes.every((b) => b === 0x61)).toBe(true);
  });

  it("refuses a declared Content-Length over the cap without reading", async () => {
    const { stream, seen } = endless();
    const req = new Request(`${BASE}/x`, { method: "POST", headers: { "Content-Length": String(CAP + 1) }, body: stream, duplex: "half" } as RequestInit);
    await expect(readCapped(req, CAP)).rejects.toMatchObject({ status: 413 });
    expect(seen.pulled).toBe(0);
  });
});

describe("a chunked body over the cap is cut off with 413", () => {
  it("the payment gateway's return form (a few kilobytes at most)", async () => {
    const { stream, seen } = endless();
    const req = chunked("/payment-gateway/any/complete", { "Content-Type": "application/x-www-form-urlencoded" }, stream);
    await expect413(await completeGatewayPayment(req, { params: Promise.resolve({ token: "any" }) }), seen, 4096);
  });


  it("REST JSON (contact-us), nothing written", async () => {
    const db = await getDb();
    const before = await db.contactMessage.count();
    const { stream, seen } = endless();
    await expect413(await dispatch(chunked("/api/shop/contact-us", { "X-STOREFRONT-KEY": key, "Content-Type": "application/json" }, stream)), seen, CAP);
    expect(await db.contactMessage.count()).toBe(before);
  });

  it("REST multipart (cart upload): the operation's own cap", async () => {
    const { stream, seen } = endless();
    const res = await dispatch(chunked("/api/shop/cart/upload-customizable-file", { "X-STOREFRONT-KEY": key, "Content-Type": "multipart/form-data; boundary=xyz" }, stream));
    await expect413(res, seen, MAX_UPLOAD_BYTES + 64 * 1024);
    // the envelope allowance of lib/http/body.ts on top of the operation's cap
    expect(seen.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 128 * 1024 + 4 * CHUNK);
  });

  it("GraphQL Shop", async () => {
    const { stream, seen } = endless();
    await expect413(await dispatch(chunked("/api/graphql", { "X-STOREFRONT-KEY": key, "Content-Type": "application/json" }, stream)), seen, CAP);
  });

  it("GraphQL Admin", async () => {
    const { stream, seen } = endless();
    await expect413(await dispatch(chunked("/api/admin/graphql", { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, stream)), seen, CAP);
  });

  it("panel sign-in", async () => {
    const { stream, seen } = endless();
    await expect413(await startSession(chunked("/admin/api/session", { "Content-Type": "application/json" }, stream)), seen, CAP);
  });

  it("panel API (create a locale), nothing written", async () => {
    const db = await getDb();
    const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "all", permissions: [] } });
    const email = `${unique("body")}@example.com`;
    await db.adminUser.create({ data: { name: "Body", email, passwordHash: await bcrypt.hash("secret-pass-1", 4), roleId: role.id, status: true, isOwner: false } });
    const signIn = await startSession(
      new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "secret-pass-1" }) }),
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    const { csrfToken } = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
    const before = await db.locale.count();
    const { stream, seen } = endless();
    const res = await dispatch(chunked("/api/admin/settings/locales", { cookie, "x-csrf-token": csrfToken, "Content-Type": "application/json" }, stream));
    await expect413(res, seen, CAP);
    expect(await db.locale.count()).toBe(before);
  });
});

describe("a chunked body under the cap is served", () => {
  it("GraphQL Shop answers a streamed query", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ query: "{ __typename }" }));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(body.slice(0, 5));
        c.enqueue(body.slice(5));
        c.close();
      },
    });
    const res = await dispatch(chunked("/api/graphql", { "X-STOREFRONT-KEY": key, "Content-Type": "application/json" }, stream));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { __typename: "Query" } });
    expect((await graphql("{ __typename }", undefined, { key })).status).toBe(200);
  });
});
