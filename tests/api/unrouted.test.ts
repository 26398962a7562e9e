// What no operation serves answers in JSON on both REST APIs (lib/http/unrouted.ts): an unknown path is a 404
// `{ message, error: "not_found" }`, a known path called with a method it does not take a 405 with `Allow`, both
// with the API's CORS headers.
import { describe, expect, it } from "vitest";
import { BASE, dispatch, routes } from "../support/app.ts";

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const res = await dispatch(new Request(`${BASE}${path}`, { method, headers }));
  const text = await res.text();
  return { res, body: text ? (JSON.parse(text) as { message?: string; error?: string }) : null };
}

describe("paths and methods no operation serves", () => {
  it.each([
    ["GET", "/api/admin/no-such-thing"],
    ["POST", "/api/admin/catalog/products/1/no-such-action"],
    ["GET", "/api/shop/no-such-thing"],
    ["DELETE", "/api/shop/products/1/nothing/here"],
  ])("%s %s is a JSON 404", async (method, path) => {
    const { res, body } = await call(method, path, { Origin: "https://storefront.example" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(body).toMatchObject({ error: "not_found", message: expect.stringContaining(path) });
    // The Shop API answers any origin by default, the Admin API none: the same policy as every other answer.
    if (path.startsWith("/api/shop/")) expect(res.headers.get("access-control-allow-origin")).toBe("*");
    else expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it.each([
    ["PUT", "/api/admin/catalog/products", "GET, POST"],
    ["POST", "/api/admin/catalog/products/7", "DELETE, GET, PATCH"],
    ["DELETE", "/api/admin/sales/orders", "GET"],
    ["DELETE", "/api/shop/products", "GET"],
    ["PATCH", "/api/shop/products/7", "GET"],
    ["GET", "/api/shop/checkout/place-order", "POST"],
  ])("%s %s is a JSON 405 with Allow: %s", async (method, path, allow) => {
    const { res, body } = await call(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(body).toMatchObject({ error: "method_not_allowed", message: expect.stringContaining(allow) });
  });
});

describe("route files", () => {
  it("answer every method on every REST path: the ones they bind, and the JSON 405 for the others", async () => {
    const missing: string[] = [];
    for (const route of routes.filter((r) => /\/api\/(shop|admin)\//.test(r.file))) {
      const mod = (await import(route.file)) as Record<string, { operation?: unknown; unrouted?: true } | undefined>;
      if (!Object.values(mod).some((h) => h?.operation) && !route.file.includes("[...path]")) continue;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (!mod[method]) missing.push(`${route.file} ${method} (add \`export * from "@/lib/http/unrouted";\`)`);
      }
    }
    expect(missing).toEqual([]);
  });
});
