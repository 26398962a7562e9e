// The typed SQL layer: Kysely, typed from prisma/schema.prisma (prisma-kysely generates lib/generated/kysely/db.ts
// from the PostgreSQL twin), on its own connections: to a SQLite file (./sqlite-driver.ts), or a pool to PostgreSQL
// (./pg-driver.ts); on SQLite :memory: on the driver adapter Prisma connects through (./dialect.ts). The hot paths use it:
// catalog listing and product parts, cart, checkout and place-order, the mail outbox. Prisma stays for the back
// office and migrations; one transaction never mixes the two. SQL lives only under lib/db.
//
// Rows come back in the generated types on both databases: numbers, decimals as exact text (wrap them with
// `dec`), booleans, dates, parsed JSON. Writes announce the tables they touch (cache tags) from the query built, and
// fill `createdAt`/`updatedAt` as Prisma does (./stamps.ts). Raw `sql` fragments are for reads and expressions only:
// a write is built with the builder, so its table is known.
import { Kysely, type ColumnType, type Transaction } from "kysely";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import type { DB as Generated } from "../../generated/kysely/db.ts";
import { adapterDialect, dialectOf, type Provider } from "./dialect.ts";
import { SqliteDriver } from "./sqlite-driver.ts";
import { PgDriver } from "./pg-driver.ts";
import { StampsPlugin } from "./stamps.ts";

/** `updatedAt` is filled by the layer on every insert and update (./stamps.ts), so a write need not give it. */
type Stamped<T> = {
  [K in keyof T]: K extends "updatedAt" ? (T[K] extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : T[K]) : T[K];
};
export type DB = { [T in keyof Generated]: Stamped<Generated[T]> };

/** The typed layer, outside a transaction. */
export type Sql = Kysely<DB>;
/** The typed layer inside `sql.transaction().execute(async (tx) => …)`; a function taking `Sql` takes it too. */
export type SqlTx = Transaction<DB>;

export { sql } from "kysely";

/** The typed layer of `provider` on the adapter `adapter()` answers (lib/db/client.ts makes the shared one). */
export function typedSql(provider: Provider, adapter: () => Promise<SqlDriverAdapter>): Sql {
  return new Kysely<DB>({ dialect: adapterDialect(provider, adapter), plugins: [new StampsPlugin()] });
}

/**
 * The typed layer on its own connections to the SQLite file at `path` (./sqlite-driver.ts), writing under the lock
 * `acquire` takes, the one Prisma's writer takes too.
 */
export function typedSqlite(path: string, acquire: () => Promise<() => void>): Sql {
  return new Kysely<DB>({ dialect: dialectOf("sqlite", () => new SqliteDriver(path, acquire)), plugins: [new StampsPlugin()] });
}

/** The typed layer on its own pool of at most `max` connections to the PostgreSQL database at `url` (./pg-driver.ts). */
export function typedPostgres(url: string, max: number): Sql {
  return new Kysely<DB>({ dialect: dialectOf("postgresql", () => new PgDriver(url, max)), plugins: [new StampsPlugin()] });
}
