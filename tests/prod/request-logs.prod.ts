// Request logs (lib/log): one JSON line per request with its id, the same id in `X-Request-Id`, errors that
// become a 500 logged with that id, and no secret (storefront key, bearer tokens, passwords, Authorization
// header) in any line or any error body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { call, customer, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { operation } from "../../lib/operations/define.ts";
import { rest } from "../../lib/http/rest.ts";
import { graphqlRoute } from "../../lib/graphql/handler.ts";
import { useLogDestination } from "../../lib/log/index.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { mcpToolCall } from "./support/mcp.ts";
import { shopOperations } from "../../lib/operations/shop.ts";

const shopOperation = (name: string) => shopOperations.find((o) => o.name === name)!;

const lines: string[] = [];
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
const linesOf = (id: string | null) => entries().filter((e) => e.reqId === id);

let key: string;
let shopper: Awaited<ReturnType<typeof customer>>;
let admin: string;

beforeAll(async () => {
  useLogDestination({ write: (line: string) => void lines.push(line) }, "info");
  key = await storefrontKey();
  shopper = await customer(key);
  admin = await adminToken();
});

afterAll(() => useLogDestination());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("every request has an id, in the answer and on its log line", () => {
  it("REST: a new id per request, one JSON access line with it", async () => {
    const a = await call("GET", "/api/shop/products?per_page=1", undefined, { key });
    const b = await call("GET", "/api/shop/products?per_page=1", undefined, { key });
    const [idA, idB] = [a.headers.get("X-Request-Id"), b.headers.get("X-Request-Id")];
    expect(idA).toMatch(UUID);
    expect(idB).toMatch(UUID);
    expect(idA).not.toBe(idB);
    const [line] = linesOf(idA);
    expect(line).toMatchObject({ level: "info", msg: "request", surface: "shop", method: "GET", path: "/api/shop/products", status: 200 });
    expect(typeof line.ms).toBe("number");
    expect(typeof line.time).toBe("string");
  });

  it("GraphQL and the Admin API too", async () => {
    const shop = await graphql("{ channels { __typename } }", undefined, { key });
    const adminAnswer = await call("GET", "/api/admin/settings/channels", undefined, { bearer: admin });
    for (const [res, surface] of [[shop, "shop"], [adminAnswer, "admin"]] as const) {
      const id = res.headers.get("X-Request-Id");
      expect(id).toMatch(UUID);
      expect(linesOf(id)[0]).toMatchObject({ surface, status: 200 });
    }
  });

  it("keeps the id a load balancer assigned, and replaces one that is not a plain token", async () => {
    const kept = await call("GET", "/api/shop/channels", undefined, { key, headers: { "X-Request-Id": "lb-7f3a9c21-0001" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-7f3a9c21-0001");
    expect(linesOf("lb-7f3a9c21-0001")).toHaveLength(1);
    const replaced = await call("GET", "/api/shop/channels", undefined, { key, headers: { "X-Request-Id": "x\"}{\"level\":\"fake" } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(UUID);
  });

  it("exposes the id to browsers", async () => {
    const res = await call("GET", "/api/shop/channels", undefined, { key });
    expect(res.headers.get("Access-Control-Expose-Headers")).toMatch(/X-Request-Id/i);
  });

  it("logs refusals too", async () => {
    const res = await call("GET", "/api/shop/channels");
    expect(res.status).toBe(401);
    expect(linesOf(res.headers.get("X-Request-Id"))[0]).toMatchObject({ status: 401 });
  });
});

describe("each line says who called, what ran and how it ended", () => {
  it("names the key, the customer and their token on the Shop API, and the admin and token on the Admin API", async () => {
    const keyId = (await (await getDb()).storefrontKey.findUniqueOrThrow({ where: { keyHash: sha256(key) } })).id;
    const mine = await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token });
    expect(mine.status).toBe(200);
    const line = linesOf(mine.headers.get("X-Request-Id"))[0];
    expect(line).toMatchObject({ keyId, customerId: shopper.id, credentialId: expect.any(Number) });
    const adminAnswer = await call("GET", "/api/admin/settings/channels", undefined, { bearer: admin });
    const adminLine = linesOf(adminAnswer.headers.get("X-Request-Id"))[0];
    expect(adminLine).toMatchObject({ adminId: expect.any(Number), credentialId: Number(admin.split("|")[0]) });
    for (const l of [line, adminLine]) expect(JSON.stringify(l)).not.toMatch(/\|[A-Za-z0-9_-]{20,}|pk_/);
  });

  it("names a GraphQL call's operation and root fields, and the code of a refusal inside a 200", async () => {
    const ok = await graphql("query Shop { channels { __typename } }", undefined, { key });
    expect(linesOf(ok.headers.get("X-Request-Id"))[0]).toMatchObject({ status: 200, operation: "Shop", fields: "channels" });
    expect(linesOf(ok.headers.get("X-Request-Id"))[0].error).toBeUndefined();
    const refused = await graphql("query Me { readCustomerProfile { id } }", undefined, { key });
    expect(refused.status).toBe(200);
    expect(refused.body.errors?.[0]?.extensions?.code).toBeTruthy();
    expect(linesOf(refused.headers.get("X-Request-Id"))[0]).toMatchObject({ status: 200, operation: "Me", fields: "readCustomerProfile", error: refused.body.errors?.[0]?.extensions?.code });
  });
});

describe("an MCP call's line", () => {
  it("names the tool, and the code of a refusal", async () => {
    const ok = await mcpToolCall(shopOperation("channels"), {}, { key });
    expect(ok.status).toBe(200);
    expect(linesOf(ok.headers.get("X-Request-Id"))[0]).toMatchObject({ status: 200, tool: "channels", keyId: expect.any(Number) });
    const refused = await mcpToolCall(shopOperation("readCustomerProfile"), {}, { key });
    expect(refused.ok).toBe(false);
    expect(linesOf(refused.headers.get("X-Request-Id"))[0]).toMatchObject({ tool: "readCustomerProfile", error: refused.code });
  });
});

/** An operation that fails the way a bug does; bound to REST and GraphQL like every declared one. */
const explode = operation({
  name: "explodeForLogTest",
  surface: "shop",
  kind: "query",
  summary: "Throws an unexpected error.",
  access: "public",
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  rest: { method: "GET", paths: ["/api/shop/explode"] },
  run: async (ctx) => {
    throw new Error(`database said no (bearer was ${ctx.principal.kind}, header Bearer ${bugSecret})`);
  },
});
const bugSecret = "1|THISISASECRETTHATMUSTNEVERBELOGGED123";
const explodeRest = rest(explode);
const explodeGraphql = graphqlRoute("shop", "/api/shop/explode-graphql", () => [explode]);

describe("a 500", () => {
  it("REST: answers a bare message and logs the error with the request id", async () => {
    const req = new Request("http://shop.test/api/shop/explode", { headers: { "X-STOREFRONT-KEY": key, Authorization: `Bearer ${bugSecret}` } });
    const res = await explodeRest(req);
    const body = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(body)).toEqual({ message: "Internal server error.", error: "internal" });
    const id = res.headers.get("X-Request-Id");
    const error = linesOf(id).find((e) => e.level === "error");
    expect(error, lines.join("\n")).toBeDefined();
    expect(error!.err.message).toMatch(/database said no/);
    expect(error!.err.stack).toMatch(/explode|Error/);
    expect(JSON.stringify(error)).not.toContain(bugSecret.split("|")[1]);
    expect(linesOf(id).find((e) => e.msg === "request")).toMatchObject({ status: 500 });
  });

  it("GraphQL: answers a masked error and logs it with the request id", async () => {
    const req = new Request("http://shop.test/api/shop/explode-graphql", {
      method: "POST",
      headers: { "X-STOREFRONT-KEY": key, Authorization: `Bearer ${bugSecret}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ query: "{ explodeForLogTest { ok } }" }),
    });
    const res = await explodeGraphql(req);
    const body = await res.text();
    expect(body).not.toContain("database said no");
    expect(JSON.parse(body).errors[0].extensions).toMatchObject({ code: "internal", status: 500 });
    const error = linesOf(res.headers.get("X-Request-Id")).find((e) => e.level === "error");
    expect(error?.err.message).toMatch(/database said no/);
    expect(JSON.stringify(error)).not.toContain(bugSecret.split("|")[1]);
  });
});

describe("no secret in any log line or error body", () => {
  it("after calls that carry every kind of credential and password, admitted and refused", async () => {
    const password = "Sup3r-Secret-Passw0rd!";
    const secrets = [key, shopper.token, shopper.apiToken, admin, password, shopper.password];
    const bodies: string[] = [];
    const record = async (p: Promise<{ body: unknown }>) => bodies.push(JSON.stringify((await p).body));

    await record(call("POST", "/api/shop/customer/login", { email: shopper.email, password }, { key }));
    await record(call("POST", "/api/shop/customer/login", { email: shopper.email, password: shopper.password }, { key }));
    await record(call("POST", "/api/shop/customers", { firstName: "A", lastName: "B", email: shopper.email, password, confirmPassword: password }, { key }));
    await record(call("PUT", `/api/shop/customer-profile-updates/${shopper.id}`, { currentPassword: password, password, confirmPassword: password }, { key, bearer: shopper.token }));
    await record(call("GET", "/api/shop/customers/get", undefined, { key, bearer: shopper.apiToken }));
    await record(call("GET", `/api/shop/cart/uploads/1?cart_token=${encodeURIComponent(shopper.token)}&password=${password}`, undefined, { key }));
    await record(call("GET", "/api/shop/products", undefined, { key: `${key}x` }));
    await record(call("GET", "/api/admin/settings/channels", undefined, { bearer: `${admin}x` }));
    await record(call("GET", "/api/admin/settings/channels", undefined, { key, bearer: shopper.token }));
    await record(graphql(`mutation { createCustomerLogin(input: { email: "${shopper.email}", password: "${password}" }) { customerLogin { token } } }`, undefined, { key }));
    await record(graphql("{ readCustomerProfile { id } }", undefined, { key, bearer: shopper.apiToken }));
    await record(call("POST", "/api/admin/graphql", { query: "{ adminChannels { totalCount } }" }, { bearer: admin.replace(/.$/, "0") }));
    await record(call("POST", "/api/shop/contact-us", `{"name": "${password}", "email": `, { key, bearer: shopper.token }));

    const logged = lines.join("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      const secretPart = secret.includes("|") ? secret.split("|")[1] : secret;
      expect(logged.includes(secretPart), `a log line shows ${secretPart}`).toBe(false);
    }
    // Error bodies never quote the credential that failed (the login answer carries the new token by design).
    const errorBodies = bodies.filter((b) => /"error"|"errors"/.test(b));
    for (const secret of secrets) for (const body of errorBodies) expect(body.includes(secret.split("|").pop()!), body).toBe(false);
    expect(logged).toMatch(/cart_token=\[redacted\]/);
  });
});

/**
 * An operation that fails the way a careless driver error does, quoting the row it could not write, password
 * included; bound to REST and GraphQL.
 */
const quoteInput = operation({
  name: "createQuotedForLogTest",
  surface: "shop",
  kind: "mutation",
  summary: "Throws an unexpected error quoting its input.",
  access: "public",
  input: z.object({ email: z.string(), password: z.string() }),
  output: z.object({ ok: z.boolean() }),
  rest: { method: "POST", paths: ["/api/shop/quoted"] },
  run: async (_ctx, input) => {
    throw new Error(`insert failed: (email, password) = (${input.email}, ${input.password})`);
  },
});
const quoteRest = rest(quoteInput);
const quoteGraphql = graphqlRoute("shop", "/api/shop/quoted-graphql", () => [explode, quoteInput]);

describe("a submitted password is on no log line", () => {
  const password = "Quiet-Harbor-Lamp-42";
  const post = (url: string, body: unknown) =>
    new Request(url, { method: "POST", headers: { "X-STOREFRONT-KEY": key, "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });

  it("not even quoted by an unexpected error, on REST and GraphQL (variables and a literal)", async () => {
    const answers = [
      await quoteRest(post("http://shop.test/api/shop/quoted", { email: "a@example.com", password })),
      await quoteGraphql(post("http://shop.test/api/shop/quoted-graphql", {
        query: "mutation($input: createQuotedForLogTestInput!) { createQuotedForLogTest(input: $input) { __typename } }",
        variables: { input: { email: "a@example.com", password } },
      })),
      await quoteGraphql(post("http://shop.test/api/shop/quoted-graphql", {
        query: `mutation { createQuotedForLogTest(input: { email: "a@example.com", password: "${password}" }) { __typename } }`,
      })),
    ];
    for (const res of answers) {
      const body = await res.text();
      expect(body).not.toContain(password);
      const logged = linesOf(res.headers.get("X-Request-Id"));
      const error = logged.find((e) => e.level === "error");
      expect(error?.err.message, body).toMatch(/insert failed: \(email, password\) = \(a@example\.com, \[redacted\]\)/);
      expect(JSON.stringify(logged)).not.toContain(password);
    }
  });

  it("nor by a refused createCustomer, whose GraphQL error quotes no password either", async () => {
    const email = `${unique("logs")}@example.com`;
    const res = await graphql(
      "mutation($input: createCustomerInput!) { createCustomer(input: $input) { customer { id } } }",
      { input: { firstName: 5, lastName: "L", email, password, confirmPassword: password, bogus: 1 } },
      { key },
    );
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain(password);
    expect(linesOf(res.headers.get("X-Request-Id"))).not.toHaveLength(0);
    expect(lines.join("\n")).not.toContain(password);
    expect(await (await getDb()).customer.count({ where: { email } })).toBe(0);
  });
});
