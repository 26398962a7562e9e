// The database clients of this process: Prisma (back office, migrations) and the typed SQL layer (hot paths,
// ./sql/). On a SQLite file each has its own reader and writer under one write lock; on SQLite :memory: they share
// the one connection of Prisma's driver adapter; on PostgreSQL each has its own pool of DATABASE_POOL_SIZE
// connections (the typed layer's prepares its statements: ./sql/pg-driver.ts). Both generated Prisma clients share
// one datamodel, so the SQLite client's type describes either; DATABASE_URL decides which one is loaded (./target.ts).
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { PrismaClient } from "../generated/sqlite/client.ts";
import { databaseTarget, ensureDatabaseFolder, type Provider } from "./target.ts";
import { delegate, observed } from "./observe.ts";
import { joinBroadcast, leaveBroadcast } from "./broadcast.ts";
import { typedPostgres, typedSql, typedSqlite, type Sql } from "./sql/index.ts";
import { queue } from "./queue.ts";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

interface Clients {
  db: Db;
  sql: Sql;
  release: () => Promise<void>;
}

/** Writes made off the request path, which a disconnect waits for (`inBackground`, `beforeDisconnect`). */
interface Background {
  writes: Set<Promise<void>>;
  flushes: Set<() => Promise<void>>;
}

const globalStore = globalThis as unknown as { __commerceClients?: Promise<Clients>; __commerceProvider?: Provider; __commerceBackground?: Background };
// On globalThis, like the clients: route bundles with their own copy of a writer's module reach the same disconnect.
const background = (globalStore.__commerceBackground ??= { writes: new Set(), flushes: new Set() });

/**
 * A write not awaited by the request that made it (a "last used" stamp): its failure is ignored, and a disconnect
 * waits for it. A write begun while Prisma disconnects could otherwise hold a connection open in its transaction,
 * and the pool would wait for it for ever.
 */
export function inBackground(write: Promise<unknown>): void {
  const settled: Promise<void> = write.then(
    () => void background.writes.delete(settled),
    () => void background.writes.delete(settled),
  );
  background.writes.add(settled);
}

/** `flush` writes now what waits to be written together (the product visits of a burst); a disconnect calls it first. */
export function beforeDisconnect(flush: () => Promise<void>): void {
  background.flushes.add(flush);
}

/**
 * `factory` connected once for both clients: Prisma connects it when it first queries, the typed layer when it first
 * does, whichever comes first; once Prisma disposes of it (`$disconnect`) the next use connects anew.
 */
function sharedConnection<F extends SqlDriverAdapterFactory>(factory: F) {
  let connecting: Promise<SqlDriverAdapter> | null = null;
  const connected = () =>
    (connecting ??= factory.connect().then((adapter) =>
      delegate(adapter, {
        dispose: () => {
          connecting = null;
          return adapter.dispose();
        },
      }),
    ));
  /** Disposes of the adapter if Prisma has not (the typed layer alone used it). */
  const release = async () => {
    if (connecting) await (await connecting).dispose();
  };
  return { factory: delegate(factory, { connect: connected }), connected, release };
}

async function connect(): Promise<Clients> {
  const target = databaseTarget();
  joinBroadcast(); // other instances' writes reach this one's caches (with REDIS_URL)
  globalStore.__commerceProvider = target.provider;
  if (target.provider === "postgresql") {
    const [{ PrismaClient: PgClient }, { pgAdapter }] = await Promise.all([
      import("../generated/postgres/client.ts"),
      import("./pg.ts"),
    ]);
    const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const shared = sharedConnection(pgAdapter(target.url, max));
    const db = new PgClient({ adapter: observed(shared.factory) }) as unknown as Db;
    return withOwnConnections(db, shared.release, typedPostgres(target.url, max));
  }
  ensureDatabaseFolder(target);
  const [{ PrismaClient: SqliteClient }, { sqliteAdapter }] = await Promise.all([
    import("../generated/sqlite/client.ts"),
    import("./sqlite.ts"),
  ]);
  // Prisma's statements are observed (in-process caches hear of writes, tests count statements: ./observe.ts); the
  // typed layer tells of its own, from the queries it builds. On a file, the typed layer has its own reader and
  // writer (statements prepared once: ./sql/sqlite-driver.ts) and one write lock with Prisma's writer.
  const lock = queue();
  const shared = sharedConnection(sqliteAdapter(target.url, lock));
  const db = new SqliteClient({ adapter: observed(shared.factory) });
  const file = target.url.slice("file:".length);
  if (file.startsWith(":memory:")) return { db, sql: typedSql("sqlite", shared.connected), release: shared.release };
  return withOwnConnections(db, shared.release, typedSqlite(file, lock));
}

/** Both clients, the typed layer on connections of its own: released after Prisma's adapter. */
function withOwnConnections(db: Db, releaseAdapter: () => Promise<void>, sql: Sql): Clients {
  return {
    db,
    sql,
    release: async () => {
      await releaseAdapter();
      await sql.destroy();
    },
  };
}

const clients = () => (globalStore.__commerceClients ??= connect());

/** The shared Prisma client, created on first use. */
export async function getDb(): Promise<Db> {
  return (await clients()).db;
}

/** The shared typed SQL layer (./sql/), created on first use. */
export async function getSql(): Promise<Sql> {
  return (await clients()).sql;
}

export function provider(): Provider {
  return globalStore.__commerceProvider ?? databaseTarget().provider;
}

export async function disconnectDb(): Promise<void> {
  const pending = globalStore.__commerceClients;
  if (pending) {
    await Promise.all([...background.flushes].map((flush) => flush()));
    await Promise.all(background.writes);
  }
  globalStore.__commerceClients = undefined;
  if (pending) {
    const { db, release } = await pending;
    await db.$disconnect();
    await release();
  }
  await leaveBroadcast();
}
