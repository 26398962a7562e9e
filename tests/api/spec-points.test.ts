// Issue 15 item 4: SPEC.md points that differed, on REST and GraphQL. The return endpoints answer 401 for any
// storefront-key problem (their own section of SPEC.md, named by its Errors section as the exception to 403
// `invalid_key`); a syntax error is a 400-class GraphQL error, never 500; a page past the last is empty with the true
// total, and an absurd `page` is refused rather than answered with page 1; a GraphQL request without a query is 400.
import { beforeAll, describe, expect, it } from "vitest";
import { createYoga, createSchema, type Plugin } from "graphql-yoga";
import { call, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { expectedListing } from "../support/catalog-fixtures.ts";
import { createStorefrontKey, deactivateStorefrontKey } from "../../lib/storefront-keys/index.ts";
import { syntaxErrorsRefused } from "../../lib/graphql/limits.ts";

const HOUR = 3600_000;
let key: string;
let token: string;
let badKeys: { name: string; key: string }[];

beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
  const db = await getDb();
  const off = await createStorefrontKey(db, { name: unique("off") });
  await deactivateStorefrontKey(db, off.id);
  badKeys = [
    { name: "a wrong key", key: `pk_${unique("wrong")}` },
    { name: "a deactivated key", key: off.key },
    { name: "an expired key", key: await storefrontKey({ expiresAt: new Date(Date.now() - HOUR) }) },
  ];
});

describe("return endpoints: 401 for storefront-key problems, 403 for customer-bearer problems", () => {
  const endpoints: [string, string, unknown][] = [
    ["GET", "/api/shop/returnable-items?order_id=1", undefined],
    ["GET", "/api/shop/returns/reasons", undefined],
    ["GET", "/api/shop/returns", undefined],
    ["GET", "/api/shop/returns/1", undefined],
    ["POST", "/api/shop/returns", { orderItemId: 1, rmaQty: 1, resolutionType: "return", rmaReasonId: 1, agreement: true }],
    ["POST", "/api/shop/returns/1/close", {}],
    ["POST", "/api/shop/returns/1/messages", { message: "Hello" }],
    ["GET", "/api/shop/returns/1/images/1", undefined],
  ];

  it("REST: a wrong, deactivated or expired key is 401 invalid_key on every return endpoint", async () => {
    for (const bad of badKeys) {
      for (const [method, path, body] of endpoints) {
        const res = await call(method, path, body, { key: bad.key, bearer: "garbage" });
        expect([res.status, res.body], `${method} ${path} with ${bad.name}`).toEqual([401, { message: expect.any(String), error: "invalid_key" }]);
      }
    }
  });

  it("REST: a missing key is 401 missing_key, a missing bearer 403, and other endpoints keep 403 invalid_key", async () => {
    expect((await call("GET", "/api/shop/returns", undefined, {})).body).toEqual({ message: expect.any(String), error: "missing_key" });
    const noBearer = await call("GET", "/api/shop/returns", undefined, { key });
    expect([noBearer.status, noBearer.body.error]).toEqual([403, "unauthenticated"]);
    const catalog = await call("GET", "/api/shop/products?per_page=1", undefined, { key: badKeys[1].key });
    expect([catalog.status, catalog.body]).toEqual([403, { message: expect.any(String), error: "invalid_key" }]);
  });

  it("GraphQL: a document of return fields with a bad key is 401 invalid_key", async () => {
    const documents = [
      "{ customerReturns(first: 1) { totalCount } }",
      "query R { customerReturn(id: 1) { id } } query P { products(first: 1) { totalCount } }",
      "{ ...F } fragment F on Query { returnReasons(first: 1) { totalCount } customerReturns(first: 1) { totalCount } }",
      "mutation { closeCustomerReturn(input: { id: 1 }) { customerReturn { id } } }",
    ];
    for (const bad of badKeys) {
      for (const query of documents) {
        const res = await call("POST", "/api/graphql", { query, operationName: query.startsWith("query R") ? "R" : undefined }, { key: bad.key });
        expect([res.status, res.body], `${query} with ${bad.name}`).toEqual([401, { message: expect.any(String), error: "invalid_key" }]);
      }
    }
  });

  it("GraphQL: a document that is not only return fields keeps 403 invalid_key; a missing bearer is status 403", async () => {
    for (const query of ["{ products(first: 1) { totalCount } }", "{ customerReturns(first: 1) { totalCount } products(first: 1) { totalCount } }"]) {
      const res = await graphql(query, {}, { key: badKeys[1].key });
      expect([res.status, res.body], query).toEqual([403, { message: expect.any(String), error: "invalid_key" }]);
    }
    const noBearer = await graphql("{ customerReturns(first: 1) { totalCount } }", {}, { key });
    expect(noBearer.body.errors?.[0].extensions).toMatchObject({ code: "unauthenticated", status: 403 });
  });
});

