// Catalog reads and verified storefront keys are held in process (lib/catalog/cache.ts, lib/storefront-keys):
// an admin change is visible on the very next read, on both transports, whatever was cached before it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken } from "../support/admin.ts";
import { freshProduct } from "../support/checkout.ts";
import { createStorefrontKey } from "../../lib/storefront-keys/index.ts";

let key: string;
let admin: string;

beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});

interface Seen {
  name: string;
  price: number;
  inStock: boolean;
}

/** The product as the shop shows it: newest-first list, search, detail, and GraphQL list and detail. */
async function shopViews(id: number, sku: string): Promise<Record<string, Seen | null>> {
  const pick = (rows: (Seen & { id: number })[]) => {
    const row = rows.find((r) => r.id === id);
    return row ? { name: row.name, price: row.price, inStock: row.inStock } : null;
  };
  const list = await call("GET", "/api/shop/products?sort=created_at-desc&per_page=50", undefined, { key });
  const search = await call("GET", `/api/shop/products?query=${encodeURIComponent(sku)}`, undefined, { key });
  const detail = await call("GET", `/api/shop/products/${id}`, undefined, { key });
  const gql = await graphql(
    `{ products(first: 50, sortKey: "CREATED_AT", reverse: true) { edges { node { _id name price inStock } } } product(id: ${id}) { name price inStock } }`,
    undefined,
    { key },
  );
  const nodes = (gql.body.data?.products?.edges ?? []).map((e: { node: Seen & { _id: number } }) => ({ ...e.node, id: e.node._id }));
  const gqlDetail = gql.body.data?.product;
  return {
    restList: pick(list.body),
    restSearch: pick(search.body),
    restDetail: detail.status === 200 ? { name: detail.body.name, price: detail.body.price, inStock: detail.body.inStock } : null,
    graphqlList: pick(nodes),
    graphqlDetail: gqlDetail ? { name: gqlDetail.name, price: gqlDetail.price, inStock: gqlDetail.inStock } : null,
  };
}

const everywhere = (seen: Seen | null) => ({ restList: seen, restSearch: seen, restDetail: seen, graphqlList: seen, graphqlDetail: seen });

async function product() {
  const id = await freshProduct({ qty: 5, price: "25" });
  const { sku } = await (await getDb()).product.findUniqueOrThrow({ where: { id }, select: { sku: true } });
  const before = await shopViews(id, sku);
  expect(before).toEqual(everywhere({ name: `Test ${sku}`, price: 25, inStock: true }));
  await shopViews(id, sku); // a second read: every view is now answered from the cache
  return { id, sku };
}

describe("catalog reads after admin writes", () => {
  it("a new price and name show on the next read of the list, the search and the detail", async () => {
    const { id, sku } = await product();
    const res = await adminCall(admin, "PATCH", `/api/admin/catalog/products/${id}`, {
      price: 41.5,
      translations: [{ locale: "en", name: `Renamed ${sku}`, url_key: sku.toLowerCase() }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shopViews(id, sku)).toEqual(everywhere({ name: `Renamed ${sku}`, price: 41.5, inStock: true }));
  });

  it("stock set to zero shows as out of stock on the next read", async () => {
    const { id, sku } = await product();
    const res = await adminCall(admin, "PATCH", `/api/admin/catalog/products/${id}`, { inventories: [{ channel_id: 1, qty: 0 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await shopViews(id, sku)).toEqual(everywhere({ name: `Test ${sku}`, price: 25, inStock: false }));
  });

  it("a deleted product is gone from the next read", async () => {
    const { id, sku } = await product();
    expect((await adminCall(admin, "DELETE", `/api/admin/catalog/products/${id}`)).status).toBeLessThan(300);
    expect(await shopViews(id, sku)).toEqual(everywhere(null));
  });

  it("a write made by domain code outside the Admin API is seen too", async () => {
    const { id, sku } = await product();
    await (await getDb()).productTranslation.update({ where: { productId_locale: { productId: id, locale: "en" } }, data: { name: `Direct ${sku}` } });
    expect(await shopViews(id, sku)).toEqual(everywhere({ name: `Direct ${sku}`, price: 25, inStock: true }));
  });
});

describe("storefront keys after admin writes", () => {
  it("a key deactivated over the Admin API is refused on its next call", async () => {
    const issued = await createStorefrontKey(await getDb(), { name: "cache-check" });
    for (let i = 0; i < 2; i++) expect((await call("GET", "/api/shop/locales", undefined, { key: issued.key })).status).toBe(200);
    const res = await adminCall(admin, "POST", `/api/admin/settings/storefront-keys/${issued.id}/deactivate`);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const refused = await call("GET", "/api/shop/locales", undefined, { key: issued.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("invalid_key");
  });

  it("a key whose allowlist an admin narrows is refused from other addresses on its next call", async () => {
    const issued = await createStorefrontKey(await getDb(), { name: "cache-ips" });
    const from = (ip: string) => call("GET", "/api/shop/locales", undefined, { key: issued.key, headers: { "X-Forwarded-For": ip } });
    expect((await from("10.9.0.1")).status).toBe(200);
    const res = await adminCall(admin, "PATCH", `/api/admin/settings/storefront-keys/${issued.id}`, { allowed_ips: "10.8.0.0/16" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await from("10.9.0.1")).status).toBe(403);
    expect((await from("10.8.0.1")).status).toBe(200);
  });
});
