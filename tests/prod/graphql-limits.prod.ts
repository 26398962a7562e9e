// Depth, cost, alias and token limits on both GraphQL endpoints (lib/graphql/limits.ts): a document past any of
// them is answered with a 4xx-class GraphQL error and none of its fields runs; what real clients send still runs.
import { beforeAll, describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import { call, storefrontKey } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { GRAPHQL_LIMITS } from "../../lib/graphql/limits.ts";
import { operations } from "./support/operations.ts";
import { spyOnRuns } from "./support/database.ts";

const runs = spyOnRuns([...operations.shop, ...operations.admin]);
const totalRuns = () => [...runs.values()].reduce((a, b) => a + b, 0);

const nest = (field: string, levels: number, leaf: string) => `${`${field} { `.repeat(levels)}${leaf}${" }".repeat(levels)}`;

/** Fragments that each spread the next one twice: a few lines that stand for 2^levels selections. */
function fragmentBomb(type: string, field: string, levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i === levels - 1 ? `fragment F${i} on ${type} { __typename }` : `fragment F${i} on ${type} { ${field} { ...F${i + 1} } ${field} { ...F${i + 1} } }`,
  );
  return fragments.join("\n");
}

interface Endpoint {
  name: string;
  path: string;
  /** A cheap root field of this endpoint, run when a document is accepted. */
  field: string;
  auth(): { key?: string; bearer?: string };
}

let key: string;
let token: string;
const endpoints: Endpoint[] = [
  { name: "Shop", path: "/api/graphql", field: "channels { __typename }", auth: () => ({ key }) },
  { name: "Admin", path: "/api/admin/graphql", field: "adminChannels { __typename }", auth: () => ({ bearer: token }) },
];

beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
});

async function post(endpoint: Endpoint, query: string, accept = "application/json") {
  return call("POST", endpoint.path, { query }, { ...endpoint.auth(), headers: { Accept: accept } });
}

/** Documents each limit refuses, with the error code it answers with. Each also asks for a real field. */
const hostile: { name: string; code: string; document: (e: Endpoint) => string }[] = [
  {
    name: "a selection nested past the depth limit",
    code: "query_too_deep",
    document: (e) => `{ ${e.field} __type(name: "Query") { ${nest("ofType", GRAPHQL_LIMITS.depth + 2, "name")} } }`,
  },
  {
    name: "fragments that multiply into millions of fields",
    code: "query_too_complex",
    document: (e) => `{ ${e.field} __type(name: "Query") { ...F0 } }\n${fragmentBomb("__Type", "ofType", 14)}`,
  },
  {
    name: "more aliases than the limit",
    code: "too_many_aliases",
    document: (e) => `{ ${Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, i) => `a${i}: ${e.field}`).join(" ")} }`,
  },
  {
    name: "a document of more tokens than the limit",
    code: "query_too_large",
    document: (e) => `{ ${e.field} ${"__typename ".repeat(GRAPHQL_LIMITS.tokens)} }`,
  },
];

describe.each(endpoints)("$name GraphQL endpoint", (endpoint) => {
  it.each(hostile)("refuses $name before running any of it", async ({ code, document }) => {
    const before = totalRuns();
    const started = Date.now();
    const res = await post(endpoint, document(endpoint));

    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body.data ?? null).toBeNull();
    const error = res.body.errors?.find((e: any) => e.extensions?.code === code);
    expect(error, JSON.stringify(res.body).slice(0, 500)).toBeDefined();
    expect(error.extensions.status).toBe(400);
    expect(error.message).toMatch(/limit/i);
    expect(totalRuns()).toBe(before);
    expect(Date.now() - started, "refusing takes no real work").toBeLessThan(5_000);
  });

  it("answers 400 over HTTP too when the client accepts the GraphQL response media type", async () => {
    const res = await post(endpoint, hostile[0].document(endpoint), "application/graphql-response+json");
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("query_too_deep");
  });

  it("still answers the explorer's introspection query", async () => {
    const res = await post(endpoint, getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe("Query");
  });

  it("still answers a selection exactly at the depth limit (the root field, its nesting, the leaf)", async () => {
    const res = await post(endpoint, `{ __type(name: "Query") { ${nest("ofType", GRAPHQL_LIMITS.depth - 2, "name")} } }`);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  });
});

describe("what storefronts ask for stays within the limits", () => {
  const documents = {
    "attributes with their options and translations": `{ attributes { edges { node { id _id code adminName isFilterable options { edges { node { id _id adminName translations { edges { node { id label locale } } } } } } } } } }`,
    "a category tree four levels deep": `{ treeCategories { id _id position status translation { name slug urlPath } children { id translation { name } children { id translation { name } children { id translation { name } } } } } }`,
    "a product page": `{ product(id: "/api/shop/products/1") { id _id sku type name price formattedPrice specialPrice description images { __typename } variants { __typename } categories { __typename } } }`,
    "a product list": `{ products(first: 50) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id _id sku type name price specialPrice minimumPrice urlKey baseImageUrl isSaleable } } } }`,
  };
  it.each(Object.entries(documents))("%s", async (_, query) => {
    const res = await call("POST", "/api/graphql", { query }, { key });
    expect(res.status).toBe(200);
    for (const e of res.body.errors ?? []) expect(e.extensions?.code, JSON.stringify(e)).not.toMatch(/^query_too|too_many/);
  });
});
