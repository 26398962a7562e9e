// No open redirects (issue 13, item 8): the offsite gateway's return URLs must be on the store's own origin
// (PUBLIC_URL, else the request's: http://shop.test here) or on a STOREFRONT_ORIGINS origin, and admin URL
// redirects must lead to a path of this site. Everything else is a 422 naming the field, and nothing is written.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { getDb, storefrontKey, unique } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { fill, guestCart } from "../support/cart-fixtures.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { POST as complete } from "../../app/payment-gateway/[token]/complete/route.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});
afterEach(() => {
  delete process.env.STOREFRONT_ORIGINS;
  delete process.env.PUBLIC_URL;
});

/** A guest cart with address and flatrate saved, ready for a payment method. */
async function readyCart(via: Via) {
  const product = await freshProduct({ qty: 5, price: "30" });
  const { token, id } = await guestCart(via, key);
  const opts = { key, bearer: token };
  await fill(via, opts, [{ productId: product, quantity: 1 }]);
  await invoke(via, "createCheckoutAddress", ADDRESS, opts);
  await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts);
  return { opts, cartId: id };
}

const written = async (cartId: number) => {
  const db = await getDb();
  return { sessions: await db.paymentSession.count({ where: { cartId } }), method: (await db.cart.findUniqueOrThrow({ where: { id: cartId } })).paymentMethod };
};

const REFUSED: [string, string][] = [
  ["another host", "https://evil.example/checkout/success"],
  ["a subdomain-looking host", "http://shop.test.evil.example/x"],
  ["a protocol-relative URL", "//evil.example/x"],
  ["javascript:", "javascript:alert(document.cookie)"],
  ["userinfo naming the store", "http://evil@shop.test/x"],
  ["userinfo hiding another host", "http://shop.test@evil.example/x"],
  ["a backslash before the host", "http:\\\\evil.example/x"],
  ["a backslash in the authority", "http://shop.test\\@evil.example/x"],
  ["another port", "http://shop.test:8080/x"],
  ["another scheme", "https://shop.test/x"],
  ["a data: URL", "data:text/html,<script>alert(1)</script>"],
  ["a relative path", "/checkout/success"],
];

describe.each(VIAS)("gateway return URLs over %s", (via) => {
  it.each(["paymentSuccessUrl", "paymentCancelUrl", "paymentFailureUrl"])("refuses a foreign %s with 422 and writes nothing", async (field) => {
    const { opts, cartId } = await readyCart(via);
    for (const [label, url] of REFUSED) {
      const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", [field]: url }, opts);
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(422);
      const fields = via === "rest" ? res.body.errors : res.body?.errors?.[0]?.extensions?.errors ?? res.body;
      expect(JSON.stringify(fields), label).toContain(field);
      expect(await written(cartId), label).toEqual({ sessions: 0, method: null });
    }
  });

  it("accepts the store's own origin and configured storefront origins", async () => {
    process.env.STOREFRONT_ORIGINS = " https://store.example , http://localhost:5173/ignored-path,not a url";
    const { opts, cartId } = await readyCart(via);
    const cases = [
      "http://shop.test/checkout/success?x=1",
      "http://shop.test:80/checkout/success",
      "https://store.example/thanks",
      "https://STORE.example:443/thanks#top",
      "http://localhost:5173/return",
    ];
    for (const url of cases) {
      const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: url, paymentCancelUrl: url, paymentFailureUrl: url }, opts);
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.paymentGatewayUrl).toMatch(/^http:\/\/shop\.test\/payment-gateway\//);
    }
    const sessions = await (await getDb()).paymentSession.findMany({ where: { cartId }, orderBy: { id: "asc" } });
    expect(sessions.map((s) => s.successUrl)).toEqual(cases);
  });

  it("compares with PUBLIC_URL's origin when it is set, not the request's", async () => {
    process.env.PUBLIC_URL = "https://shop.example.com";
    const { opts } = await readyCart(via);
    const own = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "https://shop.example.com/ok" }, opts);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const request = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "http://shop.test/ok" }, opts);
    expect(request.status).toBe(422);
  });
});

