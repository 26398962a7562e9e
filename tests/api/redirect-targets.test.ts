// No open redirects (issue 13, item 8; issue 28, item 8): the offsite gateway's return URLs must be on the store's
// own origin (PUBLIC_URL, else the request's: http://shop.test here, or outside production the Host the shopper used)
// or on a STOREFRONT_ORIGINS origin; a relative path resolves against the request's Origin when that is allowed, else
// against the store's own origin. Methods that never redirect ignore return URLs. Admin URL redirects must lead to a
// path of this site. Everything else is a 422 naming the field, and nothing is written.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { getDb, storefrontKey, unique } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { fill, guestCart } from "../support/cart-fixtures.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { POST as complete } from "../../app/payment-gateway/[token]/complete/route.ts";
import { returnFromGateway } from "../support/gateway.ts";
import { ownOrigin } from "../../lib/http/origin.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});
afterEach(() => {
  delete process.env.STOREFRONT_ORIGINS;
  delete process.env.PUBLIC_URL;
  vi.unstubAllEnvs();
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
  ["a protocol-relative URL with three slashes", "///evil.example/x"],
  ["a backslash after the first slash", "/\\evil.example/x"],
  ["a tab between the slashes", "/\t/evil.example/x"],
  ["javascript:", "javascript:alert(document.cookie)"],
  ["userinfo naming the store", "http://evil@shop.test/x"],
  ["userinfo hiding another host", "http://shop.test@evil.example/x"],
  ["a backslash before the host", "http:\\\\evil.example/x"],
  ["a backslash in the authority", "http://shop.test\\@evil.example/x"],
  ["another port", "http://shop.test:8080/x"],
  ["another scheme", "https://shop.test/x"],
  ["a data: URL", "data:text/html,<script>alert(1)</script>"],
  ["a host with a port but no scheme", "evil.example:443/x"],
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

describe.each(VIAS)("relative return paths over %s", (via) => {
  const RELATIVE = { paymentSuccessUrl: "payment/success", paymentCancelUrl: "/payment/cancel", paymentFailureUrl: "payment/failure?reason=x" };
  const stored = async (cartId: number) =>
    (await (await getDb()).paymentSession.findMany({ where: { cartId }, orderBy: { id: "asc" } })).map((s) => [s.successUrl, s.cancelUrl, s.failureUrl]);

  it("resolves them against the request's Origin when it is a storefront origin, and returns the shopper there", async () => {
    process.env.STOREFRONT_ORIGINS = "https://store.example";
    const { opts, cartId } = await readyCart(via);
    const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", ...RELATIVE }, { ...opts, headers: { Origin: "https://store.example" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored(cartId)).toEqual([["https://store.example/payment/success", "https://store.example/payment/cancel", "https://store.example/payment/failure?reason=x"]]);
    const back = await returnFromGateway(res.body.paymentGatewayUrl, "cancel");
    expect(back.location).toBe("https://store.example/payment/cancel?status=cancel");
  });

  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["an Origin with a path", { Origin: "https://store.example/x" }],
    ["no Origin", {}],
  ])("resolves them against the store's own origin with %s", async (_label, headers) => {
    process.env.STOREFRONT_ORIGINS = "https://store.example";
    const { opts, cartId } = await readyCart(via);
    const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", ...RELATIVE }, { ...opts, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored(cartId)).toEqual([["http://shop.test/payment/success", "http://shop.test/payment/cancel", "http://shop.test/payment/failure?reason=x"]]);
  });

  it("never resolves a protocol-relative path against the host it names, whatever the Origin", async () => {
    process.env.STOREFRONT_ORIGINS = "https://store.example";
    const { opts, cartId } = await readyCart(via);
    for (const url of ["//evil.example/x", "///evil.example/x", "/\\evil.example/x"]) {
      const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: url }, { ...opts, headers: { Origin: "https://store.example" } });
      expect(res.status, url).toBe(422);
    }
    expect(await written(cartId)).toEqual({ sessions: 0, method: null });
  });

  it.each(["moneytransfer", "cashondelivery"])("%s ignores return URLs, even foreign ones, and stores none", async (method) => {
    const { opts, cartId } = await readyCart(via);
    const res = await invoke(via, "createCheckoutPaymentMethod", {
      paymentMethod: method, paymentSuccessUrl: "https://evil.example/x", paymentCancelUrl: "//evil.example", paymentFailureUrl: "javascript:alert(1)",
    }, opts);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.paymentGatewayUrl).toBeNull();
    expect(await written(cartId)).toEqual({ sessions: 0, method });
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.body).toMatchObject({ redirect: false, orderId: expect.any(Number) });
    expect(await written(cartId)).toEqual({ sessions: 0, method });
  });
});

