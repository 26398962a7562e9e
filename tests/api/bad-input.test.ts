// Bad input of any kind is a 4xx that writes nothing, never a 500 (DESIGN.md Wire rules): malformed or non-object
// JSON bodies, wrong content types, oversized bodies and wrongly typed fields on REST; broken documents on GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, graphql, storefrontKey, unique } from "../support/client.ts";
import { count, expectNoServerError, fromGraphql, fromRest } from "../support/gate-helpers.ts";

let key: string;
let shopper: Awaited<ReturnType<typeof customer>>;

beforeAll(async () => {
  key = await storefrontKey();
  shopper = await customer(key);
});

/** An open write, a valid body for it carrying `marker`, and the rows that body would write. */
interface Endpoint {
  path: string;
  body(marker: string): Record<string, unknown>;
  rows(marker: string): Promise<number>;
  /** Fields of the wrong type and the field each must be reported on. */
  wrongTypes: { change: Record<string, unknown>; field: string }[];
}

const email = (marker: string) => `${marker}@example.com`;

const endpoints: Endpoint[] = [
  {
    path: "/api/shop/contact-us",
    body: (m) => ({ name: "Bad input", email: email(m), message: "hello" }),
    rows: (m) => count("contactMessage", { email: email(m) }),
    wrongTypes: [
      { change: { name: 5 }, field: "name" },
      { change: { email: true }, field: "email" },
      { change: { message: { text: "hello" } }, field: "message" },
      { change: { contact: 5550100 }, field: "contact" },
      { change: { message: null }, field: "message" },
    ],
  },
  {
    path: "/api/shop/newsletters",
    body: (m) => ({ customerEmail: email(m) }),
    rows: (m) => count("newsletterSubscriber", { email: email(m) }),
    wrongTypes: [
      { change: { customerEmail: ["a@example.com"] }, field: "customerEmail" },
      { change: { customerEmail: 42 }, field: "customerEmail" },
    ],
  },
  {
    path: "/api/shop/customers",
    body: (m) => ({ firstName: "Bad", lastName: "Input", email: email(m), password: "Secret123!pass", confirmPassword: "Secret123!pass" }),
    rows: (m) => count("customer", { email: email(m) }),
    wrongTypes: [
      { change: { firstName: 7 }, field: "firstName" },
      { change: { password: 12345678, confirmPassword: 12345678 }, field: "password" },
      { change: { gender: 1 }, field: "gender" },
      { change: { dateOfBirth: 19901210 }, field: "dateOfBirth" },
      { change: { subscribedToNewsLetter: "maybe" }, field: "subscribedToNewsLetter" },
      { change: { phone: { number: "1" } }, field: "phone" },
    ],
  },
  {
    path: "/api/shop/customer/login",
    body: () => ({ email: shopper.email, password: shopper.password }),
    rows: () => count("customerToken", { customer: { email: shopper.email } }),
    wrongTypes: [
      { change: { email: 5 }, field: "email" },
      { change: { password: false }, field: "password" },
      { change: { password: ["Secret123!pass"] }, field: "password" },
    ],
  },
  {
    path: "/api/shop/forgot-passwords",
    body: () => ({ email: shopper.email }),
    rows: () => count("passwordReset", { email: shopper.email }),
    wrongTypes: [{ change: { email: {} }, field: "email" }],
  },
];

const json = (body: unknown) => JSON.stringify(body);

/** Ways to send a body that is not a JSON object the API can read: raw text, its content type, the answer. */
const unreadable: { name: string; raw: (valid: Record<string, unknown>) => string; contentType?: string; status: number; error: string }[] = [
  { name: "malformed JSON", raw: (v) => json(v).slice(0, -3), status: 400, error: "bad_request" },
  { name: "JSON with a trailing comma", raw: (v) => json(v).replace(/}$/, ",}"), status: 400, error: "bad_request" },
  { name: "a JSON array of the valid body", raw: (v) => json([v]), status: 400, error: "bad_request" },
  { name: "a JSON string", raw: (v) => json(json(v)), status: 400, error: "bad_request" },
  { name: "JSON null", raw: () => "null", status: 400, error: "bad_request" },
  { name: "a JSON number", raw: () => "42", status: 400, error: "bad_request" },
  { name: "valid JSON sent as text/plain", raw: (v) => json(v), contentType: "text/plain", status: 415, error: "unsupported_media_type" },
  {
    name: "a form-encoded body",
    raw: (v) => new URLSearchParams(v as Record<string, string>).toString(),
    contentType: "application/x-www-form-urlencoded",
    status: 415,
    error: "unsupported_media_type",
  },
  { name: "valid JSON sent as XML", raw: (v) => json(v), contentType: "application/xml", status: 415, error: "unsupported_media_type" },
  { name: "a body over 1 MB", raw: (v) => json({ ...v, padding: "x".repeat(1_050_000) }), status: 413, error: "payload_too_large" },
  {
    name: "a body over 1 MB of multi-byte characters (counted in bytes)",
    raw: (v) => json({ ...v, padding: "é".repeat(520_000) }),
    status: 413,
    error: "payload_too_large",
  },
];

