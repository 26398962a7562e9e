// Once per test run: a fresh database of the chosen provider, migrated and seeded with the demo store.
import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../lib/db/migrate.ts";
import { databaseTarget } from "../../lib/db/target.ts";

export default async function setup() {
  // vitest runs this once for the root config and once per project, all in this process: prepare once.
  if (process.env.COMMERCE_TEST_DB_READY === process.env.DATABASE_URL) return;
  process.env.COMMERCE_TEST_DB_READY = process.env.DATABASE_URL;
  const target = databaseTarget();
  const env = { ...process.env, DATABASE_URL: target.url };
  if (target.provider === "postgresql") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
    await client.end();
  } else {
    const file = path.resolve(target.url.slice("file:".length));
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  }
  console.log(`[global-setup] fresh ${target.provider} database, migrated and seeded`);
  await migrate(env);
  const { getDb, disconnectDb } = await import("../../lib/db/client.ts");
  const { seedDemoStore } = await import("../../lib/seed/index.ts");
  await seedDemoStore(await getDb());
  await disconnectDb();
  return () => {
    // The run's own upload folder (vitest.config.ts names it); never a folder a person configured.
    const storage = process.env.STORAGE_DIR;
    if (storage && path.basename(storage).startsWith("test-")) fs.rmSync(storage, { recursive: true, force: true });
    if (target.provider === "sqlite") {
      const file = path.resolve(target.url.slice("file:".length));
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    }
  };
}