describe.each(VIAS)("the store's own origin over %s", (via) => {
  // `npm start` runs Next.js with hostname localhost, so route handlers see http://localhost:3000/… whatever address
  // the browser used; here the request URL is http://shop.test/… and the browser's address is in Host.
  it("outside production is the one the shopper used: their return URLs and the gateway URL are on it", async () => {
    const { opts, cartId } = await readyCart(via);
    const headers = { Host: "127.0.0.1:3000" };
    const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "http://127.0.0.1:3000/checkout/success" }, { ...opts, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.paymentGatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/payment-gateway\//);
    const placed = await invoke(via, "createCheckoutOrder", {}, { ...opts, headers });
    expect(placed.body.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/payment-gateway\//);
    expect((await (await getDb()).paymentSession.findMany({ where: { cartId } })).map((s) => s.successUrl)).toEqual([
      "http://127.0.0.1:3000/checkout/success", "http://127.0.0.1:3000/checkout/success",
    ]);
  });

  it("in production is never taken from the Host header", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("PAYMENT_SIMULATOR", "paypal_standard");
    const { opts, cartId } = await readyCart(via);
    const headers = { Host: "evil.example" };
    const refused = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "http://evil.example/x" }, { ...opts, headers });
    expect(refused.status).toBe(422);
    expect(await written(cartId)).toEqual({ sessions: 0, method: null });
    const relative = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "payment/success" }, { ...opts, headers });
    expect(relative.status).toBe(200);
    expect(relative.body.paymentGatewayUrl).toMatch(/^http:\/\/shop\.test\/payment-gateway\//);
    expect((await (await getDb()).paymentSession.findFirstOrThrow({ where: { cartId } })).successUrl).toBe("http://shop.test/payment/success");
  });
});

describe("ownOrigin", () => {
  const at = (host?: string) => new Request("http://localhost:3000/api/shop/checkout/set-payment-method", { headers: host ? { host } : {} });

  it("outside production, is the Host the browser sent, when it names a host and nothing else", () => {
    expect(ownOrigin(at("127.0.0.1:3000"))).toBe("http://127.0.0.1:3000");
    expect(ownOrigin(at("192.168.1.20:3000"))).toBe("http://192.168.1.20:3000");
    expect(ownOrigin(at("[::1]:3000"))).toBe("http://[::1]:3000");
    for (const host of ["evil.example/x", "user@evil.example", "evil.example:3000\\x", ""]) expect(ownOrigin(at(host)), host).toBe("http://localhost:3000");
  });

  it("in production, is the URL the server was started with, whatever the Host; PUBLIC_URL wins everywhere", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(ownOrigin(at("127.0.0.1:3000"))).toBe("http://localhost:3000");
    vi.stubEnv("PUBLIC_URL", "https://shop.example.com");
    expect(ownOrigin(at("127.0.0.1:3000"))).toBe("https://shop.example.com");
    vi.stubEnv("NODE_ENV", "development");
    expect(ownOrigin(at("127.0.0.1:3000"))).toBe("https://shop.example.com");
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
