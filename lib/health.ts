// Liveness and readiness: can this instance reach its database and, when configured, Redis?
import { getSql, provider } from "./db/client.ts";
import { ping } from "./db/sql/expressions.ts";

export interface Health {
  status: "ok" | "degraded";
  database: { provider: string; ok: boolean; latencyMs: number | null; error: string | null };
  redis: { configured: boolean; ok: boolean | null; error: string | null };
}

async function timed(fn: () => Promise<unknown>): Promise<{ ok: boolean; latencyMs: number | null; error: string | null }> {
  const started = performance.now();
  try {
    await fn();
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10, error: null };
  } catch (e) {
    return { ok: false, latencyMs: null, error: e instanceof Error ? e.message.split("\n")[0] : "unreachable" };
  }
}

export async function health(): Promise<Health> {
  const database = await timed(async () => ping(await getSql()));
  let redis: Health["redis"] = { configured: false, ok: null, error: null };
  if (process.env.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const client = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: () => null });
    client.on("error", () => undefined); // reported through the ping below
    const r = await timed(async () => {
      await client.connect();
      await client.ping();
    });
    client.disconnect();
    redis = { configured: true, ok: r.ok, error: r.error };
  }
  const ok = database.ok && redis.ok !== false;
  return { status: ok ? "ok" : "degraded", database: { provider: provider(), ...database }, redis };
}