const ENDPOINTS = [
  { name: "Shop", path: "/api/graphql", auth: () => ({ key }) },
  { name: "Admin", path: "/api/admin/graphql", auth: () => ({ bearer: token }) },
];

describe.each(ENDPOINTS)("GraphQL $name: a syntax error is a 400-class GraphQL error", ({ path, auth }) => {
  const broken = "{ __typename channels { ";
  const parseFailed = { code: "GRAPHQL_PARSE_FAILED", status: 400 };

  it.each([
    { via: "POST", accept: "application/json", http: 200 },
    { via: "POST", accept: "application/graphql-response+json", http: 400 },
    { via: "GET", accept: "application/json", http: 200 },
    { via: "GET", accept: "application/graphql-response+json", http: 400 },
  ])("$via with Accept $accept", async ({ via, accept, http }) => {
    const opts = { ...auth(), headers: { Accept: accept } };
    const res = via === "POST" ? await call("POST", path, { query: broken }, opts) : await call("GET", `${path}?query=${encodeURIComponent(broken)}`, undefined, opts);

    // GraphQL over HTTP: an invalid document is 200 for application/json, 400 for application/graphql-response+json.
    expect(res.status).toBe(http);
    expect(res.body).toEqual({
      errors: [{ message: "Syntax Error: Expected Name, found <EOF>.", locations: [{ line: 1, column: 25 }], extensions: parseFailed }],
    });
  });
});

describe("a syntax error from another copy of graphql", () => {
  // The ESM copy of graphql, not yoga's CommonJS one: what a production bundle may load for graphql-armor's parser.
  const foreignCopy = "graphql/index.mjs";
  let ForeignGraphQLError: typeof import("graphql").GraphQLError;
  beforeAll(async () => {
    ForeignGraphQLError = ((await import(foreignCopy)) as typeof import("graphql")).GraphQLError;
  });
  // yoga recognises errors by class: one from another copy of graphql (the production bundle's case) was a crash.
  const foreignParser: Plugin = {
    onParse: ({ setParseFn }) =>
      setParseFn(() => {
        throw new ForeignGraphQLError("Syntax Error: Expected Name, found <EOF>.");
      }),
  };
  const schema = createSchema({ typeDefs: "type Query { ok: Boolean }" });
  const ask = (plugins: Plugin[]) =>
    createYoga({ schema, plugins, logging: false }).fetch("http://shop.test/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/graphql-response+json" },
      body: JSON.stringify({ query: "{ ok" }),
    });

  it("was 500 Unexpected error, and is a 400 with its message", async () => {
    const crashed = await ask([foreignParser]);
    expect([crashed.status, (await crashed.json()).errors[0].message]).toEqual([500, "Unexpected error."]);

    const refused = await ask([foreignParser, syntaxErrorsRefused]);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      errors: [{ message: "Syntax Error: Expected Name, found <EOF>.", extensions: { code: "GRAPHQL_PARSE_FAILED", status: 400 } }],
    });
  });
});

