// The bench's own SQLite databases, never the store's data/commerce.db: the demo store with ample stock
// (data/bench.db), and copies of it grown to a 1,000- and a 100,000-product catalog.
import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../lib/db/migrate.ts";
import { disconnectDb, getDb, type Db } from "../../lib/db/client.ts";
import { seedDemoStore } from "../../lib/seed/index.ts";
import { createStorefrontKey } from "../../lib/storefront-keys/index.ts";
import { growCatalog, visibleProducts } from "./catalog.ts";

export const BASE_DATABASE = "file:./data/bench.db";
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

function remove(url: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(fileOf(url) + suffix, { force: true });
}

async function withDatabase<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  process.env.DATABASE_URL = url;
  try {
    const db = await getDb();
    const result = await work(db);
    // Fold the write-ahead log into the file, so a copy of the file is the whole database.
    await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    return result;
  } finally {
    await disconnectDb();
  }
}

export async function prepareDatabases(largeSizes: number[], log: (line: string) => void): Promise<BenchDatabases> {
  const started = Date.now();
  remove(BASE_DATABASE);
  migrate({ ...process.env, DATABASE_URL: BASE_DATABASE });
  const { key, products } = await withDatabase(BASE_DATABASE, async (db) => {
    await seedDemoStore(db);
    await db.productInventory.updateMany({ data: { qty: AMPLE_STOCK } });
    const issued = await createStorefrontKey(db, { name: "Bench" });
    const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" } });
    return { key: issued.key, products: await visibleProducts(db, channel.id) };
  });
  log(`demo store seeded in ${BASE_DATABASE} (${products} listed products) in ${Date.now() - started} ms`);

  const large: Catalog[] = [];
  for (const size of largeSizes) {
    const t0 = Date.now();
    const url = `file:./data/bench-${size >= 1000 && size % 1000 === 0 ? `${size / 1000}k` : size}.db`;
    remove(url);
    fs.copyFileSync(fileOf(BASE_DATABASE), fileOf(url));
    const added = await withDatabase(url, (db) => growCatalog(db, size));
    log(`${url}: ${size} listed products (${added} bulk-inserted) in ${Date.now() - t0} ms`);
    large.push({ url, products: size });
  }
  return { base: { url: BASE_DATABASE, products }, large, storefrontKey: key };
}
