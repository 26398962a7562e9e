import { describe, expect, it } from "vitest";
import { call, graphql, storefrontKey } from "../support/client.ts";

describe("smoke", () => {
  it("lists products", async () => {
    const key = await storefrontKey();
    const res = await call("GET", "/api/shop/products?per_page=3", undefined, { key });
    console.log(res.status, JSON.stringify(res.body).slice(0, 800), Object.fromEntries(res.headers));
    const g = await graphql(`{ products(first: 2) { totalCount edges { cursor node { id _id sku name price formattedPrice } } pageInfo { hasNextPage endCursor } } }`, {}, { key });
    console.log(JSON.stringify(g.body).slice(0, 800));
    expect(res.status).toBe(200);
  });
});
