// Issue 29: the app applies its migration files itself (lib/db/migrate.ts), recording them in Prisma's
// `_prisma_migrations` exactly as `prisma migrate deploy` did, so databases migrated either way are interchangeable.
// Every database here is the test's own: SQLite files in a temporary folder, and on PostgreSQL (when the suite runs
// there) databases created beside the suite's and dropped afterwards.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { migrate, migrationChecksum, pendingMigrations } from "../../lib/db/migrate.ts";
import { databaseTarget } from "../../lib/db/target.ts";

const SLOW = 120_000;
const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

function migrationNames(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}
const SQLITE_MIGRATIONS = migrationNames("prisma/migrations");
const POSTGRES_MIGRATIONS = migrationNames("prisma/postgres/migrations");
const LATEST = SQLITE_MIGRATIONS.at(-1)!;

/** Runs Prisma's own CLI (the former migration path), which still runs on SQLite with the 6.19 adapter. */
function prismaMigrateDeploy(url: string): string {
  const bin = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
  const run = spawnSync(process.execPath, [bin, "migrate", "deploy"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
  const output = `${run.stdout}${run.stderr}`;
  expect(run.status, output).toBe(0);
  return output;
}

// ---------------------------------------------------------------------------------------------------- SQLite

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-migrate-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
const sqliteUrl = () => `file:${path.join(dir, `db-${++files}.db`)}`;

async function sqlite<T>(url: string, use: (rows: (sql: string) => Promise<unknown[][]>) => Promise<T>): Promise<T> {
  const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
  const db = await new PrismaBetterSQLite3({ url }).connect();
  try {
    return await use(async (sql) => (await db.queryRaw({ sql, args: [], argTypes: [] })).rows);
  } finally {
    await db.dispose();
  }
}

/** Every table, index and trigger with its SQL, as SQLite keeps them (so also each column and constraint). */
const sqliteSchema = (url: string) =>
  sqlite(url, (rows) => rows("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"));
const sqliteRecords = (url: string) =>
  sqlite(url, (rows) =>
    rows("SELECT migration_name, checksum, finished_at IS NOT NULL, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name"),
  );
const sqliteExec = (url: string, sql: string) => sqlite(url, (rows) => rows(sql));

describe("migrations on SQLite, applied by the app", () => {
  it(
    "a fresh file gets the same schema and records as `prisma migrate deploy` made; a second run applies nothing",
    async () => {
      const ours = sqliteUrl();
      expect(await pendingMigrations(databaseTarget(ours))).toEqual(SQLITE_MIGRATIONS);
      expect(await migrate({ DATABASE_URL: ours })).toEqual(SQLITE_MIGRATIONS);

      const theirs = sqliteUrl();
      prismaMigrateDeploy(theirs);
      const schema = await sqliteSchema(ours);
      expect(schema.length).toBeGreaterThan(SQLITE_MIGRATIONS.length);
      expect(schema).toEqual(await sqliteSchema(theirs)); // _prisma_migrations' own DDL included
      const records = await sqliteRecords(ours);
      expect(records).toEqual(await sqliteRecords(theirs)); // Prisma's checksums, all finished, one step each
      expect(records.map((r) => r[0])).toEqual(SQLITE_MIGRATIONS);

      expect(await migrate({ DATABASE_URL: ours })).toEqual([]);
      expect(await sqliteRecords(ours)).toEqual(records);
      expect(await pendingMigrations(databaseTarget(ours))).toEqual([]);
    },
    SLOW,
  );

  it(
    "a file migrated by `prisma migrate deploy` is complete for the app, and one migrated by the app is for Prisma",
    async () => {
      const theirs = sqliteUrl();
      prismaMigrateDeploy(theirs);
      const warn = vi.spyOn(console, "warn");
      try {
        expect(await pendingMigrations(databaseTarget(theirs))).toEqual([]);
        expect(await migrate({ DATABASE_URL: theirs })).toEqual([]);
        expect(warn).not.toHaveBeenCalled(); // every recorded checksum matches its file
      } finally {
        warn.mockRestore();
      }
      expect(await sqliteRecords(theirs)).toHaveLength(SQLITE_MIGRATIONS.length);

      const ours = sqliteUrl();
      await migrate({ DATABASE_URL: ours });
      expect(prismaMigrateDeploy(ours)).toMatch(/No pending migrations to apply/);
    },
    SLOW,
  );

  it("one migration behind: pending names it, and migrating applies that one only", async () => {
    const url = sqliteUrl();
    await migrate({ DATABASE_URL: url });
    await sqliteExec(url, `DELETE FROM _prisma_migrations WHERE migration_name = '${LATEST}'`);
    // What the latest one adds: the customer notes' table, and a GDPR request's decline reason.
    await sqliteExec(url, 'DROP TABLE "CustomerNote"');
    await sqliteExec(url, 'ALTER TABLE "GdprRequest" DROP COLUMN "declineReason"');
    expect(await pendingMigrations(databaseTarget(url))).toEqual([LATEST]);
    expect(await migrate({ DATABASE_URL: url })).toEqual([LATEST]);
    expect(await pendingMigrations(databaseTarget(url))).toEqual([]);
    const tables = await sqliteExec(url, `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('CustomerNote', 'Customer') ORDER BY name`);
    expect(tables).toEqual([["Customer"], ["CustomerNote"]]);
    const indexes = await sqliteExec(url, `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'CustomerNote' ORDER BY name`);
    expect(indexes).toEqual([["CustomerNote_authorId_idx"], ["CustomerNote_customerId_createdAt_idx"]]);
    const columns = await sqliteExec(url, `SELECT name FROM pragma_table_info('GdprRequest') WHERE name = 'declineReason'`);
    expect(columns).toEqual([["declineReason"]]);
  });

  it("a failing migration is rolled back, recorded nowhere, and the error names it and the database's reason", async () => {
    const url = sqliteUrl();
    // The first migration creates ImportJob last: a table of that name already there makes it fail at its end.
    await sqliteExec(url, 'CREATE TABLE "ImportJob" ("id" INTEGER)');
    await expect(migrate({ DATABASE_URL: url })).rejects.toThrow(
      new RegExp(`^Migration ${SQLITE_MIGRATIONS[0]} failed and was rolled back: .*ImportJob.* already exists`),
    );
    const tables = await sqliteExec(url, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    expect(tables).toEqual([["ImportJob"], ["_prisma_migrations"]]); // none of the 77 tables made before it
    expect(await sqliteRecords(url)).toEqual([]);
    expect(await pendingMigrations(databaseTarget(url))).toEqual(SQLITE_MIGRATIONS);
  });

  it("a later migration failing keeps the ones before it, applied and recorded", async () => {
    const url = sqliteUrl();
    await migrate({ DATABASE_URL: url });
    // Recorded as not applied while its tables are there: applying it again fails on the table that exists.
    await sqliteExec(url, `UPDATE _prisma_migrations SET rolled_back_at = '2026-01-01T00:00:00.000+00:00' WHERE migration_name = '${LATEST}'`);
    await expect(migrate({ DATABASE_URL: url })).rejects.toThrow(new RegExp(`^Migration ${LATEST} failed and was rolled back: .*declineReason`));
    const records = await sqliteRecords(url);
    expect(records).toHaveLength(SQLITE_MIGRATIONS.length); // the rolled-back record only, no new one
    expect(await pendingMigrations(databaseTarget(url))).toEqual([LATEST]);
  });

  it("an applied migration whose file changed since is warned about, not applied again", async () => {
    const url = sqliteUrl();
    await migrate({ DATABASE_URL: url });
    await sqliteExec(url, `UPDATE _prisma_migrations SET checksum = '${"0".repeat(64)}' WHERE migration_name = '${LATEST}'`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await migrate({ DATABASE_URL: url })).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain(`migration ${LATEST} was modified after it was applied`);
    } finally {
      warn.mockRestore();
    }
  });

  it("a migration Prisma left failed (recorded, unfinished) stops the run, as it stops `prisma migrate deploy`", async () => {
    const url = sqliteUrl();
    await migrate({ DATABASE_URL: url });
    await sqliteExec(url, `UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = '${LATEST}'`);
    await expect(migrate({ DATABASE_URL: url })).rejects.toThrow(`Migration ${LATEST} failed earlier and is recorded as unfinished`);
  });
});

// ---------------------------------------------------------------------------------------------------- PostgreSQL

/**
 * The checksums `prisma migrate deploy` (Prisma 6.19 CLI with adapter-pg 7) recorded for the PostgreSQL migrations,
 * read from a database it migrated: that CLI no longer runs here, so its records are kept as they were.
 */
const PRISMA_POSTGRES_CHECKSUMS: Record<string, string> = {
  "20261122071024_init": "dc5c991355d8ec1aabda7ae6752fd1bba0acb7ec674a0c9e1103f93052845a37",
  "20261124005330_admin_must_change_password": "9e2b526b58f61eefdc84155817241411e506622655557e53de2f49ac16e0e26e",
  "20261124065559_mail_outbox": "e505d72041abcfd1cefa035698d3f4ed45e78952e7441d085ccb4dd51cfca4a5",
  "20261124065759_contact_message_handled": "53754682ce47f481821c909e7fb7229d52372ddba86051014de6a9f3f27183fa",
  "20261124070004_family_store_catalog": "a46ec629627ada3ed588b98e091a9b5dcc9920734c34df7edb1c4c6de585d5bd",
  "20261124075431_grouped_bundle_products": "56173f6ad3e2e35638324b8feccf0c82ec8e5cdbf1e2e5d8295edbff2216bffb",
  "20261126221831_payment_session_snapshot": "e54b03ab4567503979983e2948cd09a2a212344efaaf6bc941f5812f53f9c0c1",
  "20261126223500_redact_reset_tokens": "55f53091bfc7a8b18b8e1b8cdd9d0d33dfdaea9a9bae1f6d536e2786df85e769",
  "20261126224500_public_storefront_keys": "9f2199cb53bbd340fcc7235909c37d680cab5f881c6f3d5e9b2ede37b501fbaa",
  "20261127115350_payment_transactions": "a3676047ff565c8fa36eeccb3d0801ffa25c612606dc37b5c01ecbe9f8d2af4b",
  "20261127150950_background_jobs": "484f7ee7c26064058f68d6fc1970e30b128333bbbe0f777ddb61a65399174a05",
  "20261127153712_order_access_tokens": "0817d8aa255871aa74a0f0269fe48e99257c0c22e3dd25fb65a08f61f733ef51",
  "20261127182725_change_feed": "718f34878fbc6950cb93432c1094da9307def4c437293392fdd2b1f086fcb6b9",
  "20261127223542_external_ids_idempotency": "fa57ba366e1a25ac837065422d35a3e9c6ea8492a1178ed908f31dc2d4c88aa2",
  "20261128053535_customer_notes_gdpr_decline_reason": "2bb91dde0e74c9799af1444a0c5f93e2a12c7c829fc2afd1ce040528720be017",
};

it("the checksum is Prisma's: the one it recorded for each PostgreSQL migration file", () => {
  for (const [name, recorded] of Object.entries(PRISMA_POSTGRES_CHECKSUMS)) {
    const sql = fs.readFileSync(path.join(ROOT, "prisma/postgres/migrations", name, "migration.sql"), "utf8");
    expect(migrationChecksum(sql), name).toBe(recorded);
  }
});

const onPostgres = databaseTarget().provider === "postgresql";

describe.runIf(onPostgres)("migrations on PostgreSQL, applied by the app", () => {
  const made: string[] = [];
  const adminUrl = () => process.env.DATABASE_URL!;
  async function admin(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  /** A fresh database beside the suite's. */
  async function freshDatabase(): Promise<string> {
    const name = `${new URL(adminUrl()).pathname.slice(1)}_migrate_${process.pid}_${made.length + 1}`;
    made.push(name);
    await admin(`DROP DATABASE IF EXISTS "${name}"`);
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    return url.toString();
  }
  afterAll(async () => {
    for (const name of made) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  async function rows(url: string, sql: string): Promise<unknown[][]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query({ text: sql, rowMode: "array" })).rows as unknown[][];
    } finally {
      await client.end();
    }
  }
  const tables = (url: string) =>
    rows(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name");
  const records = (url: string) =>
    rows(url, "SELECT migration_name, checksum, finished_at IS NOT NULL, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name");

  it(
    "a fresh database gets every table SQLite gets, Prisma's table and checksums; a second run applies nothing",
    async () => {
      const url = await freshDatabase();
      expect(await pendingMigrations(databaseTarget(url))).toEqual(POSTGRES_MIGRATIONS);
      expect(await migrate({ DATABASE_URL: url })).toEqual(POSTGRES_MIGRATIONS);
      // The same tables as the SQLite schema they are both made from.
      const reference = sqliteUrl();
      await migrate({ DATABASE_URL: reference });
      const sqliteNames = await sqliteExec(reference, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
      expect((await tables(url)).map((r) => r[0]).sort()).toEqual(sqliteNames.map((r) => r[0]).sort());

      const columns = await rows(
        url,
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position",
      );
      expect(columns).toEqual([
        ["id", "character varying", "NO"],
        ["checksum", "character varying", "NO"],
        ["finished_at", "timestamp with time zone", "YES"],
        ["migration_name", "character varying", "NO"],
        ["logs", "text", "YES"],
        ["rolled_back_at", "timestamp with time zone", "YES"],
        ["started_at", "timestamp with time zone", "NO"],
        ["applied_steps_count", "integer", "NO"],
      ]);
      const recorded = await records(url);
      expect(recorded).toEqual(POSTGRES_MIGRATIONS.map((name) => [name, PRISMA_POSTGRES_CHECKSUMS[name] ?? expect.any(String), true, null, 1]));

      expect(await migrate({ DATABASE_URL: url })).toEqual([]);
      expect(await records(url)).toEqual(recorded);
    },
    SLOW,
  );

  it(
    "a database with the records `prisma migrate deploy` wrote is complete for the app",
    async () => {
      const url = await freshDatabase();
      // What the former path left: the schema, and Prisma's records with the checksums it computed.
      await migrate({ DATABASE_URL: url });
      await rows(url, "DELETE FROM _prisma_migrations");
      for (const [name, checksum] of Object.entries(PRISMA_POSTGRES_CHECKSUMS)) {
        await rows(
          url,
          `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES (gen_random_uuid()::text, '${checksum}', '${name}', now(), 1)`,
        );
      }
      const warn = vi.spyOn(console, "warn");
      try {
        const expected = POSTGRES_MIGRATIONS.filter((name) => !(name in PRISMA_POSTGRES_CHECKSUMS));
        expect(await pendingMigrations(databaseTarget(url))).toEqual(expected);
        expect(await migrate({ DATABASE_URL: url })).toEqual(expected);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
      }
    },
    SLOW,
  );

  it(
    "a failing migration is rolled back, recorded nowhere, and the error names it and the database's reason",
    async () => {
      const url = await freshDatabase();
      await rows(url, 'CREATE TABLE "ImportJob" ("id" INTEGER)');
      await expect(migrate({ DATABASE_URL: url })).rejects.toThrow(
        new RegExp(`^Migration ${POSTGRES_MIGRATIONS[0]} failed and was rolled back: .*ImportJob.* already exists`),
      );
      expect(await tables(url)).toEqual([["ImportJob"], ["_prisma_migrations"]]);
      expect(await records(url)).toEqual([]);
      expect(await pendingMigrations(databaseTarget(url))).toEqual(POSTGRES_MIGRATIONS);
    },
    SLOW,
  );

  it(
    "two sessions migrating at once (as two processes would): the advisory lock lets one apply them, the other none again",
    async () => {
      const url = await freshDatabase();
      const [a, b] = await Promise.all([migrate({ DATABASE_URL: url }), migrate({ DATABASE_URL: url })]);
      expect([...a, ...b].sort()).toEqual(POSTGRES_MIGRATIONS);
      expect([a.length, b.length].sort()).toEqual([0, POSTGRES_MIGRATIONS.length]);
      expect((await records(url)).map((r) => r[0])).toEqual(POSTGRES_MIGRATIONS);
    },
    SLOW,
  );
});
