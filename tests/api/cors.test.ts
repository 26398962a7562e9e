// CORS per API (README "CORS"): the Shop API answers any origin by default or only those in SHOP_CORS_ORIGINS; the
// Admin API none unless ADMIN_CORS_ORIGINS names some; the panel's session routes never. Preflights are answered by
// proxy.ts (called here as Next.js would, with a NextRequest), actual answers by the route handlers.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy, config } from "../../proxy.ts";
import { BASE } from "../support/app.ts";
import { call, graphql, storefrontKey } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { GET as currentSession } from "../../app/admin/api/session/route.ts";

const STORE = "https://store.example";
const OTHER = "https://evil.example";

let key: string;
let token: string;
beforeAll(async () => {
  key = await storefrontKey();
  token = await adminToken();
});
afterEach(() => {
  delete process.env.SHOP_CORS_ORIGINS;
  delete process.env.ADMIN_CORS_ORIGINS;
});

async function preflightOf(path: string, origin: string, method = "POST"): Promise<Response> {
  const req = new NextRequest(BASE + path, {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "x-storefront-key, authorization, content-type" },
  });
  return proxy(req);
}

function expectAllowedPreflight(res: Response, origin: string) {
  expect(res.status).toBe(204);
  expect(res.headers.get("access-control-allow-origin")).toBe(origin);
  const allowedHeaders = res.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
  for (const h of ["x-storefront-key", "authorization", "content-type", "accept", "x-locale", "x-currency", "x-channel", "x-request-id"]) {
    expect(allowedHeaders).toContain(h);
  }
  expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
  expect(res.headers.get("access-control-allow-methods")).toMatch(/DELETE/);
  expect(Number(res.headers.get("access-control-max-age"))).toBeGreaterThan(0);
}

function expectExposed(headers: Headers) {
  const exposed = headers.get("access-control-expose-headers")!.toLowerCase();
  for (const h of ["x-total-count", "x-total-pages", "x-ratelimit-remaining", "retry-after", "x-request-id"]) expect(exposed).toContain(h);
}

describe("the proxy's matcher", () => {
  it("sends preflights on /api to the proxy, and none on the panel's /admin/api", () => {
    const rule = config.matcher.find((m) => typeof m === "object" && m.source === "/api/:path+");
    expect(rule).toMatchObject({ has: [{ type: "header", key: "access-control-request-method" }] });
  });
});

describe.each(["/api/shop/products", "/api/shop/cart/add-to-cart", "/api/graphql"])("a Shop API preflight on %s", (path) => {
  it("allows any origin by default, with no Vary", async () => {
    const res = await preflightOf(path, STORE);
    expectAllowedPreflight(res, "*");
    expect(res.headers.get("vary")).toBeNull();
  });

  it("with SHOP_CORS_ORIGINS, echoes a listed origin and allows no other", async () => {
    process.env.SHOP_CORS_ORIGINS = `https://app.example, ${STORE}/`;
    const ok = await preflightOf(path, STORE);
    expectAllowedPreflight(ok, STORE);
    expect(ok.headers.get("vary")).toBe("Origin");
    const refused = await preflightOf(path, OTHER);
    expect(refused.status).toBe(204);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-headers")).toBeNull();
    expect(refused.headers.get("vary")).toBe("Origin");
  });
});

describe("actual Shop API answers", () => {
  it("a REST list and a REST refusal carry Allow-Origin * and the exposed headers by default", async () => {
    const ok = await call("GET", "/api/shop/products?per_page=1", undefined, { key, headers: { Origin: STORE } });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.body)).toBe(true);
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expectExposed(ok.headers);
    const refused = await call("GET", "/api/shop/products", undefined, { key: "pk_wrong", headers: { Origin: STORE } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "invalid_key" });
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("with SHOP_CORS_ORIGINS, REST and GraphQL echo a listed origin with Vary: Origin and allow no other", async () => {
    process.env.SHOP_CORS_ORIGINS = STORE;
    const rest = await call("GET", "/api/shop/countries", undefined, { key, headers: { Origin: STORE } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get("access-control-allow-origin")).toBe(STORE);
    expect(rest.headers.get("vary")).toMatch(/Origin/);
    expectExposed(rest.headers);
    const gql = await graphql("{ __typename }", undefined, { key, headers: { Origin: STORE } });
    expect(gql.status).toBe(200);
    expect(gql.body.data).toEqual({ __typename: "Query" });
    expect(gql.headers.get("access-control-allow-origin")).toBe(STORE);
    expect(gql.headers.get("vary")).toMatch(/Origin/);
    for (const path of ["/api/shop/countries"]) {
      const other = await call("GET", path, undefined, { key, headers: { Origin: OTHER } });
      expect(other.status).toBe(200);
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
      expect(other.headers.get("access-control-expose-headers")).toBeNull();
      expect(other.headers.get("vary")).toMatch(/Origin/);
    }
    const otherGql = await graphql("{ __typename }", undefined, { key, headers: { Origin: OTHER } });
    expect(otherGql.headers.get("access-control-allow-origin")).toBeNull();
    // yoga's own CORS (which echoes any origin, with credentials) is off.
    expect(otherGql.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("the Admin API", () => {
  it("answers no origin by default: preflight and actual answers, REST and GraphQL", async () => {
    for (const path of ["/api/admin/catalog/products", "/api/admin/graphql"]) {
      const pre = await preflightOf(path, STORE, "GET");
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
      expect(pre.headers.get("access-control-allow-headers")).toBeNull();
    }
    const rest = await call("GET", "/api/admin/catalog/products", undefined, { bearer: token, headers: { Origin: STORE } });
    expect(rest.status).toBe(200);
    expect(rest.body).toHaveProperty("data");
    expect(rest.headers.get("access-control-allow-origin")).toBeNull();
    const gql = await graphql("{ __typename }", undefined, { endpoint: "/api/admin/graphql", bearer: token, headers: { Origin: STORE } });
    expect(gql.status).toBe(200);
    expect(gql.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers the origins ADMIN_CORS_ORIGINS names, and no other", async () => {
    process.env.ADMIN_CORS_ORIGINS = STORE;
    for (const path of ["/api/admin/catalog/products", "/api/admin/graphql"]) {
      const pre = await preflightOf(path, STORE, "GET");
      expectAllowedPreflight(pre, STORE);
      expect(pre.headers.get("vary")).toBe("Origin");
      expect((await preflightOf(path, OTHER)).headers.get("access-control-allow-origin")).toBeNull();
    }
    const rest = await call("GET", "/api/admin/catalog/products", undefined, { bearer: token, headers: { Origin: STORE } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get("access-control-allow-origin")).toBe(STORE);
    expect(rest.headers.get("vary")).toMatch(/Origin/);
    const gql = await graphql("{ __typename }", undefined, { endpoint: "/api/admin/graphql", bearer: token, headers: { Origin: STORE } });
    expect(gql.headers.get("access-control-allow-origin")).toBe(STORE);
    const other = await call("GET", "/api/admin/catalog/products", undefined, { bearer: token, headers: { Origin: OTHER } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the admin panel's session routes", () => {
  it("never answer cross-origin, whatever the settings", async () => {
    process.env.SHOP_CORS_ORIGINS = "*";
    process.env.ADMIN_CORS_ORIGINS = "*";
    const res = await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { Origin: STORE } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedIn: false });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
