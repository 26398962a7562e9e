// Write notices between instances: the one path by which a write reaches the caches (lib/cache) of other instances.
// Each instance keeps caches of its own (store settings, storefront keys, catalog reads) that drop what a write
// made stale (./observe.ts); with several instances, a write on one must reach the caches of all. With REDIS_URL set, every settled write to a cached table (CACHED_TABLES in ./observe.ts) is published on one Redis channel
// before the write's caller goes on, and every instance (and the CLI) announces the notices of the others as
// writes made "elsewhere". Redis hands a published message to the subscribers before it answers the publisher, so
// by the time an admin's write is answered, the other instances have it. Should the subscription drop (Redis
// restarts), an instance drops all its caches when it is back, since it may have missed notices meanwhile.
import { randomUUID } from "node:crypto";
import { announce, isWatched, onWrite, type Rows, type Written } from "./observe.ts";
import { closeRedis, redis, redisConfigured, redisPrefix, redisSubscriber } from "../redis/index.ts";
import { log } from "../log/index.ts";

const INSTANCE = randomUUID();
const channel = () => `${redisPrefix()}:writes`;

interface Message {
  from: string;
  tables: string[] | "all";
  /** Targeted notices: for some tables, the product ids whose rows changed (./observe.ts `declareRows`). */
  rows?: Record<string, number[]>;
}

function parse(text: string): Message | null {
  try {
    const m = JSON.parse(text) as Message;
    if (typeof m.from !== "string" || !(m.tables === "all" || Array.isArray(m.tables))) return null;
    const rows = m.rows && typeof m.rows === "object" ? Object.entries(m.rows) : [];
    if (!rows.every(([, ids]) => Array.isArray(ids) && ids.every((id) => Number.isInteger(id)))) return { from: m.from, tables: m.tables };
    return m;
  } catch {
    return null;
  }
}

/** How long a write waits for its notice to be published; past it, the write is answered anyway. */
const PUBLISH_TIMEOUT_MS = 1_000;

async function publish(tables: Written, rows?: Rows): Promise<void> {
  const message: Message = { from: INSTANCE, tables: tables === "all" ? "all" : [...tables], ...(rows ? { rows: rows as Record<string, number[]> } : {}) };
  let timer: NodeJS.Timeout | undefined;
  try {
    const published = (await redis()).publish(channel(), JSON.stringify(message));
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
    });
    await Promise.race([published, late]);
  } catch (e) {
    // The write itself stands; other instances see it once their cache entries expire.
    log.warn({ err: e instanceof Error ? e.message : String(e) }, "write notice not published");
  } finally {
    clearTimeout(timer);
  }
}

async function subscribe(): Promise<void> {
  const subscriber = await redisSubscriber();
  let connectedBefore = subscriber.status === "ready";
  subscriber.on("ready", () => {
    if (connectedBefore) void announce("all", "elsewhere"); // back after a drop: notices may have been missed
    connectedBefore = true;
  });
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel()) return;
    const m = parse(text);
    if (m && m.from !== INSTANCE) void announce(m.tables === "all" ? "all" : new Set(m.tables), "elsewhere", true, m.rows);
  });
  const join = (): void => {
    subscriber.subscribe(channel()).catch((e: unknown) => {
      log.warn({ err: e instanceof Error ? e.message : String(e) }, "write notices: subscription failed, retrying");
      setTimeout(join, 1_000).unref();
    });
  };
  join();
}

const state = globalThis as unknown as { __commerceBroadcast?: { joined: Promise<void>; stop: () => void } };

/**
 * Joins the instances' write notices when REDIS_URL is set; once per process, where the database client is made.
 * Publishing starts at once; the subscription completes in the background (and keeps retrying while Redis is down).
 */
export function joinBroadcast(): void {
  if (!redisConfigured() || state.__commerceBroadcast) return;
  const stop = onWrite(({ tables, origin, settled, rows }) => (origin === "here" && settled && isWatched(tables) ? publish(tables, rows) : undefined));
  const joined = subscribe().catch((e: unknown) => log.warn({ err: String(e) }, "write notices: no subscription"));
  state.__commerceBroadcast = { joined, stop };
}

/** Stops publishing and closes the Redis connections, so a process that is done can exit (with the database client). */
export async function leaveBroadcast(): Promise<void> {
  const joined = state.__commerceBroadcast;
  if (!joined) return;
  state.__commerceBroadcast = undefined;
  joined.stop();
  await joined.joined;
  await closeRedis();
}
