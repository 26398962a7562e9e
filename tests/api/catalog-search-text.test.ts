// Search text and filter keys reach the database as parameters of raw SQL (lib/catalog/listing.ts). A lone UTF-16
// surrogate cannot be encoded as UTF-8: it is sent as U+FFFD, so it finds nothing instead of failing in the driver.
import { describe, expect, it } from "vitest";
import { graphql, storefrontKey } from "../support/client.ts";

describe("search text the database cannot encode", () => {
  it("a lone surrogate in the search or in a filter key answers a list, never an internal error", async () => {
    const key = await storefrontKey();
    const search = await graphql(`query($q: String) { products(query: $q, first: 2) { edges { node { _id } } } }`, { q: "shirt\ud800" }, { key });
    expect(search.body.errors).toBeUndefined();
    expect(search.body.data.products.edges).toEqual([]);
    const all = await graphql(`{ products(first: 2) { edges { node { _id } } } }`, {}, { key });
    const filtered = await graphql(`query($f: String) { products(filter: $f, first: 2) { edges { node { _id } } } }`, { f: JSON.stringify({ "\udc00": "1" }) }, { key });
    expect(filtered.body.errors).toBeUndefined();
    expect(filtered.body.data.products.edges).toEqual(all.body.data.products.edges);
  });
});
