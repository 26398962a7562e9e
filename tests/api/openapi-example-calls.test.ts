// Calls no other test makes over REST with a 2xx answer, so that `npm run openapi:examples` (scripts/openapi-examples.ts)
// records a real request and answer for these operations too: edits and deletes of Admin records, and the moves
// of a return, an EU withdrawal and a GDPR request that other tests drive through the domain functions.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, makeOrder } from "../support/admin.ts";
import { placedOrder, raise, shopper } from "../support/returns.ts";
import { newUuid } from "../../lib/auth/secrets.ts";

let token: string;
beforeAll(async () => {
  token = await adminToken();
});

/** The body of a 2xx answer; any other status fails with the answer. */
async function ok(method: string, path: string, body?: unknown): Promise<any> {
  const res = await adminCall(token, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

describe("Admin records edited and deleted over REST", () => {
  it("a coupon", async () => {
    const coupon = await ok("POST", "/api/admin/marketing/coupons", { name: "Spring", code: unique("SAVE").toUpperCase(), type: "percent", amount: 15, usageLimit: 10 });
    await ok("PATCH", `/api/admin/marketing/coupons/${coupon.id}`, { name: "Spring sale", usageLimit: 20 });
    await ok("DELETE", `/api/admin/marketing/coupons/${coupon.id}`);
  });

  it("a URL redirect", async () => {
    const redirect = await ok("POST", "/api/admin/marketing/url-redirects", { fromPath: `/${unique("old")}`, toPath: "/new-arrivals" });
    await ok("PATCH", `/api/admin/marketing/url-redirects/${redirect.id}`, { toPath: "/sale" });
    await ok("DELETE", `/api/admin/marketing/url-redirects/${redirect.id}`);
  });

  it("a storefront key", async () => {
    const key = await ok("POST", "/api/admin/settings/storefront-keys", { name: unique("web"), rateLimit: 500 });
    await ok("DELETE", `/api/admin/settings/storefront-keys/${key.id}`);
  });

  it("a currency and its exchange rate", async () => {
    const letters = () => String.fromCharCode(...Array.from({ length: 3 }, () => 65 + Math.floor(Math.random() * 26)));
    let currency: { id: number } | undefined;
    for (let i = 0; !currency && i < 10; i++) {
      const res = await adminCall(token, "POST", "/api/admin/settings/currencies", { code: letters(), name: "Test dollar", symbol: "T$", decimals: 2 });
      if (res.status < 300) currency = res.body;
    }
    await ok("PATCH", `/api/admin/settings/currencies/${currency!.id}`, { name: "Test dollar (old)" });
    const rate = await ok("POST", "/api/admin/settings/exchange-rates", { currencyId: currency!.id, rate: 1.5 });
    await ok("PATCH", `/api/admin/settings/exchange-rates/${rate.id}`, { rate: 1.45 });
    await ok("DELETE", `/api/admin/settings/exchange-rates/${rate.id}`);
    await ok("DELETE", `/api/admin/settings/currencies/${currency!.id}`);
  });

  it("a country's state", async () => {
    const state = (await ok("GET", "/api/admin/settings/country-states?per_page=1")).data[0];
    await ok("PATCH", `/api/admin/settings/country-states/${state.id}`, { name: state.name });
  });

  it("a product review", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const product = (await call("GET", "/api/shop/products?per_page=1", undefined, { key })).body[0];
    const written = await call("POST", "/api/shop/product-reviews", { productId: product.id, title: "Good", comment: "Fine.", rating: 4 }, { key, bearer: shopper.token });
    expect(written.status, JSON.stringify(written.body)).toBeLessThan(300);
    await ok("PATCH", `/api/admin/customers/reviews/${written.body.id}`, { title: "Good, really" });
    await ok("DELETE", `/api/admin/customers/reviews/${written.body.id}`);
  });
});

describe("moves other tests make through the domain", () => {
  it("a return, awaited and dispatched", async () => {
    const me = await shopper();
    const order = await placedOrder(me, [{ qty: 2, shipped: 2 }], { status: "processing" });
    const created = await raise("rest", me, order.lines[0].id, 1);
    await ok("POST", `/api/admin/sales/returns/${created.id}/accept`);
    await ok("POST", `/api/admin/sales/returns/${created.id}/await-package`);
    await ok("POST", `/api/admin/sales/returns/${created.id}/mark-dispatched`);
  });

  it("an EU withdrawal, declined", async () => {
    const product = await hiddenProduct();
    const order = await makeOrder({ lines: [{ productId: product.id, qty: 1, price: 3 }] });
    const w = await (await getDb()).euWithdrawal.create({ data: { uuid: newUuid(), orderId: order.id, orderIncrementId: order.incrementId, customerEmail: "buyer@example.com", isGuest: true } });
    await ok("POST", `/api/admin/eu-withdrawals/${w.id}/decline`);
  });

  it("a GDPR request, declined", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const asked = await call("POST", "/api/shop/gdpr-requests", { type: "delete", message: "Please delete my account." }, { key, bearer: shopper.token });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    await ok("POST", `/api/admin/gdpr-requests/${asked.body.id}/decline`, { reason: "We could not confirm that the request comes from the account holder." });
  });
});