describe.each(endpoints)("POST $path", (endpoint) => {
  it.each(unreadable)("$name: $status $error, nothing written", async ({ raw, contentType, status, error }) => {
    const marker = unique("bad");
    const before = await endpoint.rows(marker);
    const res = await call("POST", endpoint.path, raw(endpoint.body(marker)), {
      key,
      headers: contentType ? { "Content-Type": contentType } : {},
    });

    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toEqual({ message: expect.any(String), error });
    expect(await endpoint.rows(marker)).toBe(before);
  });

  it.each(endpoint.wrongTypes)("a wrongly typed $field: 422 on it, nothing written", async ({ change, field }) => {
    const marker = unique("type");
    const before = await endpoint.rows(marker);
    const res = fromRest(await call("POST", endpoint.path, { ...endpoint.body(marker), ...change }, { key }));

    expect(res.status, JSON.stringify(res.raw)).toBe(422);
    expect(res.code).toBe("validation_failed");
    expect(res.fields[field]?.length, JSON.stringify(res.raw)).toBeGreaterThan(0);
    expect(await endpoint.rows(marker)).toBe(before);
  });

  it("the valid body itself is accepted (so the refusals above are about the damage alone)", async () => {
    const marker = unique("ok");
    const before = await endpoint.rows(marker);
    const res = await call("POST", endpoint.path, endpoint.body(marker), { key });

    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await endpoint.rows(marker)).toBe(before + 1);
  });
});

describe("GraphQL: broken documents are errors, never a 500, and write nothing", () => {
  const contact = (m: string) => `{ name: "Bad", email: "${email(m)}", message: "hello" }`;
  const raw = (body: string) => (opts: { key: string }) => call("POST", "/api/graphql", body, opts);

  const documents: {
    name: string;
    send: (m: string) => (opts: { key: string }) => Promise<{ status: number; body: any; headers: Headers }>;
    /** Where the answer is pinned down: yoga's HTTP status, or the domain's `extensions.status`. */
    status?: number;
  }[] = [
    { name: "a syntax error", send: (m) => (o) => graphql(`mutation { createContactUs(input: ${contact(m)} { contactUs { success } } }`, {}, o) },
    { name: "an unknown field in the selection", send: (m) => (o) => graphql(`mutation { createContactUs(input: ${contact(m)}) { contactUs { success nope } } }`, {}, o) },
    { name: "an unknown root field", send: () => (o) => graphql("{ notAField { id } }", {}, o) },
    { name: "a wrong argument type", send: () => (o) => graphql('{ products(first: "ten") { totalCount } }', {}, o) },
    { name: "an unknown input field", send: (m) => (o) => graphql(`mutation { createContactUs(input: { name: "B", email: "${email(m)}", message: "m", nope: 1 }) { contactUs { success } } }`, {}, o) },
    { name: "a wrongly typed input field", send: (m) => (o) => graphql(`mutation { createContactUs(input: { name: 5, email: "${email(m)}", message: "m" }) { contactUs { success } } }`, {}, o) },
    {
      name: "a wrongly typed variable",
      send: (m) => (o) =>
        graphql("mutation($i: createContactUsInput!) { createContactUs(input: $i) { contactUs { success } } }", { i: { name: ["B"], email: email(m), message: "m" } }, o),
    },
    { name: "a missing input argument", send: () => (o) => graphql("mutation { createContactUs { contactUs { success } } }", {}, o) },
    {
      name: "an input variable that is null",
      send: () => (o) => graphql("mutation($i: createContactUsInput!) { createContactUs(input: $i) { contactUs { success } } }", { i: null }, o),
    },
    {
      name: "variables that are not an object",
      send: (m) => raw(json({ query: `mutation { createContactUs(input: ${contact(m)}) { contactUs { success } } }`, variables: "oops" })),
    },
    { name: "an empty query", send: () => (o) => graphql("", {}, o) },
    { name: "a query that is not a string", send: () => raw(json({ query: 42 })) },
    { name: "no query at all", send: () => raw("{}") },
    { name: "a body that is not JSON", send: (m) => raw(`{"query": "mutation { createContactUs(input: ${contact(m)}) `) },
    { name: "a batch (JSON array)", send: (m) => raw(json([{ query: `mutation { createContactUs(input: ${contact(m)}) { contactUs { success } } }` }])) },
    {
      name: "an operationName the document lacks",
      send: (m) => raw(json({ query: `mutation Send { createContactUs(input: ${contact(m)}) { contactUs { success } } }`, operationName: "Other" })),
    },
    {
      name: "two operations and no operationName",
      send: (m) => (o) => graphql(`mutation A { createContactUs(input: ${contact(m)}) { contactUs { success } } } mutation B { __typename }`, {}, o),
    },
    { name: "a subscription (the schema has none)", send: () => (o) => graphql("subscription { products { id } }", {}, o) },
    {
      name: "a mutation sent with GET",
      send: (m) => (o) =>
        call("GET", `/api/graphql?query=${encodeURIComponent(`mutation { createContactUs(input: ${contact(m)}) { contactUs { success } } }`)}`, undefined, o),
      status: 405,
    },
    {
      name: "an input over the field's length limit",
      send: (m) => (o) =>
        graphql("mutation($i: createContactUsInput!) { createContactUs(input: $i) { contactUs { success } } }", { i: { name: "B", email: email(m), message: "x".repeat(6000) } }, o),
      status: 422,
    },
  ];

  it.each(documents)("$name", async ({ send, status }) => {
    const marker = unique("gqlbad");
    const res = await send(marker)({ key });
    const outcome = fromGraphql(res);

    expectNoServerError(outcome);
    if (status) expect(outcome.status, JSON.stringify(res.body)).toBe(status);
    expect(res.status).toBeGreaterThanOrEqual(200);
    const errors = res.body?.errors;
    // GraphQL reports the problem in `errors` (yoga's own HTTP-level refusals may have no body).
    if (res.status < 300) expect(errors?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
    for (const e of errors ?? []) {
      expect(typeof e.message).toBe("string");
      expect(e.extensions?.code ?? "").not.toMatch(/internal/i);
      expect(e.extensions?.status ?? 0).toBeLessThan(500);
    }
    expect(await count("contactMessage", { email: email(marker) })).toBe(0);
  });
});
