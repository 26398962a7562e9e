// Rate limits and context headers of the Shop gate (SPEC.md Limits, Errors 429, Authentication context headers).
// vitest.config.ts sets a huge default budget, so only keys given their own `rateLimit` run out here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { call, cartToken, getDb, graphql, storefrontKey, unique, type CallOptions } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { storefrontAccess } from "../../lib/ui/storefront/storefront-key.ts";
import { createStorefrontKey, rotateStorefrontKey } from "../../lib/storefront-keys/index.ts";
import { sha256 } from "../../lib/auth/secrets.ts";
import { count, DEFAULT_RATE_LIMIT, rateHeadersOf, transportsOf, RATE_HEADERS, type Outcome } from "../support/gate-helpers.ts";

interface Probe {
  name: string;
  send(opts: CallOptions): Promise<Outcome>;
}

const reads: Probe[] = transportsOf("products").map((t) => ({ name: `${t.name} products`, send: (o) => t.send({}, { ...o, perPage: 1 }) }));

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("rate limit", () => {
  it.each(reads)("$name: a key with rateLimit 3 gets three answers, then 429 with Retry-After", async (probe) => {
    const key = await storefrontKey({ rateLimit: 3 });
    const answers: Outcome[] = [];
    for (let i = 0; i < 4; i++) answers.push(await probe.send({ key }));

    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.slice(0, 3).map((a) => rateHeadersOf(a.headers).remaining)).toEqual([2, 1, 0]);

    const refused = answers[3];
    expect(refused.http).toBe(429);
    expect(refused.raw).toEqual({ message: expect.any(String), error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(Number.isInteger(refused.raw.retry_after)).toBe(true);
    expect(refused.raw.retry_after).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("Retry-After")).toBe(String(refused.raw.retry_after));
    expect(rateHeadersOf(refused.headers)).toMatchObject({ limit: DEFAULT_RATE_LIMIT, remaining: 0 });
  });

  it("X-RateLimit-Limit reports the configured default, not the key's own limit", async () => {
    const own = await storefrontKey({ rateLimit: 3 });
    const plain = await storefrontKey();

    for (const key of [own, plain]) {
      const res = await call("GET", "/api/shop/locales", undefined, { key });
      expect(res.headers.get("X-RateLimit-Limit")).toBe(DEFAULT_RATE_LIMIT);
    }
  });

  it("X-RateLimit-Reset is a Unix time in the current window", async () => {
    const key = await storefrontKey();
    const before = nowSeconds();
    const { reset } = rateHeadersOf((await call("GET", "/api/shop/locales", undefined, { key })).headers);

    expect(Number.isInteger(reset)).toBe(true);
    expect(reset!).toBeGreaterThanOrEqual(before);
    expect(reset!).toBeLessThanOrEqual(before + 3600 + 1);
  });

  it("counts each key on its own: one key running out leaves another untouched", async () => {
    const spent = await storefrontKey({ rateLimit: 1 });
    const other = await storefrontKey({ rateLimit: 1 });

    expect((await call("GET", "/api/shop/locales", undefined, { key: spent })).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, { key: spent })).status).toBe(429);
    expect((await call("GET", "/api/shop/locales", undefined, { key: other })).status).toBe(200);
  });

  it("a write refused for the rate limit writes nothing", async () => {
    const key = await storefrontKey({ rateLimit: 1 });
    const send = (email: string) => call("POST", "/api/shop/contact-us", { name: "Rate", email, message: "hello" }, { key });
    const first = `${unique("rl")}@example.com`;
    const second = `${unique("rl")}@example.com`;

    expect((await send(first)).status).toBe(201);
    const refused = await send(second);

    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("rate_limit_exceeded");
    expect(await count("contactMessage", { email: first })).toBe(1);
    expect(await count("contactMessage", { email: second })).toBe(0);
  });

  it("a guest cart's bearer, looked up while the budget is spent: a bad token is a 401, a refused add a 429 that adds nothing", async () => {
    const key = await storefrontKey({ rateLimit: 3 });
    const productId = await freshProduct({ qty: 5 });
    const token = await cartToken(key);
    const add = (bearer: string) => call("POST", "/api/shop/cart/add-to-cart", { productId, quantity: 1 }, { key, bearer });

    const unknown = await add(randomUUID());
    expect([unknown.status, unknown.body.message]).toEqual([401, "The bearer token is invalid."]);
    expect((await add(token)).status).toBe(200);
    const refused = await add(token);
    expect([refused.status, refused.body.error]).toEqual([429, "rate_limit_exceeded"]);

    const cart = await (await getDb()).cart.findFirstOrThrow({ where: { tokenHash: sha256(token) }, include: { items: true } });
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([[productId, 1]]);
  });
});

