// The body cap (MAX_BODY_BYTES, 1 MB): every REST operation that takes a body, and both GraphQL endpoints, answer
// a larger body with 413 `payload_too_large` and write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { call, storefrontKey } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { cases, requestOf } from "./support/operations.ts";
import { minimal } from "./support/zod-arbitrary.ts";
import { changedCounts, tableCounts } from "./support/database.ts";

const OVER = 1_100_000;
let key: string;
let token: string;

beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
});

const withBody = [...cases("shop"), ...cases("admin")].filter(({ op, transport }) => transport === "REST" && op.rest!.method !== "GET" && !op.rest!.multipart);

describe("REST", () => {
  it.each(withBody)("$name: 413 for a body over the cap, nothing written", async ({ op }) => {
    const input = { ...(minimal(op.input, { id: 1 }) as object), padding: "é".repeat(OVER / 2) };
    const req = requestOf(op, input);
    const auth = op.surface === "admin" ? { bearer: token } : { key };
    const before = await tableCounts();
    const res = await call(req.method, req.path, req.body, auth);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(413);
    expect(res.body).toMatchObject({ error: "payload_too_large", message: expect.any(String) });
    expect(changedCounts(before, await tableCounts())).toEqual({});
  });
});

describe("GraphQL", () => {
  it.each([
    ["/api/graphql", "createContactUs", () => ({ key })],
    ["/api/admin/graphql", "createAdminLocale", () => ({ bearer: token })],
  ] as const)("%s: 413 for a mutation over the cap, nothing written", async (path, mutation, auth) => {
    const query = `mutation($input: ${mutation}Input!) { ${mutation}(input: $input) { clientMutationId } }`;
    const before = await tableCounts();
    const res = await call("POST", path, { query, variables: { input: { name: "x".repeat(OVER), email: "big@example.com", message: "m", code: "zz" } } }, auth());
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "payload_too_large" });
    expect(changedCounts(before, await tableCounts())).toEqual({});
  });
});
