// Once per `npm run test:prod`: the suite's own database (created on PostgreSQL when missing), migrated and seeded
// by the API suite's setup.
import setupApiDatabase from "../../support/global-setup.ts";
import { databaseTarget } from "../../../lib/db/target.ts";

async function ensurePostgresDatabase(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  const target = databaseTarget();
  if (target.provider === "postgresql") await ensurePostgresDatabase(target.url);
  return setupApiDatabase();
}