// Issue 28 item 6: the key the reference storefront hands every visitor is public, so its budget is counted per
// client address (the default, or the key's own rateLimit, at each address) rather than one budget for everyone.
describe("a public key", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  let octet = 0;
  const from = (key: string) => ({ key, headers: { "X-Forwarded-For": `203.0.113.${++octet}` } });

  /** The key the storefront pages make for themselves on a fresh install, with `rateLimit` set as an admin would. */
  async function referenceKey(rateLimit: number | null) {
    process.env.STOREFRONT_KEY_FILE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sfkey-")), "key.txt");
    const access = await storefrontAccess();
    if (!access.on) throw new Error(access.reason);
    const db = await getDb();
    const row = await db.storefrontKey.findUniqueOrThrow({ where: { keyHash: sha256(access.key) } });
    if (rateLimit !== null) await db.storefrontKey.update({ where: { id: row.id }, data: { rateLimit } });
    return { key: access.key, made: row };
  }

  it("the reference storefront's key is made with the default budget, not a site-wide one", async () => {
    const { made } = await referenceKey(null);
    expect(made).toMatchObject({ name: "Reference storefront", rateLimit: null, isPublic: true, status: "active" });
  });

  it.each(reads)("$name: each client address has its own budget; one address is refused after its own", async (probe) => {
    const { key } = await referenceKey(2);
    const a = from(key);
    const b = from(key);

    expect((await probe.send(a)).status).toBe(200);
    expect((await probe.send(a)).status).toBe(200);
    const refused = await probe.send(a);
    expect(refused.http).toBe(429);
    expect(refused.raw).toEqual({ message: expect.any(String), error: "rate_limit_exceeded", retry_after: expect.any(Number) });
    expect(refused.headers.get("Retry-After")).toBe(String(refused.raw.retry_after));

    const other = await probe.send(b);
    expect(other.status).toBe(200);
    expect(rateHeadersOf(other.headers).remaining).toBe(1);
    expect((await probe.send(b)).status).toBe(200);
    expect((await probe.send(b)).http).toBe(429);
  });

  it("the key configured as STOREFRONT_KEY is public too", async () => {
    const key = await storefrontKey({ rateLimit: 1 });
    process.env.STOREFRONT_KEY = key;
    const a = from(key);
    expect((await call("GET", "/api/shop/locales", undefined, a)).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, a)).status).toBe(429);
    expect((await call("GET", "/api/shop/locales", undefined, from(key))).status).toBe(200);
  });

  it("a rotated public key stays public; a key merely named like the reference storefront's is not", async () => {
    const { made } = await referenceKey(1);
    const db = await getDb();
    const successor = await rotateStorefrontKey(db, made.id);
    expect(await db.storefrontKey.findUniqueOrThrow({ where: { id: successor.id } })).toMatchObject({ isPublic: true, rateLimit: 1 });
    expect((await call("GET", "/api/shop/locales", undefined, from(successor.key))).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, from(successor.key))).status).toBe(200);

    const lookalike = await createStorefrontKey(db, { name: "Reference storefront", rateLimit: 1 });
    expect((await call("GET", "/api/shop/locales", undefined, from(lookalike.key))).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, from(lookalike.key))).status).toBe(429);
  });

  it("any other key keeps one budget whatever the address (a storefront's server is one client)", async () => {
    const key = await storefrontKey({ rateLimit: 2 });
    expect((await call("GET", "/api/shop/locales", undefined, from(key))).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, from(key))).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, from(key))).status).toBe(429);
  });
});

