// Applies the migration files of the current provider itself, each with its record in Prisma's own
// `_prisma_migrations` table (Prisma's DDL, Prisma's checksum), so a database migrated by `prisma migrate deploy`
// and one migrated here are interchangeable. Prisma's CLI could only migrate PostgreSQL through a driver adapter of
// another major than the runtime's; running the files here keeps one Prisma major (issue 29). The drivers are
// used directly: pg, and better-sqlite3 through its thin Prisma adapter (which only forwards to it).
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databaseTarget, ensureDatabaseFolder, type DatabaseTarget } from "./target.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The advisory lock a migrating process holds on PostgreSQL, so that two processes starting at once do not both
 * apply a migration. The key is the one `prisma migrate` takes (72707369), so this runner and Prisma's CLI also
 * exclude each other.
 */
const POSTGRES_LOCK_KEY = 72707369;
/** How long a second process waits for the first one's migrations before it gives up. */
const POSTGRES_LOCK_WAIT = "120s";

interface MigrationFile {
  name: string;
  sql: string;
}

interface MigrationRecord {
  name: string;
  checksum: string;
  finishedAt: unknown;
  rolledBackAt: unknown;
}

/** The provider's migrations (folders holding a migration.sql), oldest first: folder names start with a timestamp. */
function migrationFiles(target: DatabaseTarget): MigrationFile[] {
  const dir = path.join(ROOT, path.dirname(target.schema), "migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8") }));
}

/** The checksum Prisma records: the SHA-256 of the script, in lowercase hex. */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/**
 * Whether a recorded checksum still describes the script. Like Prisma, a script whose line endings alone changed
 * (a checkout on Windows) still matches, and so does the early format Prisma wrote (bytes in hex without padding).
 */
function matchesChecksum(sql: string, recorded: string): boolean {
  const variants = [sql, sql.replace(/\r\n/g, "\n"), sql.replace(/\r?\n/g, "\r\n")];
  return variants.some((script) => {
    const digest = createHash("sha256").update(script, "utf8").digest();
    const unpadded = Array.from(digest, (byte) => byte.toString(16)).join("");
    return digest.toString("hex") === recorded || unpadded === recorded;
  });
}

/** Applied: finished and not marked rolled back (`prisma migrate resolve --rolled-back` re-applies those). */
function isApplied(record: MigrationRecord): boolean {
  return record.finishedAt != null && record.rolledBackAt == null;
}

/** The message of a driver error: the adapter wraps SQLite's in a DriverAdapterError whose own message is a kind. */
function driverMessage(e: unknown): string {
  const cause = (e as { cause?: { originalMessage?: unknown } }).cause;
  if (typeof cause?.originalMessage === "string") return cause.originalMessage;
  return e instanceof Error ? e.message : String(e);
}

/** What the runner needs of a database, on either driver. */
interface MigrationDatabase {
  /** The records of `_prisma_migrations`, or none when the table is missing. */
  records(): Promise<MigrationRecord[]>;
  createTable(): Promise<void>;
  /**
   * Runs one migration and writes its record in a single transaction: on failure neither stays. Answers false when
   * another process recorded the migration first (so it was not run again).
   */
  apply(migration: MigrationFile): Promise<boolean>;
  close(): Promise<void>;
}

const RECORDS = "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations";

function toRecords(rows: unknown[][]): MigrationRecord[] {
  return rows.map(([name, checksum, finishedAt, rolledBackAt]) => ({ name: String(name), checksum: String(checksum), finishedAt, rolledBackAt }));
}

// ---------------------------------------------------------------------------------------------------- PostgreSQL

