// The process's Redis connections, when REDIS_URL is set: one for commands (rate-limit counters, publishing write
// notices) and one in subscriber mode (write notices of other instances, lib/db/broadcast.ts). Both are opened on
// first use and reconnect by themselves; nothing else opens a long-lived connection.
import type { Redis } from "ioredis";

const store = globalThis as unknown as { __commerceRedis?: Promise<Redis>; __commerceRedisSubscriber?: Promise<Redis> };

/** Whether this deployment has a Redis (REDIS_URL). */
export const redisConfigured = (): boolean => !!process.env.REDIS_URL;

/** RATE_LIMIT_PREFIX keeps deployments (and test runs) that share one Redis apart: counters and channels alike. */
export const redisPrefix = (): string => process.env.RATE_LIMIT_PREFIX || "rl";

async function open(): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: true, maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; an unhandled "error" event would end the process instead.
  client.on("error", () => undefined);
  // Handed out once connected (or after 2 s without), so its first users find it ready rather than still connecting.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

/** The command connection. */
export function redis(): Promise<Redis> {
  store.__commerceRedis ??= open();
  return store.__commerceRedis;
}

/** The subscriber connection (a connection that subscribes can send nothing else). */
export function redisSubscriber(): Promise<Redis> {
  store.__commerceRedisSubscriber ??= open();
  return store.__commerceRedisSubscriber;
}

/** Closes both connections (a process that is done: the CLI, a test run's setup); they reopen on next use. */
export async function closeRedis(): Promise<void> {
  const open = [store.__commerceRedis, store.__commerceRedisSubscriber];
  store.__commerceRedis = store.__commerceRedisSubscriber = undefined;
  for (const client of open) if (client) (await client).disconnect();
}