describe("gateway return", () => {
  it("sends the shopper to the gateway's own page when a stored return URL is no longer allowed", async () => {
    process.env.STOREFRONT_ORIGINS = "https://store.example";
    const { opts, cartId } = await readyCart("rest");
    const pay = await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentCancelUrl: "https://store.example/cancel" }, opts);
    expect(pay.status).toBe(200);
    delete process.env.STOREFRONT_ORIGINS;
    const token = new URL(pay.body.paymentGatewayUrl).pathname.split("/").pop()!;
    const body = new FormData();
    body.set("outcome", "cancel");
    const res = await complete(new Request(`${pay.body.paymentGatewayUrl}/complete`, { method: "POST", body }), { params: Promise.resolve({ token }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://shop.test/payment-gateway/${token}?status=cancel`);
    const session = await (await getDb()).paymentSession.findUniqueOrThrow({ where: { token: createHash("sha256").update(token).digest("hex") } });
    expect(session).toMatchObject({ cartId, status: "canceled" });
  });
});

const create = "createAdminUrlRedirect";

describe.each(VIAS)("URL redirect targets over the Admin API %s", (transport) => {
  const targets: [string, string][] = [
    ["protocol-relative", "//other.example"],
    ["protocol-relative with path", "//other.example/x"],
    ["absolute URL", "https://other.example"],
    ["backslash host", "/\\other.example"],
    ["double backslash", "\\\\other.example"],
    ["javascript:", "javascript:alert(1)"],
    ["a tab between the slashes", "/\t/other.example"],
  ];

  it.each(targets)("refuses a %s target on create and update, writing nothing", async (_label, target) => {
    const db = await getDb();
    const fromPath = `/${unique("old")}`;
    const made = await asAdmin(transport, admin, create, { fromPath, toPath: target });
    expect(made.status, JSON.stringify(made.raw)).toBe(422);
    expect(Object.keys(made.fields)).toContain("toPath");
    expect(await db.urlRedirect.count({ where: { fromPath } })).toBe(0);

    const ok = await asAdmin(transport, admin, create, { fromPath, toPath: "/new-home" });
    expect(ok.status, JSON.stringify(ok.raw)).toBe(201);
    const id = ok.data.id as number;
    const changed = await asAdmin(transport, admin, "updateAdminUrlRedirect", { id, toPath: target });
    expect(changed.status, JSON.stringify(changed.raw)).toBe(422);
    expect(Object.keys(changed.fields)).toContain("toPath");
    expect((await db.urlRedirect.findUniqueOrThrow({ where: { id } })).toPath).toBe("/new-home");
  });

  it("accepts paths of this site", async () => {
    for (const toPath of ["/", "/page/about-us", "/products/shirt?color=red#size", "/a//b"]) {
      const res = await asAdmin(transport, admin, create, { fromPath: `/${unique("old")}`, toPath });
      expect(res.status, `${toPath}: ${JSON.stringify(res.raw)}`).toBe(201);
      expect(res.data.toPath).toBe(toPath);
    }
  });
});

describe("CMS redirects the shop follows", () => {
  it("does not follow a stored redirect that leads off-site", async () => {
    const db = await getDb();
    const slug = unique("gone").toLowerCase();
    await db.urlRedirect.create({ data: { fromPath: `/page/${slug}`, toPath: "//other.example", statusCode: 301, locale: "" } });
    const { followPageRedirect } = await import("../../lib/cms/redirects.ts");
    expect(await followPageRedirect({ db, locale: "en" }, slug)).toBeNull();
    await db.urlRedirect.create({ data: { fromPath: `/page/${slug}-b`, toPath: "/page/about-us", statusCode: 301, locale: "" } });
    expect(await followPageRedirect({ db, locale: "en" }, `${slug}-b`)).toBe("about-us");
  });
});
