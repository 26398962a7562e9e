// Applies the migrations of the current provider with Prisma's CLI (a runtime dependency, so production
// needs no dev toolchain). The CLI reads prisma.config.ts, which picks the schema from DATABASE_URL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { databaseTarget, ensureDatabaseFolder, type DatabaseTarget } from "./target.ts";

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, "../..");

export function prismaCli(args: string[], env: NodeJS.ProcessEnv = process.env): { ok: boolean; output: string } {
  const bin = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
  const res = spawnSync(process.execPath, [bin, ...args], { env, encoding: "utf8", cwd: process.cwd() });
  return { ok: res.status === 0, output: `${res.stdout ?? ""}${res.stderr ?? ""}` };
}

export function migrate(env: NodeJS.ProcessEnv = process.env): void {
  ensureDatabaseFolder(databaseTarget(env.DATABASE_URL));
  const res = prismaCli(["migrate", "deploy"], env);
  if (!res.ok) throw new Error(`Migration failed:\n${res.output}`);
}

const APPLIED = "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

/** The names of the migrations applied to the database: none when it has no tables, or no file yet. */
async function appliedMigrations(target: DatabaseTarget): Promise<Set<string>> {
  if (target.provider === "postgresql") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return new Set((await client.query<{ migration_name: string }>(APPLIED)).rows.map((r) => r.migration_name));
    } catch (e) {
      if ((e as { code?: string }).code === "42P01") return new Set(); // undefined_table
      throw e;
    } finally {
      await client.end();
    }
  }
  const file = target.url.slice("file:".length);
  if (file.startsWith(":memory:") || !fs.existsSync(path.resolve(file))) return new Set();
  // Read-only, so a database found unmigrated is left exactly as it was (the app's own connections switch it to WAL).
  const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
  const adapter = await new PrismaBetterSQLite3({ url: target.url, readonly: true, fileMustExist: true }).connect();
  const query = (sql: string) => adapter.queryRaw({ sql, args: [], argTypes: [] });
  try {
    const table = await query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'");
    if (!table.rows.length) return new Set();
    return new Set((await query(APPLIED)).rows.map((r) => String(r[0])));
  } finally {
    await adapter.dispose();
  }
}

/** The migrations of the current provider that the database lacks, oldest first, found without writing anything. */
export async function pendingMigrations(target: DatabaseTarget = databaseTarget()): Promise<string[]> {
  const dir = path.join(ROOT, path.dirname(target.schema), "migrations");
  const all = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();
  const applied = await appliedMigrations(target);
  return all.filter((name) => !applied.has(name));
}
