// Headers for browsers on the APIs: every JSON answer (success or refusal, REST and GraphQL) says nosniff and a
// Referrer-Policy; the GraphiQL pages carry a Content-Security-Policy whose nonce is on each of their scripts,
// no 'unsafe-inline' for scripts, no framing, and GraphiQL told not to keep pasted headers; GraphiQL is inlined in
// the page, so the page and its policy name no other host. In production every page and every API answer also says
// Strict-Transport-Security (pages get it from proxy.ts, run here as Next.js runs it).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "../../proxy.ts";
import { BASE } from "../support/app.ts";
import { call, graphql, storefrontKey } from "../support/client.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

function expectBrowserHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("JSON answers", () => {
  it("a REST answer and a REST refusal", async () => {
    const ok = await call("GET", "/api/shop/countries", undefined, { key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/application\/json/);
    expectBrowserHeaders(ok.headers);
    const refused = await call("GET", "/api/shop/countries", undefined, { key: "pk_wrong" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: "invalid_key" });
    expectBrowserHeaders(refused.headers);
  });

  it("a GraphQL answer on both endpoints", async () => {
    const shop = await graphql("{ __typename }", undefined, { key });
    expect(shop.status).toBe(200);
    expect(shop.body.data).toEqual({ __typename: "Query" });
    expectBrowserHeaders(shop.headers);
    const admin = await graphql("{ __typename }", undefined, { endpoint: "/api/admin/graphql" });
    expect(admin.status).toBe(401);
    expectBrowserHeaders(admin.headers);
  });
});

describe.each(["/api/graphql", "/api/admin/graphql"])("the GraphiQL page at %s", (path) => {
  it("has a nonce on every script and a policy without inline script, framing or persisted headers", async () => {
    const page = await call("GET", path, undefined, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expectBrowserHeaders(page.headers);
    const policy = page.headers.get("content-security-policy") ?? "";
    const directives = Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    const [nonce] = (directives["script-src"]).filter((s) => s.startsWith("'nonce-")).map((s) => s.slice(7, -1));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = page.body as string;
    // Opening tags only: the inlined GraphiQL bundle holds "<script>" inside a string literal.
    const scripts = [...html.matchAll(/(<script\b[^>]*>)[\s\S]*?<\/script>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain("YogaGraphiQL.renderYogaGraphiQL");
    // No asset from another host: no src or href outside the page, and a policy of the app's own origin only.
    expect(html.match(/\b(?:src|href)=["']?(?:https?:)?\/\/[^"'\s>]*/g) ?? []).toEqual([]);
    expect(policy).not.toMatch(/https?:|unpkg/);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(html).toContain('"shouldPersistHeaders":false');
    // A fresh nonce on every answer.
    const again = await call("GET", path, undefined, { headers: { Accept: "text/html" } });
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });
});

describe("Strict-Transport-Security", () => {
  afterEach(() => vi.unstubAllEnvs());
  const PAGES = ["/", "/products", "/admin", "/admin/users", "/api/shop", "/api/admin", "/payment-gateway/some-token"];
  const HSTS = /^max-age=31536000; includeSubDomains$/;

  it.each(PAGES)("the page %s carries it in production, with its CSP", async (path) => {
    vi.stubEnv("NODE_ENV", "production");
    const res = await proxy(new NextRequest(BASE + path, { headers: { Accept: "text/html" } }));
    expect(res.headers.get("strict-transport-security")).toMatch(HSTS);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("a page carries none outside production (a development server on http://localhost)", async () => {
    for (const env of ["development", "test"]) {
      vi.stubEnv("NODE_ENV", env);
      const res = await proxy(new NextRequest(BASE + "/admin", { headers: { Accept: "text/html" } }));
      expect(res.headers.get("strict-transport-security")).toBeNull();
      expect(res.headers.get("content-security-policy")).toBeTruthy();
    }
  });

  it("the API answers and the GraphiQL page carry the same value in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const rest = await call("GET", "/api/shop/countries", undefined, { key });
    const refused = await call("GET", "/api/shop/countries");
    const graphiql = await call("GET", "/api/graphql", undefined, { headers: { Accept: "text/html" } });
    expect(refused.status).toBe(401);
    for (const res of [rest, refused, graphiql]) expect(res.headers.get("strict-transport-security")).toMatch(HSTS);
  });
});
