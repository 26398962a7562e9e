// Issue 36 item 6: each request's log line answers "who, what, how did it end". The caller by ids only (storefront
// key, customer and its token, admin and integration token or panel session), the GraphQL operation and its outcome
// (the status, and the code of the first error, inside a 200 too), the MCP tool; a refusal at the gate, before any
// of a document runs, names the operation and the code as well. No line carries a credential or a cookie.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { call, customer, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { BASE, dispatch } from "../support/app.ts";
import { adminCredential, type AdminCredential } from "../support/admin.ts";
import { useLogDestination } from "../../lib/log/index.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";

const lines: string[] = [];
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
/** The access line of the answer `res`. */
const lineOf = (res: { headers: Headers }) => {
  const id = res.headers.get("X-Request-Id");
  const found = entries().filter((e) => e.reqId === id && e.msg === "request");
  expect(found, lines.slice(-5).join("\n")).toHaveLength(1);
  return found[0];
};

let key: string;
let keyId: number;
let shopper: Awaited<ReturnType<typeof customer>>;
let admin: AdminCredential;

beforeAll(async () => {
  useLogDestination({ write: (line: string) => void lines.push(line) }, "info");
  key = await storefrontKey();
  keyId = (await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { keyHash: sha256(key) } })).id;
  shopper = await customer(key);
  admin = await adminCredential();
});

afterAll(() => useLogDestination());

describe("a refused GraphQL call's line names the operation and the code", () => {
  it("refused inside a 200: the first error's code", async () => {
    const res = await graphql("query Me { readCustomerProfile { id } }", undefined, { key });
    expect(res.status).toBe(200);
    const code = res.body.errors?.[0]?.extensions?.code;
    expect(code).toBeTruthy();
    expect(lineOf(res)).toMatchObject({ status: 200, operation: "Me", fields: "readCustomerProfile", error: code, keyId });
  });

  it("refused at the gate before anything runs: no key, a wrong key, no admin token", async () => {
    const missing = await graphql("query Catalog { products(first: 1) { totalCount } }");
    expect(missing.status).toBe(401);
    expect(lineOf(missing)).toMatchObject({ status: 401, operation: "Catalog", fields: "products", error: "missing_key" });

    const wrong = await graphql("query Catalog { products(first: 1) { totalCount } }", undefined, { key: `${key}x` });
    expect(wrong.status).toBe(403);
    expect(lineOf(wrong)).toMatchObject({ status: 403, operation: "Catalog", error: "invalid_key" });

    const noToken = await call("POST", "/api/admin/graphql", { query: "query Channels { adminChannels { totalCount } }" });
    expect(noToken.status).toBe(401);
    expect(lineOf(noToken)).toMatchObject({ status: 401, operation: "Channels", error: "unauthenticated" });
  });

  it("a document refused as a whole: a syntax error, an unknown field", async () => {
    const broken = await graphql("query Broken { products(first: 1 { totalCount } }", undefined, { key });
    expect(broken.body.errors?.length).toBeGreaterThan(0);
    const brokenLine = lineOf(broken);
    expect(brokenLine.status).toBe(broken.status);
    expect(brokenLine.error).toEqual(broken.body.errors?.[0]?.extensions?.code ?? expect.any(String));

    const unknown = await graphql("query Unknown { noSuchField }", undefined, { key });
    expect(unknown.body.errors?.length).toBeGreaterThan(0);
    expect(lineOf(unknown)).toMatchObject({ status: unknown.status, operation: "Unknown", error: expect.any(String) });
  });

  it("an admitted call has no error, and names the customer and its token", async () => {
    const res = await graphql("query Me { readCustomerProfile { id } }", undefined, { key, bearer: shopper.token });
    expect(res.body.errors).toBeUndefined();
    const line = lineOf(res);
    expect(line).toMatchObject({ status: 200, operation: "Me", keyId, customerId: shopper.id, credentialId: expect.any(Number) });
    expect(line.error).toBeUndefined();
  });
});

describe("REST lines", () => {
  it("name the code of a refusal beside its status", async () => {
    const res = await call("GET", "/api/shop/customer-profile", undefined, { key });
    expect(res.status).toBe(401);
    expect(lineOf(res)).toMatchObject({ status: 401, error: res.body.error, keyId });
    const ok = await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token });
    expect(ok.status).toBe(200);
    expect(lineOf(ok)).toMatchObject({ status: 200, keyId, customerId: shopper.id });
    expect(lineOf(ok).error).toBeUndefined();
  });

  it("name the admin and the integration token", async () => {
    const res = await call("GET", "/api/admin/settings/channels", undefined, { bearer: admin.token });
    expect(res.status).toBe(200);
    expect(lineOf(res)).toMatchObject({ adminId: admin.adminId, credentialId: admin.tokenId });
  });
});

describe("the admin panel's session", () => {
  it("is named by admin and session ids, never by its cookie or CSRF token", async () => {
    const db = await getDb();
    const password = "Panel-Log-Pass9!";
    const email = `${unique("panel")}@example.com`;
    const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "all", permissions: [] } });
    const person = await db.adminUser.create({
      data: { name: "Panel", email, passwordHash: await bcrypt.hash(password, 4), roleId: role.id, status: true, isOwner: false },
    });
    const signIn = await startSession(
      new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) }),
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
    const { csrfToken } = (await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json()) as { csrfToken: string };
    const session = await db.adminSession.findFirstOrThrow({ where: { adminId: person.id }, orderBy: { id: "desc" } });

    const res = await dispatch(new Request(`${BASE}/api/admin/settings/channels`, { headers: { cookie, "x-csrf-token": csrfToken, Accept: "application/json" } }));
    expect(res.status).toBe(200);
    const line = lineOf(res);
    expect(line).toMatchObject({ adminId: person.id, panel: true, credentialId: session.id });
    const text = lines.join("\n");
    expect(text).not.toContain(cookie.slice(cookie.indexOf("=") + 1));
    expect(text).not.toContain(csrfToken);
  });
});

describe("MCP lines", () => {
  const toolCall = (name: string, opts: { key?: string; bearer?: string } = {}) =>
    call("POST", "/api/mcp", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: {} } }, { ...opts, headers: { Accept: "application/json, text/event-stream" } });

  it("name the tool, the caller and a refusal's code", async () => {
    const ok = await toolCall("channels", { key });
    expect(ok.status).toBe(200);
    expect(lineOf(ok)).toMatchObject({ status: 200, tool: "channels", keyId });
    const refused = await toolCall("readCustomerProfile", { key });
    expect(refused.body.result.isError).toBe(true);
    expect(lineOf(refused)).toMatchObject({ tool: "readCustomerProfile", error: refused.body.result.structuredContent.error });
    const gate = await toolCall("channels");
    expect(gate.status).toBe(401);
    expect(lineOf(gate)).toMatchObject({ status: 401, error: "missing_key" });
  });
});

describe("no line carries a secret", () => {
  it("not the key, the bearers, the integration token nor a password", async () => {
    const text = lines.join("\n");
    for (const secret of [key, shopper.token, shopper.apiToken, admin.token.split("|")[1], shopper.password]) expect(text.includes(secret), secret).toBe(false);
  });
});
