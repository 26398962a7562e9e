// CORS as a browser enforces it (README "CORS"): a storefront page served from another origin (a second port) checks
// out as a guest through the Shop API with fetch, over REST and over GraphQL, preflights and all; the same page's
// fetch to the Admin API is refused by the browser, although the token it sends is valid.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { ADDRESS } from "../../scripts/bench/address.ts";

// The storefront's script: plain fetch with the headers a storefront sends, each call failing loudly with its answer.
const STOREFRONT_SCRIPT = `
async function send(url, method, headers, body) {
  const res = await fetch(url, { method, headers: { Accept: "application/json", "Content-Type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(method + " " + url + " answered " + res.status + ": " + text);
  return { body: text ? JSON.parse(text) : null, headers: res.headers };
}
window.checkoutRest = async ({ api, key, productId, address }) => {
  const shop = (path, body, token) => send(api + "/api/shop" + path, "POST", { "X-STOREFRONT-KEY": key, "X-LOCALE": "en", ...(token ? { Authorization: "Bearer " + token } : {}) }, body);
  const { cartToken } = (await shop("/cart-tokens", {})).body;
  const added = (await shop("/cart/add-to-cart", { productId, quantity: 1 }, cartToken)).body;
  await shop("/checkout/set-billing-address", address, cartToken);
  await shop("/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }, cartToken);
  await shop("/checkout/set-payment-method", { paymentMethod: "cashondelivery" }, cartToken);
  const placed = await shop("/checkout/place-order", {}, cartToken);
  // A header the API exposes is readable cross-origin; one it does not expose would read as null.
  return { itemsQty: added.itemsQty, order: placed.body, requestId: placed.headers.get("X-Request-Id") };
};
window.checkoutGraphql = async ({ api, key, productId, address }) => {
  let token = null;
  const gql = async (query, variables) => {
    const { body } = await send(api + "/api/graphql", "POST", { "X-STOREFRONT-KEY": key, ...(token ? { Authorization: "Bearer " + token } : {}) }, { query, variables });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  token = (await gql("mutation { createCartToken(input: {}) { cartToken { cartToken } } }")).createCartToken.cartToken.cartToken;
  const added = await gql("mutation($id: Int!) { createAddProductInCart(input: { productId: $id, quantity: 1 }) { addProductInCart { itemsQty } } }", { id: productId });
  await gql("mutation($input: createCheckoutAddressInput!) { createCheckoutAddress(input: $input) { checkoutAddress { success } } }", { input: address });
  await gql('mutation { createCheckoutShippingMethod(input: { shippingMethod: "flatrate_flatrate" }) { checkoutShippingMethod { success } } }');
  await gql('mutation { createCheckoutPaymentMethod(input: { paymentMethod: "cashondelivery" }) { checkoutPaymentMethod { paymentGatewayUrl } } }');
  const placed = await gql("mutation { createCheckoutOrder(input: {}) { checkoutOrder { orderId orderIncrementId redirect } } }");
  return { itemsQty: added.createAddProductInCart.addProductInCart.itemsQty, order: placed.createCheckoutOrder.checkoutOrder };
};
window.callAdmin = async ({ api, token, path }) => {
  try {
    const res = await fetch(api + path, { headers: { Accept: "application/json", Authorization: "Bearer " + token } });
    return "answered " + res.status;
  } catch (e) {
    return "refused: " + e.name;
  }
};
`;

/** What the page's checkout functions hand back (the admin call answers a line of text, compared as it is). */
interface PageResult {
  itemsQty: number;
  requestId: string;
  order: { redirect: boolean; orderId: number; orderIncrementId: string };
}

/** Runs one of the page's functions; a failure comes back as its message (a thrown page error's stack names the page's
 * URL, which vitest would try to read as a source file). */
async function inPage(page: Page, fn: "checkoutRest" | "checkoutGraphql" | "callAdmin", input: Record<string, unknown>): Promise<PageResult> {
  const answer = await page.evaluate(
    async ([name, i]) => {
      try {
        return { ok: (await (window as unknown as Record<string, (i: unknown) => Promise<unknown>>)[name](i)) };
      } catch (e) {
        return { error: String(e) };
      }
    },
    [fn, input] as const,
  );
  expect(answer.error).toBeUndefined();
  return answer.ok as PageResult;
}