describe("rate-limit headers on every Shop answer after the key check", () => {
  // One key answers all of these in turn; each must carry the counters, Remaining going down by one each time.
  const answers: { name: string; status?: number; send(o: CallOptions): Promise<{ status: number; headers: Headers }> }[] = [
    { name: "a catalog list", status: 200, send: (o) => call("GET", "/api/shop/products?per_page=1", undefined, o) },
    { name: "a missing product", status: 404, send: (o) => call("GET", "/api/shop/products/999999999", undefined, o) },
    { name: "an open write", status: 201, send: (o) => call("POST", "/api/shop/contact-us", { name: "H", email: `${unique("h")}@example.com`, message: "m" }, o) },
    { name: "a failed validation", status: 422, send: (o) => call("POST", "/api/shop/contact-us", { name: "H", email: "not-an-email", message: "m" }, o) },
    { name: "a malformed body", status: 400, send: (o) => call("POST", "/api/shop/contact-us", "{ nope", o) },
    { name: "a customer call without a bearer", status: 401, send: (o) => call("POST", "/api/shop/customer/logout", {}, o) },
    { name: "a failed login", status: 401, send: (o) => call("POST", "/api/shop/customer/login", { email: `${unique("x")}@example.com`, password: "wrong" }, o) },
    { name: "a GraphQL query", status: 200, send: (o) => graphql("{ locales { code } }", {}, o) },
    { name: "a GraphQL document that does not parse", send: (o) => graphql("{ locales {", {}, o) },
  ];

  it("carries X-RateLimit-Limit/Remaining/Reset with Remaining decreasing, exposed to browsers", async () => {
    const key = await storefrontKey({ rateLimit: 50 });
    let previous = 50;
    for (const answer of answers) {
      const res = await answer.send({ key });
      const counters = rateHeadersOf(res.headers);

      if (answer.status) expect(res.status, answer.name).toBe(answer.status);
      else expect(res.status, answer.name).toBeLessThan(500);
      expect(counters.limit, answer.name).toBe(DEFAULT_RATE_LIMIT);
      expect(counters.remaining, answer.name).toBe(previous - 1);
      expect(counters.reset, answer.name).toBeGreaterThan(0);
      const exposed = res.headers.get("Access-Control-Expose-Headers") ?? "";
      for (const h of [...RATE_HEADERS, "Retry-After"]) expect(exposed, answer.name).toContain(h);
      previous = counters.remaining!;
    }
  });
});

describe("context headers", () => {
  const firstProduct = async (headers: Record<string, string>) => {
    const key = await storefrontKey();
    const rest = await call("GET", "/api/shop/products?per_page=1&sort=id-asc", undefined, { key, headers });
    const gql = await graphql("{ products(first: 1) { edges { node { _id name formattedPrice } } } }", {}, { key, headers });
    return { rest, gql };
  };

  const fallbacks: { name: string; headers: Record<string, string> }[] = [
    { name: "an unknown locale", headers: { "X-LOCALE": "xx" } },
    { name: "an unknown currency", headers: { "X-CURRENCY": "ZZZ" } },
    { name: "an unknown channel", headers: { "X-CHANNEL": "nowhere" } },
    { name: "a differently cased locale", headers: { "X-LOCALE": "FR" } },
    { name: "a differently cased currency", headers: { "X-CURRENCY": "eur" } },
    { name: "all three unknown", headers: { "X-LOCALE": "zz_ZZ", "X-CURRENCY": "", "X-CHANNEL": "%%%" } },
  ];

  it.each(fallbacks)("$name: 200 and the default scope, silently", async ({ headers }) => {
    const plain = await firstProduct({});
    const scoped = await firstProduct(headers);

    expect(scoped.rest.status).toBe(200);
    expect(scoped.rest.body).toEqual(plain.rest.body);
    expect(scoped.gql.status).toBe(200);
    expect(scoped.gql.body.errors).toBeUndefined();
    expect(scoped.gql.body).toEqual(plain.gql.body);
  });

  it("known values do change the answer (so the fallbacks above are not a header being ignored)", async () => {
    const plain = await firstProduct({});
    const scoped = await firstProduct({ "X-LOCALE": "fr", "X-CURRENCY": "EUR" });

    expect(scoped.rest.status).toBe(200);
    expect(scoped.rest.body[0].id).toBe(plain.rest.body[0].id);
    expect(scoped.rest.body[0].name).not.toBe(plain.rest.body[0].name);
    expect(plain.rest.body[0].formattedPrice).toMatch(/\$/);
    expect(scoped.rest.body[0].formattedPrice).toMatch(/€/);
    expect(scoped.gql.body.data.products.edges[0].node.formattedPrice).toMatch(/€/);
  });
});
