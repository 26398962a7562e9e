// Issue 13 item 3 and 7: every root field of a GraphQL document is one request of the storefront key's or the
// integration token's budget, a document the budget cannot pay for in full is refused (429, Retry-After) before
// any of it runs, and neither endpoint answers any document, not even introspection, without a valid key or token.
import { describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import { call, graphql, storefrontKey, unique } from "../support/client.ts";
import { adminCredential, adminGraphql } from "../support/admin.ts";
import { count, rateHeadersOf } from "../support/gate-helpers.ts";
import { documentCost } from "../../lib/graphql/documents.ts";

const aliases = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(" ");
const contactUs = (email: string) => `createContactUs(input: { name: "Budget", email: "${email}", message: "hello" }) { contactUs { success } }`;

describe("documentCost", () => {
  it("counts distinct root response keys of the operation that runs, through fragments", () => {
    expect(documentCost(`{ ${aliases(30, "locales { code }")} }`, undefined)).toBe(30);
    expect(documentCost("{ locales { code } locales { name } }", undefined)).toBe(1); // merged: resolved once
    expect(documentCost("query A { a: locales { code } ...F } query B { locales { code } } fragment F on Query { b: channels { id } ... on Query { c: currencies { code } } }", "A")).toBe(3);
    expect(documentCost("query A { a: locales { code } b: locales { code } } query B { locales { code } }", "B")).toBe(1);
    expect(documentCost("{ locales {", undefined)).toBe(1);
    expect(documentCost("query A { __typename } query B { __typename }", undefined)).toBe(1);
  });
});

describe("Shop GraphQL: each root field spends one request of the key's budget", () => {
  it("a document of thirty aliased root fields spends thirty, REST calls one", async () => {
    const key = await storefrontKey({ rateLimit: 100 });

    const res = await graphql(`{ ${aliases(30, "locales { totalCount }")} }`, {}, { key });

    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(Object.keys(res.body.data)).toHaveLength(30);
    expect(rateHeadersOf(res.headers).remaining).toBe(70);
    const rest = await call("GET", "/api/shop/locales", undefined, { key });
    expect(rateHeadersOf(rest.headers).remaining).toBe(69);
  });

  it("a document with more root fields than are left is refused with 429 and Retry-After, and runs nothing", async () => {
    const key = await storefrontKey({ rateLimit: 3 });
    const emails = [0, 1, 2].map(() => `${unique("budget")}@example.com`);
    const first = await graphql(`mutation { ${contactUs(emails[0])} }`, {}, { key });
    expect(first.status).toBe(200);
    expect(rateHeadersOf(first.headers).remaining).toBe(2);

    const refused = await graphql(`mutation { b1: ${contactUs(emails[1])} b2: ${contactUs(emails[2])} b3: ${contactUs(emails[2])} }`, {}, { key });

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(refused.headers.get("Retry-After")).toBe(String((refused.body as any).retry_after));
    expect(await count("contactMessage", { email: emails[1] })).toBe(0);
    expect(await count("contactMessage", { email: emails[2] })).toBe(0);
    // Refused in full, it spent nothing: what is left still pays for a smaller document.
    const fits = await graphql(`mutation { b1: ${contactUs(emails[1])} b2: ${contactUs(emails[2])} }`, {}, { key });
    expect(fits.body.errors).toBeUndefined();
    expect(rateHeadersOf(fits.headers).remaining).toBe(0);
    expect(await count("contactMessage", { email: emails[1] })).toBe(1);
  });

  it("introspection is refused without a key, and with one spends a request of its budget", async () => {
    const none = await graphql(getIntrospectionQuery(), {});
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: "missing_key" });
    expect((none.body as any).data).toBeUndefined();

    const key = await storefrontKey({ rateLimit: 10 });
    const res = await graphql(getIntrospectionQuery(), {}, { key });
    expect(res.status).toBe(200);
    expect(res.body.data.__schema.queryType.name).toBe("Query");
    expect(rateHeadersOf(res.headers).remaining).toBe(9);
  });
});

describe("Admin GraphQL", () => {
  const documents = [
    { name: "the explorer's introspection query", query: getIntrospectionQuery() },
    { name: "a type introspection", query: '{ __type(name: "Query") { name } }' },
    { name: "__typename alone", query: "{ __typename }" },
  ];

  it.each(documents)("$name is refused without a token (401), with a wrong one, and by GET", async ({ query }) => {
    const none = await adminGraphql(null, query);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: "unauthenticated" });
    expect((none.body as any).data).toBeUndefined();

    const wrong = await adminGraphql("999999|not-a-secret", query);
    expect(wrong.status).toBe(401);
    expect((wrong.body as any).data).toBeUndefined();

    const get = await call("GET", `/api/admin/graphql?query=${encodeURIComponent(query)}`);
    expect(get.status).toBe(401);
    expect(get.body?.data).toBeUndefined();
  });

  it.each(documents)("$name is answered with a token and counted against its budget", async ({ query }) => {
    const { token } = await adminCredential({ rateLimit: 10 });

    const res = await adminGraphql(token, query);

    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toBeTruthy();
    expect(rateHeadersOf(res.headers).remaining).toBe(9);
  });

  it("thirty aliased root fields spend thirty of the token's budget; more than is left is refused", async () => {
    const { token } = await adminCredential({ rateLimit: 40 });

    const spent = await adminGraphql(token, `{ ${aliases(30, "adminChannels(first: 1) { totalCount }")} }`);
    expect(spent.body.errors).toBeUndefined();
    expect(rateHeadersOf(spent.headers).remaining).toBe(10);

    const refused = await adminGraphql(token, `{ ${aliases(11, "__typename")} }`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(rateHeadersOf(refused.headers).remaining).toBe(10);
  });

  it("the GraphiQL page shell still renders without a token", async () => {
    const page = await call("GET", "/api/admin/graphql", undefined, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    // Its default document says where the token goes, and that the schema fetch needs it too.
    expect(page.body).toMatch(/needs an integration token/);
    expect(page.body).toMatch(/re-fetch the schema/);
  });
});
