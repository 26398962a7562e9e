// The Prisma client for this process. Both generated clients share one datamodel, so the SQLite client's type
// describes either; DATABASE_URL decides which one is loaded (see ./target.ts).
import type { PrismaClient } from "../generated/sqlite/client.ts";
import { databaseTarget, ensureDatabaseFolder, type Provider } from "./target.ts";
import { observed } from "./observe.ts";
import { withDirectStatements } from "./direct.ts";
import { joinBroadcast, leaveBroadcast } from "./broadcast.ts";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalStore = globalThis as unknown as { __commerceDb?: Promise<Db>; __commerceProvider?: Provider };

async function connect(): Promise<Db> {
  const target = databaseTarget();
  joinBroadcast(); // other instances' writes reach this one's caches (with REDIS_URL)
  globalStore.__commerceProvider = target.provider;
  if (target.provider === "postgresql") {
    const [{ PrismaClient: PgClient, Prisma }, { pgAdapter }] = await Promise.all([
      import("../generated/postgres/client.ts"),
      import("./pg.ts"),
    ]);
    const max = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const adapter = observed(pgAdapter(target.url, max));
    return withDirectStatements(adapter, Prisma.prismaVersion.client, (a) => new PgClient({ adapter: a })) as unknown as Db;
  }
  ensureDatabaseFolder(target);
  const [{ PrismaClient: SqliteClient, Prisma }, { sqliteAdapter }] = await Promise.all([
    import("../generated/sqlite/client.ts"),
    import("./sqlite.ts"),
  ]);
  // Observed: in-process caches hear of writes, tests count statements (./observe.ts). Raw statements go to the
  // same adapter, or to the transaction Prisma opened on it, past Prisma's engine (./direct.ts).
  const adapter = observed(sqliteAdapter(target.url));
  return withDirectStatements(adapter, Prisma.prismaVersion.client, (a) => new SqliteClient({ adapter: a }));
}

/** The shared client, created on first use. */
export function getDb(): Promise<Db> {
  globalStore.__commerceDb ??= connect();
  return globalStore.__commerceDb;
}

export function provider(): Provider {
  return globalStore.__commerceProvider ?? databaseTarget().provider;
}

export async function disconnectDb(): Promise<void> {
  const pending = globalStore.__commerceDb;
  globalStore.__commerceDb = undefined;
  if (pending) await (await pending).$disconnect();
  await leaveBroadcast();
}