describe.each(ENDPOINTS)("GraphQL $name: a request without a query is 400", ({ path, auth }) => {
  const missing = { errors: [{ message: "Must provide query string.", extensions: { code: "BAD_REQUEST", status: 400 } }] };

  it.each([
    { name: "POST {}", send: () => call("POST", path, {}, auth()) },
    { name: "POST with variables only", send: () => call("POST", path, { variables: {} }, auth()) },
    { name: "POST with a blank query", send: () => call("POST", path, { query: "  " }, auth()) },
    { name: "GET without query", send: () => call("GET", path, undefined, auth()) },
    { name: "GET without query, graphql-response+json", send: () => call("GET", path, undefined, { ...auth(), headers: { Accept: "application/graphql-response+json" } }) },
  ])("$name", async ({ send }) => {
    const res = await send();
    expect([res.status, res.body]).toEqual([400, missing]);
  });

  it("the GraphiQL page still loads without a query", async () => {
    const res = await call("GET", path, undefined, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
  });
});

describe("REST paging: past the last page, and absurd values", () => {
  it("a page past the last is an empty list with the true total", async () => {
    const total = (await expectedListing()).length;
    for (const page of ["999", String(10_000_000)]) {
      const res = await call("GET", `/api/shop/products?page=${page}&per_page=50`, undefined, { key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect([res.headers.get("X-Total-Count"), res.headers.get("X-Page"), res.headers.get("X-Per-Page")]).toEqual([String(total), page, "0"]);
    }
  });

  it.each(["0", "-3", "abc", "1e9", "2.5", "+2", "10000001", "99999999999999999999"])("page=%s is refused with 400 invalid_page", async (page) => {
    for (const path of ["/api/shop/products", "/api/shop/returns/reasons"]) {
      const res = await call("GET", `${path}?page=${encodeURIComponent(page)}`, undefined, { key, bearer: (await shopperToken()) });
      expect([res.status, res.body.error], path).toEqual([400, "invalid_page"]);
      expect(res.body.message).toMatch(/^page must be a whole number from 1 to 10000000/);
    }
    const admin = await call("GET", `/api/admin/customers?page=${encodeURIComponent(page)}`, undefined, { bearer: token });
    expect([admin.status, admin.body.error]).toEqual([400, "invalid_page"]);
  });

  it.each([
    { perPage: "99999999999999999999", rows: 50 },
    { perPage: "1000", rows: 50 },
    { perPage: "1e9", rows: 30 },
    { perPage: "-5", rows: 30 },
    { perPage: "0", rows: 30 },
    { perPage: "lots", rows: 30 },
  ])("per_page=$perPage answers $rows rows (clamped, or the default)", async ({ perPage, rows }) => {
    const res = await call("GET", `/api/shop/products?per_page=${perPage}`, undefined, { key });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(rows);
    expect(res.headers.get("X-Page")).toBe("1");
  });
});

let shopper: string | undefined;
async function shopperToken(): Promise<string> {
  if (shopper) return shopper;
  const email = `${unique("sp")}@example.com`;
  const password = "Secret123!pass";
  const res = await call("POST", "/api/shop/customers", { firstName: "Spec", lastName: "Points", email, password, confirmPassword: password }, { key });
  return (shopper = res.body.token as string);
}

describe("GraphQL paging: past the last page, and absurd values", () => {
  const cursor = (offset: number) => Buffer.from(`cursor:${offset}`).toString("base64");

  it("after the last cursor: no edges, the true totalCount", async () => {
    const total = (await expectedListing()).length;
    const res = await graphql(`{ products(first: 5, after: "${cursor(total + 100)}") { totalCount edges { cursor } pageInfo { hasNextPage } } }`, {}, { key });
    expect(res.body).toEqual({ data: { products: { totalCount: total, edges: [], pageInfo: { hasNextPage: false } } } });
  });

  it.each([
    { name: "first beyond a 32-bit integer", args: "first: 99999999999" },
    { name: "first at the 32-bit maximum", args: "first: 2147483647" },
    { name: "a negative first", args: "first: -1" },
    { name: "a forged cursor", args: `after: "${Buffer.from("cursor:99999999999").toString("base64")}"` },
    { name: "a cursor that is not one", args: 'after: "nonsense"' },
  ])("$name is a 400-class error, never a 500 or page 1", async ({ args }) => {
    const res = await graphql(`{ products(${args}) { totalCount edges { cursor } } }`, {}, { key });
    expect(res.status).toBeLessThan(500);
    expect(res.body.data?.products ?? null).toBeNull();
    expect(res.body.errors?.length).toBeGreaterThan(0);
    for (const e of res.body.errors ?? []) expect(e.extensions?.status ?? 400, JSON.stringify(e)).toBe(400);
  });
});
