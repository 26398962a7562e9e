// Shop GraphQL answers made of catalog reads are kept per parsed document, operation, variables and scope
// (lib/graphql/response-cache.ts): the same document written with other spacing, commas or comments is answered
// from the kept answer, byte for byte, without a statement; other variables are another answer; and an answer
// whose execution gave an error (read from the execution result, not from the answer's text) is never kept.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { counted } from "../support/statements.ts";
import { call, graphql, storefrontKey } from "../support/client.ts";
import { countCache, pageCache } from "../../lib/catalog/cache.ts";

vi.hoisted(() => {
  process.env.CATALOG_CACHE_MS = "60000";
  process.env.HELD_READS_MS = "60000";
});

let key: string;

beforeAll(async () => {
  key = await storefrontKey();
});

const settle = () => new Promise((r) => setTimeout(r, 200)); // "last used" stamps are written off the request path
/** Not the answer's own work: the key looked up and stamped "last used". */
const bookkeeping = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql) || /[`"](ProductVisit|StorefrontKey)[`"]/.test(sql);

/** The raw answer of a POSTed document, as bytes. */
async function raw(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await call("POST", "/api/graphql", JSON.stringify({ query, variables }), { key, headers: { "Content-Type": "application/json", ...headers } });
  expect(res.status).toBe(200);
  return JSON.stringify(res.body);
}

describe("kept Shop GraphQL answers", () => {
  it("answer the same parsed document from the kept answer, however it is written", async () => {
    const tight = `{products(first:4){edges{node{_id name price}}}}`;
    const loose = `# the same question
      query {
        products(first: 4) {
          edges { node { _id, name, price } }
        }
      }`;
    const first = await raw(tight);
    expect(JSON.parse(first).data.products.edges).toHaveLength(4);
    await settle();
    // The catalog reads below the answer are dropped: only the kept answer itself can answer without a statement.
    pageCache.forget();
    countCache.forget();
    const again = await counted(() => raw(loose), bookkeeping);
    expect(again.statements, "answered from the kept answer").toEqual([]);
    expect(again.result).toBe(first);
  });

  it("keep the answers of other variables and of another scope apart", async () => {
    const query = `query List($n: Int) { products(first: $n) { edges { node { _id name } } } }`;
    const two = JSON.parse(await raw(query, { n: 2 }));
    const three = JSON.parse(await raw(query, { n: 3 }));
    expect(two.data.products.edges).toHaveLength(2);
    expect(three.data.products.edges).toHaveLength(3);
    expect(JSON.parse(await raw(query, { n: 2 }))).toEqual(two);
    const french = JSON.parse(await raw(query, { n: 2 }, { "X-LOCALE": "fr" }));
    // Read afresh in its own scope (other test files may have added products meanwhile): another answer.
    expect(french.data.products.edges).toHaveLength(2);
    expect(french).not.toEqual(two);
  });

  it("never keep an answer whose execution gave an error", async () => {
    const missing = `{ category(id: 987654321) { _id name } }`;
    for (let i = 0; i < 2; i++) {
      await settle();
      const answer = await counted(() => graphql(missing, undefined, { key }), bookkeeping);
      expect(answer.result.status).toBe(200);
      expect(answer.result.body.errors?.[0]?.extensions?.status).toBe(404);
      expect(answer.statements.length, `request ${i + 1} runs the read again`).toBeGreaterThan(0);
    }
  });
});