const PAGE = `<!doctype html><html><head><title>Another storefront</title><script>${STOREFRONT_SCRIPT}</script></head><body>storefront</body></html>`;

let storefront: http.Server;
let storefrontUrl: string;
let db: Awaited<ReturnType<typeof import("../../lib/db/client.ts").getDb>>;
let disconnect: () => Promise<void>;
let productId: number;
let adminToken: string;

beforeAll(async () => {
  storefront = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(PAGE));
  await new Promise<void>((resolve) => storefront.listen(0, "127.0.0.1", resolve));
  // Another port is another origin; "localhost" makes it another host name as well.
  storefrontUrl = `http://localhost:${(storefront.address() as AddressInfo).port}`;

  process.env.DATABASE_URL = inject("databaseUrl");
  const client = await import("../../lib/db/client.ts");
  const { issueIntegrationToken } = await import("../../lib/integrations/tokens.ts");
  db = await client.getDb();
  disconnect = client.disconnectDb;
  const product = await db.product.findFirstOrThrow({
    where: { type: "simple", status: true, parentId: null, visibleIndividually: true, inventories: { some: { channelId: 1, qty: { gte: 10 } } } },
    orderBy: { id: "desc" },
  });
  productId = product.id;
  const owner = await db.adminUser.findFirstOrThrow({ where: { isOwner: true } });
  adminToken = (await issueIntegrationToken(db, { name: "cors e2e", adminId: owner.id })).token;
});
afterAll(async () => {
  await db?.integrationToken.deleteMany({ where: { name: "cors e2e" } }).catch(() => undefined);
  await disconnect?.();
  await new Promise((resolve) => storefront?.close(resolve));
});

describe("a storefront on another origin", () => {
  const browser = useBrowser();

  async function storefrontPage(name: string) {
    const page = await openPage(browser(), name);
    await page.goto(storefrontUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
    return page;
  }

  it("checks out as a guest over REST", async () => {
    const page = await storefrontPage("cors-rest-checkout");
    const input = { api: baseUrl(), key: inject("storefrontKey"), productId, address: ADDRESS };
    const result = await inPage(page, "checkoutRest", input);
    expect(result.itemsQty).toBe(1);
    expect(result.order).toMatchObject({ redirect: false });
    expect(result.order.orderId).toBeGreaterThan(0);
    expect(result.requestId).toMatch(/\S/);
    const order = await db.order.findUniqueOrThrow({ where: { id: result.order.orderId } });
    expect(order).toMatchObject({ isGuest: true, customerEmail: ADDRESS.billingEmail, status: "pending" });
  });

  it("checks out as a guest over GraphQL", async () => {
    const page = await storefrontPage("cors-graphql-checkout");
    const input = { api: baseUrl(), key: inject("storefrontKey"), productId, address: ADDRESS };
    const result = await inPage(page, "checkoutGraphql", input);
    expect(result.itemsQty).toBe(1);
    expect(result.order.redirect).toBe(false);
    const order = await db.order.findUniqueOrThrow({ where: { id: result.order.orderId } });
    expect(order).toMatchObject({ isGuest: true, customerEmail: ADDRESS.billingEmail, incrementId: result.order.orderIncrementId });
  });

  it("the real server answers preflights from proxy.ts: the Shop API's, not the panel's", async () => {
    const ask = (path: string) =>
      fetch(baseUrl() + path, { method: "OPTIONS", headers: { Origin: storefrontUrl, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, x-storefront-key" } });
    for (const path of ["/api/shop/checkout/place-order", "/api/graphql"]) {
      const res = await ask(path);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-headers")).toMatch(/X-STOREFRONT-KEY/);
    }
    for (const path of ["/api/admin/catalog/products", "/admin/api/session"]) {
      expect((await ask(path)).headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("is refused the Admin API by the browser, with a token the server would accept", async () => {
    const direct = await fetch(`${baseUrl()}/api/admin/catalog/products`, { headers: { Accept: "application/json", Authorization: `Bearer ${adminToken}` } });
    expect(direct.status).toBe(200);
    const page = await storefrontPage("cors-admin-refused");
    for (const path of ["/api/admin/catalog/products", "/api/admin/graphql?query=%7B__typename%7D"]) {
      expect(await inPage(page, "callAdmin", { api: baseUrl(), token: adminToken, path })).toBe("refused: TypeError");
    }
  });
});
