// A fresh SQLite file with the demo store, for the servers the browser tests and the storefront harness start.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Deletes a SQLite database file and its WAL companions (`file:` URL, relative to the project or absolute). */
export function removeDatabase(databaseUrl: string): void {
  const file = path.resolve(ROOT, databaseUrl.slice("file:".length));
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}

/**
 * Makes `databaseUrl` anew: migrated, seeded with the demo store's quick-start data (known demo logins, whatever
 * NODE_ENV says), with a storefront key named `keyName`; answers the key. Leaves DATABASE_URL naming it.
 */
export async function freshDemoDatabase(databaseUrl: string, keyName: string): Promise<string> {
  removeDatabase(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;
  const { migrate } = await import("../../lib/db/migrate.ts");
  await migrate({ ...process.env, DATABASE_URL: databaseUrl });
  const { getDb, disconnectDb } = await import("../../lib/db/client.ts");
  const { seedDemoStore } = await import("../../lib/seed/index.ts");
  const { createStorefrontKey } = await import("../../lib/storefront-keys/index.ts");
  await seedDemoStore(await getDb(), { production: false });
  const { key } = await createStorefrontKey(await getDb(), { name: keyName });
  await disconnectDb();
  return key;
}
