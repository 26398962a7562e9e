// The bench's own databases, never the store's: the demo store with ample stock, and copies of it grown to a
// 1,000- and a 100,000-product catalog. SQLite (default): data/bench.db, data/bench-1k.db, data/bench-100k.db.
// PostgreSQL (`--pg`): databases commerce_bench, commerce_bench_1k, commerce_bench_100k on BENCH_PG_URL's server
// (default postgresql://root@127.0.0.1:5432), dropped and made again on every run; copies are made with
// CREATE DATABASE … TEMPLATE.
import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../lib/db/migrate.ts";
import { disconnectDb, getDb, getSql, type Db } from "../../lib/db/client.ts";
import type { Sql } from "../../lib/db/sql/index.ts";
import { settleBulkWrites } from "../../lib/db/sql/expressions.ts";
import { seedDemoStore } from "../../lib/seed/index.ts";
import { createStorefrontKey } from "../../lib/storefront-keys/index.ts";
import { growCatalog, visibleProducts } from "./catalog.ts";

export const BASE_DATABASE = "file:./data/bench.db";
const PG_SERVER = process.env.BENCH_PG_URL ?? "postgresql://root@127.0.0.1:5432";
/** BENCH_PG_DATABASE names the base database (the large catalogs get its name with _1k, _100k). */
const PG_BASE = process.env.BENCH_PG_DATABASE ?? "commerce_bench";
/** Stock of every product in the bench store: checkouts never run out. */
const AMPLE_STOCK = 1_000_000_000;

export interface Catalog {
  url: string;
  products: number;
}

export interface BenchDatabases {
  base: Catalog;
  large: Catalog[];
  /** A storefront key valid in all of them (the large catalogs are copies of the base). */
  storefrontKey: string;
}

const fileOf = (url: string) => path.resolve(url.slice("file:".length));
function pgUrl(name: string): string {
  const u = new URL(PG_SERVER);
  u.pathname = `/${name}`;
  return u.toString();
}
const sizeName = (size: number) => (size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : String(size));

/** Runs statements on the PostgreSQL server's maintenance database (creating and dropping databases). */
async function pgAdmin(statements: string[]): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: pgUrl("postgres") });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

function remove(url: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(fileOf(url) + suffix, { force: true });
}

async function withDatabase<T>(url: string, work: (db: Db, sql: Sql) => Promise<T>): Promise<T> {
  process.env.DATABASE_URL = url;
  try {
    const [db, sql] = await Promise.all([getDb(), getSql()]);
    const result = await work(db, sql);
    // A copy of a SQLite file is then the whole database; PostgreSQL has fresh planner statistics.
    await settleBulkWrites(sql);
    return result;
  } finally {
    await disconnectDb();
  }
}

export async function prepareDatabases(largeSizes: number[], log: (line: string) => void, postgres = false): Promise<BenchDatabases> {
  const started = Date.now();
  const base = postgres ? pgUrl(PG_BASE) : BASE_DATABASE;
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const drop = (name: string) => `DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`;
  if (postgres) await pgAdmin([drop(PG_BASE), `CREATE DATABASE ${quote(PG_BASE)}`]);
  else remove(BASE_DATABASE);
  await migrate({ ...process.env, DATABASE_URL: base });
  const { key, products } = await withDatabase(base, async (db, sql) => {
    await seedDemoStore(db);
    await db.productInventory.updateMany({ data: { qty: AMPLE_STOCK } });
    const issued = await createStorefrontKey(db, { name: "Bench" });
    const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
    return { key: issued.key, products: await visibleProducts(sql, channel.id) };
  });
  log(`demo store seeded in ${base} (${products} listed products) in ${Date.now() - started} ms`);

  const large: Catalog[] = [];
  for (const size of largeSizes) {
    const t0 = Date.now();
    let url: string;
    if (postgres) {
      const name = `${PG_BASE}_${sizeName(size)}`;
      url = pgUrl(name);
      await pgAdmin([drop(name), `CREATE DATABASE ${quote(name)} TEMPLATE ${quote(PG_BASE)}`]);
    } else {
      url = `file:./data/bench-${sizeName(size)}.db`;
      remove(url);
      fs.copyFileSync(fileOf(BASE_DATABASE), fileOf(url));
    }
    const added = await withDatabase(url, (_db, sql) => growCatalog(sql, size));
    log(`${url}: ${size} listed products (${added} bulk-inserted) in ${Date.now() - t0} ms`);
    large.push({ url, products: size });
  }
  return { base: { url: base, products }, large, storefrontKey: key };
}
