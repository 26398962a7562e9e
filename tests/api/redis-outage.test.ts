// A deployment whose Redis is down (REDIS_URL names a port nothing listens on): the service keeps answering.
// Rate limits are counted in the instance's own memory meanwhile, admin writes are answered although their write
// notices cannot be published, and health says what is wrong.
import { beforeAll, describe, expect, it } from "vitest";
import { call, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct } from "../support/admin.ts";

beforeAll(() => {
  // This file runs in a process of its own; nothing has opened a Redis connection yet.
  process.env.REDIS_URL = "redis://127.0.0.1:1";
});

describe("with Redis unreachable", () => {
  it("a key's budget is still enforced, per instance", async () => {
    const key = await storefrontKey({ rateLimit: 2 });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call("GET", "/api/shop/channels", undefined, { key }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers.map((a) => a.headers.get("X-RateLimit-Remaining"))).toEqual(["1", "0", "0"]);
    expect(answers[2].body.error).toBe("rate_limit_exceeded");
  });

  it("an admin write is answered and stored, though its write notice cannot be published", async () => {
    const token = await adminToken();
    const product = await hiddenProduct(10);
    const res = await adminCall(token, "PATCH", `/api/admin/catalog/products/${product.id}`, { price: 12.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.price).toBe(12.5);
    expect((await adminCall(token, "GET", `/api/admin/catalog/products/${product.id}`)).body.price).toBe(12.5);
  });

  it("health answers 503 and names Redis", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.body.redis).toMatchObject({ configured: true, ok: false });
    expect(res.body.database.ok).toBe(true);
  });
});
