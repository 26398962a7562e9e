// SPEC.md's "Shop, customer" rows for the account (profile, addresses, orders, wishlist, compare, downloads,
// reviews, EU withdrawal, GDPR) and their GraphQL names: every REST form has its route file bound to the
// operation, and every GraphQL name is in the Shop schema.
import { beforeAll, describe, expect, it } from "vitest";
import { buildSchema } from "../../lib/graphql/schema.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { routes } from "../support/app.ts";
import { call, customer, storefrontKey } from "../support/client.ts";

const toPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, "1");

const SPEC_ACCOUNT: [method: string, path: string][] = [
  ["GET", "/api/shop/customers/get"],
  ["GET", "/api/shop/customer-profile"],
  ["PUT", "/api/shop/customer-profile-updates/{id}"],
  ["POST", "/api/shop/customer-profile-deletes"],
  ["GET", "/api/shop/customer-addresses"],
  ["GET", "/api/shop/customers/get-customer-addresses"],
  ["POST", "/api/shop/customer-addresses"],
  ["POST", "/api/shop/customers/create-customer-address"],
  ["PUT", "/api/shop/customers/update-customer-address"],
  ["DELETE", "/api/shop/customers/delete-customer-address"],
  ["GET", "/api/shop/customer-orders"],
  ["GET", "/api/shop/customer-orders/{id}"],
  ["POST", "/api/shop/customer-orders/{id}/cancel"],
  ["POST", "/api/shop/customer-orders/{id}/reorder"],
  ["GET", "/api/shop/wishlists"],
  ["GET", "/api/shop/wishlists/{id}"],
  ["POST", "/api/shop/wishlists"],
  ["POST", "/api/shop/wishlists/move-to-cart"],
  ["DELETE", "/api/shop/wishlists/{id}"],
  ["GET", "/api/shop/compare-items"],
  ["POST", "/api/shop/compare-items"],
  ["DELETE", "/api/shop/compare-items/{id}"],
  ["POST", "/api/shop/delete-all-compare-items"],
  ["GET", "/api/shop/customer-downloadable-products"],
  ["GET", "/api/shop/product-reviews"],
  ["GET", "/api/shop/customer-reviews"],
  ["POST", "/api/shop/product-reviews"],
  ["PATCH", "/api/shop/product-reviews/{id}"],
  ["DELETE", "/api/shop/product-reviews/{id}"],
  ["GET", "/api/shop/eu-withdrawals"],
  ["GET", "/api/shop/eu-withdrawals/{id}"],
  ["POST", "/api/shop/eu-withdrawals"],
  ["POST", "/api/shop/eu-withdrawals/guest"],
  ["GET", "/api/shop/gdpr-requests"],
  ["GET", "/api/shop/gdpr-requests/{id}"],
  ["POST", "/api/shop/gdpr-requests"],
  ["POST", "/api/shop/gdpr-requests/{id}/revoke"],
  ["DELETE", "/api/shop/gdpr-requests/{id}"],
];

const GRAPHQL_ACCOUNT = [
  "readCustomerProfile", "updateCustomerProfile", "deleteCustomerProfile",
  "getCustomerAddresses", "createAddUpdateCustomerAddress", "deleteCustomerAddress",
  "customerOrders", "customerOrder", "createCancelOrder", "createReorderOrder",
  "wishlists", "wishlist", "toggleWishlist", "moveWishlistToCart", "deleteWishlist",
  "compareItems", "createCompareItem", "deleteCompareItem", "createDeleteAllCompareItems",
  "customerDownloadableProducts",
  "productReviews", "customerReviews", "createProductReview", "updateProductReview", "deleteProductReview",
  "euWithdrawals", "euWithdrawal", "createEuWithdrawal", "createGuestEuWithdrawal",
  "gdprRequests", "gdprRequest", "createGdprRequest", "revokeGdprRequest", "deleteGdprRequest",
];

describe("SPEC.md customer account operations", () => {
  it.each(SPEC_ACCOUNT)("%s %s has its route and operation", async (method, path) => {
    const op = shopOperations.find((o) => o.rest?.method === method && o.rest.paths.some((p) => toPattern(p).test(samplePath(path))));
    expect(op, `no operation declares ${method} ${path}`).toBeDefined();
    const route = routes.find((r) => r.pattern.test(samplePath(path)));
    expect(route, `no route file for ${path}`).toBeDefined();
    const mod = (await import(route!.file)) as Record<string, { operation?: unknown }>;
    expect(mod[method]?.operation).toBe(op);
  });

  it("has every GraphQL name of the account rows, queries and mutations as the mapping says", () => {
    const schema = buildSchema(shopOperations);
    const queries = schema.getQueryType()!.getFields();
    const mutations = schema.getMutationType()!.getFields();
    for (const name of GRAPHQL_ACCOUNT) {
      const op = shopOperations.find((o) => o.name === name);
      expect(op, name).toBeDefined();
      expect((op!.kind === "query" ? queries : mutations)[name], name).toBeDefined();
    }
    expect(mutations.toggleWishlist.args.map((a) => `${a.name}: ${a.type.toString()}`)).toEqual(["input: toggleWishlistInput!"]);
    expect(queries.customerOrder.args.find((a) => a.name === "id")?.type.toString()).toBe("ID!");
  });
});

describe("account paths with an id that is no record id", () => {
  const withId = SPEC_ACCOUNT.filter(([, path]) => path.includes("{id}"));
  let auth: { key: string; bearer: string };
  beforeAll(async () => {
    const key = await storefrontKey();
    auth = { key, bearer: (await customer(key)).token };
  });
  it.each(withId.flatMap(([method, path]) => ["abc", "0", "-4", "99999999999", "1.5"].map((id) => [method, path, id] as const)))(
    "%s %s with id %s answers 4xx",
    async (method, path, id) => {
      const res = await call(method, path.replace("{id}", id), method === "GET" || method === "DELETE" ? undefined : {}, auth);
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    },
  );
});
