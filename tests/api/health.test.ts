import { describe, expect, it } from "vitest";
import { call } from "../support/client.ts";

describe("GET /api/health", () => {
  it("reports the database as reachable without any credential", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.database).toMatchObject({ ok: true, error: null });
    expect(["sqlite", "postgresql"]).toContain(res.body.database.provider);
    expect(typeof res.body.database.latencyMs).toBe("number");
  });

  it("reports Redis when REDIS_URL is set, and answers 503 when it is unreachable", async () => {
    const previous = process.env.REDIS_URL;
    process.env.REDIS_URL = "redis://127.0.0.1:1";
    try {
      const res = await call("GET", "/api/health");
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("degraded");
      expect(res.body.redis).toMatchObject({ configured: true, ok: false });
    } finally {
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
    }
    process.env.REDIS_URL = "redis://127.0.0.1:6379";
    try {
      const res = await call("GET", "/api/health");
      expect(res.body.redis).toMatchObject({ configured: true, ok: true, error: null });
    } finally {
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
    }
  });
});