/** Prisma's DDL for the table on PostgreSQL (its primary key gets the default name, _prisma_migrations_pkey). */
const POSTGRES_TABLE = `CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

/** With `lock`, the connection holds the migration lock until closed (released with the session, even on a crash). */
async function openPostgres(url: string, lock: boolean): Promise<MigrationDatabase> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (lock) {
      await client.query(`SET lock_timeout = '${POSTGRES_LOCK_WAIT}'`);
      await client.query("SELECT pg_advisory_lock($1)", [POSTGRES_LOCK_KEY]);
      await client.query("RESET lock_timeout");
    }
  } catch (e) {
    await client.end();
    throw new Error(`Could not take the migration lock within ${POSTGRES_LOCK_WAIT}: ${driverMessage(e)}`, { cause: e });
  }
  return {
    async records() {
      try {
        return toRecords((await client.query({ text: RECORDS, rowMode: "array" })).rows as unknown[][]);
      } catch (e) {
        if ((e as { code?: string }).code === "42P01") return []; // undefined_table
        throw e;
      }
    },
    async createTable() {
      await client.query(POSTGRES_TABLE);
    },
    async apply(migration) {
      // The lock is held, so nobody else applies anything meanwhile. A multi-statement script is sent as one
      // simple query, as Prisma sends it; inside BEGIN it shares the record's transaction.
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
          [randomUUID(), migrationChecksum(migration.sql), migration.name],
        );
        await client.query("COMMIT");
        return true;
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      }
    },
    async close() {
      await client.end(); // ends the session, which releases the advisory lock
    },
  };
}

// ---------------------------------------------------------------------------------------------------- SQLite

/** Prisma's DDL for the table on SQLite (SQLite keeps this text, without IF NOT EXISTS, in sqlite_master). */
const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/** A timestamp as Prisma writes it on SQLite: ISO 8601 with milliseconds and an explicit +00:00. */
function sqliteTime(date = new Date()): string {
  return date.toISOString().replace("Z", "+00:00");
}

/** Read-only, so a database found unmigrated is left exactly as it was (the app's own connections switch it to WAL). */
async function openSqlite(url: string, readonly: boolean): Promise<MigrationDatabase> {
  const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
  const db = await new PrismaBetterSQLite3(readonly ? { url, readonly: true, fileMustExist: true } : { url }).connect();
  const query = async (sql: string, args: string[] = []) =>
    (await db.queryRaw({ sql, args, argTypes: args.map(() => ({ scalarType: "string", arity: "scalar" }) as const) })).rows;
  return {
    async records() {
      const table = await query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'");
      return table.length ? toRecords(await query(RECORDS)) : [];
    },
    async createTable() {
      await db.executeScript(SQLITE_TABLE);
    },
    async apply(migration) {
      // Prisma's SQLite scripts turn foreign keys off around a table rebuild, but that pragma does nothing inside a
      // transaction: turned off here, before it, a rebuilt table's implicit DELETE cannot cascade to other tables.
      await db.executeScript("PRAGMA foreign_keys = OFF");
      try {
        // IMMEDIATE takes the write lock first, so the check below and the migration see the same database.
        await db.executeScript("BEGIN IMMEDIATE");
        try {
          const recorded = await query(`${RECORDS} WHERE migration_name = ? AND finished_at IS NOT NULL AND rolled_back_at IS NULL`, [migration.name]);
          if (recorded.length) {
            await db.executeScript("ROLLBACK");
            return false;
          }
          const startedAt = sqliteTime();
          await db.executeScript(migration.sql);
          await db.executeRaw({
            sql: `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
                  VALUES (?, ?, ?, ?, ?, 1)`,
            args: [randomUUID(), migrationChecksum(migration.sql), migration.name, startedAt, sqliteTime()],
            argTypes: Array.from({ length: 5 }, () => ({ scalarType: "string", arity: "scalar" }) as const),
          });
          await db.executeScript("COMMIT");
          return true;
        } catch (e) {
          await db.executeScript("ROLLBACK");
          throw e;
        }
      } finally {
        await db.executeScript("PRAGMA foreign_keys = ON");
      }
    },
    async close() {
      await db.dispose();
    },
  };
}

// ---------------------------------------------------------------------------------------------------- the runner

/**
 * Applies the migrations the database lacks, oldest first, and answers their names. A migration that fails is
 * rolled back with nothing recorded, and the error names it. A migration Prisma left failed (recorded, unfinished,
 * not rolled back) stops the run, as it stops `prisma migrate deploy`.
 */
export async function migrate(env: Record<string, string | undefined> = process.env): Promise<string[]> {
  const target = databaseTarget(env.DATABASE_URL);
  ensureDatabaseFolder(target);
  const files = migrationFiles(target);
  const db = target.provider === "postgresql" ? await openPostgres(target.url, true) : await openSqlite(target.url, false);
  try {
    await db.createTable();
    const records = await db.records();
    refuseFailed(records);
    warnEdited(files, records);
    const applied = new Set(records.filter(isApplied).map((r) => r.name));
    const done: string[] = [];
    for (const migration of files.filter((m) => !applied.has(m.name))) {
      try {
        if (await db.apply(migration)) done.push(migration.name);
      } catch (e) {
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${driverMessage(e)}`, { cause: e });
      }
    }
    return done;
  } finally {
    await db.close();
  }
}

function refuseFailed(records: MigrationRecord[]): void {
  const failed = records.filter((r) => r.finishedAt == null && r.rolledBackAt == null).map((r) => r.name);
  if (failed.length) {
    throw new Error(
      `Migration ${failed.join(", ")} failed earlier and is recorded as unfinished in _prisma_migrations: repair the ` +
        "database, then set that record's rolled_back_at (to apply it again) or finished_at (if it is in place).",
    );
  }
}

/** Prisma only warns about an applied migration whose file changed since: the database is not migrated again. */
function warnEdited(files: MigrationFile[], records: MigrationRecord[]): void {
  for (const file of files) {
    const record = records.find((r) => r.name === file.name && isApplied(r));
    if (record && !matchesChecksum(file.sql, record.checksum)) {
      console.warn(`Warning: migration ${file.name} was modified after it was applied (its checksum differs from the recorded one).`);
    }
  }
}

/** The migrations of the current provider that the database lacks, oldest first, found without writing anything. */
export async function pendingMigrations(target: DatabaseTarget = databaseTarget()): Promise<string[]> {
  const names = migrationFiles(target).map((m) => m.name);
  const file = target.url.slice("file:".length);
  if (target.provider === "sqlite" && (file.startsWith(":memory:") || !fs.existsSync(path.resolve(file)))) return names;
  const db = target.provider === "postgresql" ? await openPostgres(target.url, false) : await openSqlite(target.url, true);
  try {
    const applied = new Set((await db.records()).filter(isApplied).map((r) => r.name));
    return names.filter((name) => !applied.has(name));
  } finally {
    await db.close();
  }
}
