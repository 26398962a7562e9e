// Issue 28 items 8 and 9: the service fails loudly instead of half-starting. `npm start` (the CLI's `serve`)
// refuses a production start without a proper PUBLIC_URL, a port in use and an unknown DATABASE_URL scheme; every
// command refuses that scheme, and a command that uses data refuses a database without the store's migrations.
// Each refusal is one line on stderr and a non-zero exit, before anything is written: the commands run in a
// folder of the test's own, which stays empty (or, for the unmigrated database, byte for byte as it was).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliIn, type Run } from "./support/cli.ts";
import { disconnectDb, getDb } from "../lib/db/client.ts";
import { databaseTarget } from "../lib/db/target.ts";
import { migrate } from "../lib/db/migrate.ts";
import { freePort } from "../scripts/support/free-port.ts";

const SLOW = 120_000;
const ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "Quiet-Harbor-Lamp-42";

const folders: string[] = [];
function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-refusal-"));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A port some other process holds, on the loopback address only (the server would listen on every interface). */
let busy: net.Server;
let busyPort = 0;
beforeAll(async () => {
  busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
  busyPort = (busy.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));


/** Runs at most a few children at once: each loads the whole CLI, and the machine is shared. */
async function inTurns<T>(tasks: (() => Promise<T>)[], width = 3): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/** A refusal: non-zero, exactly one line on stderr saying `says`, nothing on stdout (no seed, no password). */
function expectRefusal(run: Run, says: RegExp, label: string): void {
  expect(run.code, `${label}: ${run.stderr}`).not.toBe(0);
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines, label).toHaveLength(1);
  expect(lines[0], label).toMatch(says);
  expect(run.stdout, label).toBe("");
}

const PRODUCTION = { NODE_ENV: "production", TRUST_PROXY: undefined, NEXT_DIST_DIR: undefined };

interface Case {
  name: string;
  args: string[];
  env: Record<string, string | undefined>;
  says: RegExp;
  /** Text the message must not echo (a password in a URL). */
  secret?: string;
}

/** Runs each case in an empty folder of its own, against a SQLite file there, and checks the folder stays empty. */
async function expectRefused(cases: Case[]): Promise<void> {
  const dirs = cases.map(() => folder());
  const ports = await Promise.all(cases.map(() => freePort()));
  const runs = await inTurns(
    cases.map((c, i) => () => cliIn({ cwd: dirs[i], env: { DATABASE_URL: "file:./store.db", PORT: String(ports[i]), PUBLIC_URL: undefined, ...c.env } }, ...c.args)),
  );
  cases.forEach((c, i) => {
    expectRefusal(runs[i], c.says, c.name);
    if (c.secret) expect(runs[i].stderr, c.name).not.toContain(c.secret);
    expect(fs.readdirSync(dirs[i]), `${c.name} wrote nothing`).toEqual([]);
  });
}

describe("npm start in production requires PUBLIC_URL, a bare http(s) origin", () => {
  it(
    "refuses a missing or malformed PUBLIC_URL in one line, before it migrates, seeds or prints a password",
    async () => {
      const bad: [string | undefined, RegExp][] = [
        [undefined, /^PUBLIC_URL is required in production/],
        ["   ", /^PUBLIC_URL is required in production/],
        ["shop.example.com", /not an absolute URL/],
        ["ftp://shop.example.com", /scheme is "ftp:"/],
        ["https://shop.example.com/shop", /has a path \(\/shop\)/],
        ["https://shop.example.com?ref=1", /has a query/],
        ["https://shop.example.com#top", /has a fragment/],
        ["https://shop.example.com/", /ends with a slash/],
        ["https://SHOP.example.com:443", /use https:\/\/shop\.example\.com/],
      ];
      const cases: Case[] = bad.map(([value, says]) => ({ name: `PUBLIC_URL=${value}`, args: ["serve"], env: { ...PRODUCTION, PUBLIC_URL: value }, says }));
      // The default database (data/commerce.db): not even its folder is made.
      cases.push({ name: "no PUBLIC_URL, no DATABASE_URL", args: ["serve"], env: { ...PRODUCTION, DATABASE_URL: undefined }, says: /^PUBLIC_URL is required in production/ });
      cases.push({
        name: "PUBLIC_URL with a password",
        args: ["serve"],
        env: { ...PRODUCTION, PUBLIC_URL: "https://owner:Quiet-Harbor-Lamp-42@shop.example.com" },
        says: /carries a user name or password/,
        secret: PASSWORD,
      });
      await expectRefused(cases);
    },
    SLOW,
  );
});

describe("a port in use stops npm start before any database work", () => {
  it(
    "refuses in one line and a non-zero exit, in production and out of it (where PUBLIC_URL is not required)",
    async () => {
      await expectRefused([
        { name: "production", args: ["serve"], env: { ...PRODUCTION, PUBLIC_URL: "https://shop.example.com", PORT: String(busyPort) }, says: new RegExp(`^Port ${busyPort} is in use`) },
        { name: "quick start", args: ["serve"], env: { NODE_ENV: undefined, PORT: String(busyPort) }, says: new RegExp(`^Port ${busyPort} is in use`) },
        { name: "PORT not a port", args: ["serve"], env: { NODE_ENV: undefined, PORT: "80a" }, says: /^PORT must be a number from 1 to 65535/ },
      ]);
    },
    SLOW,
  );

  it(
    "the server itself (lib/cli/server.mjs) exits 1 with one line when its port is taken, before it loads the app",
    async () => {
      const run = await new Promise<Run>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(ROOT, "lib", "cli", "server.mjs"), String(busyPort)], { cwd: ROOT, env: { ...process.env, NODE_ENV: "production" } });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr, lastLine: "" }));
      });
      expect(run.code, run.stderr).toBe(1);
      expectRefusal(run, new RegExp(`^Port ${busyPort} is in use`), "server.mjs");
    },
    SLOW,
  );
});

describe("an unknown DATABASE_URL scheme is refused, never read as the default SQLite file", () => {
  const schemes: [string, RegExp, string?][] = [
    ["mysql://shop:Quiet-Harbor-Lamp-42@db.internal/shop", /starts with "mysql:"/, PASSWORD],
    ["postgress://shop:Quiet-Harbor-Lamp-42@db.internal/shop", /starts with "postgress:"/, PASSWORD],
    ["sqlite:./store.db", /starts with "sqlite:"/],
    ["./store.db", /has no scheme/],
  ];

  it(
    "by npm start and by every kind of command, in one line that does not echo the URL's password",
    async () => {
      const commands = [
        ["serve"],
        ["db", "migrate"],
        ["db", "seed"],
        ["storefront-key", "list"],
        ["admin", "create", "--email", "refused@example.com", "--password", PASSWORD],
      ];
      const cases: Case[] = [];
      schemes.forEach(([url, says, secret], i) => {
        // Every scheme through npm start; the other commands spread over the schemes.
        for (const args of [commands[0], commands[1 + i]]) {
          cases.push({ name: `${args.join(" ")} with ${url}`, args, env: { ...PRODUCTION, PUBLIC_URL: "https://shop.example.com", DATABASE_URL: url }, says: new RegExp(`^DATABASE_URL must be file:<path> \\(SQLite\\) or postgresql://… \\(PostgreSQL\\); this one ${says.source}`), secret });
        }
      });
      await expectRefused(cases);
    },
    SLOW,
  );

  it("the app's database client refuses it with the same message", async () => {
    for (const [url, says, secret] of schemes) {
      expect(() => databaseTarget(url)).toThrow(says);
      if (secret) expect(() => databaseTarget(url)).not.toThrow(secret);
    }
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = schemes[0][0];
    try {
      await expect(getDb()).rejects.toThrow(/^DATABASE_URL must be file:<path> \(SQLite\) or postgresql:\/\/… \(PostgreSQL\); this one starts with "mysql:"\.$/);
    } finally {
      process.env.DATABASE_URL = saved;
      await disconnectDb().catch(() => undefined);
    }
  });
});

describe("a command on a database without the store's migrations says to run db migrate", () => {
  const refusal = /^The database lacks \d+ of the store's migrations: run `npm run commerce -- db migrate` first\.$/;

  async function expectUnmigratedRefusal(env: Record<string, string>, before: () => unknown, after: () => unknown) {
    const snapshot = await before();
    const commands = [
      ["admin", "create", "--email", "unmigrated@example.com", "--password", PASSWORD],
      ["storefront-key", "create", "--name", "unmigrated"],
      ["integration-token", "create", "--admin", "admin@example.com"],
    ];
    const runs = await inTurns(commands.map((args) => () => cliIn({ env }, ...args)));
    runs.forEach((run, i) => expectRefusal(run, refusal, commands[i].slice(0, 2).join(" ")));
    expect(await after()).toEqual(snapshot);
  }

  it(
    "an empty SQLite file: refused in one line, the file left untouched (still empty, no WAL)",
    async () => {
      const dir = folder();
      const file = path.join(dir, "empty.db");
      fs.writeFileSync(file, "");
      const listing = () => fs.readdirSync(dir).map((f) => [f, fs.statSync(path.join(dir, f)).size]);
      await expectUnmigratedRefusal({ DATABASE_URL: `file:${file}` }, listing, listing);
      expect(fs.statSync(file).size).toBe(0);
    },
    SLOW,
  );

  it(
    "a SQLite file one migration behind: refused, nothing written (a migrated one is served: tests/cli.test.ts)",
    async () => {
      const dir = folder();
      const url = `file:${path.join(dir, "behind.db")}`;
      await migrate({ ...process.env, DATABASE_URL: url });
      const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
      const adapter = await new PrismaBetterSQLite3({ url }).connect();
      const latest = "(SELECT migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1)";
      await adapter.executeRaw({ sql: `DELETE FROM _prisma_migrations WHERE migration_name = ${latest}`, args: [], argTypes: [] });
      const count = async () => (await adapter.queryRaw({ sql: "SELECT COUNT(*) FROM StorefrontKey", args: [], argTypes: [] })).rows[0][0];
      try {
        const run = await cliIn({ env: { DATABASE_URL: url } }, "storefront-key", "create", "--name", "behind");
        expectRefusal(run, /^The database lacks 1 of the store's migrations: run `npm run commerce -- db migrate` first\.$/, "one behind");
        expect(Number(await count())).toBe(0);
      } finally {
        await adapter.dispose();
      }
    },
    SLOW,
  );

  it.runIf(databaseTarget().provider === "postgresql")(
    "an empty PostgreSQL database: refused in one line, no table created",
    async () => {
      const { default: pg } = await import("pg");
      const suite = new URL(process.env.DATABASE_URL!);
      const name = `cli_unmigrated_${process.pid}`;
      const admin = new pg.Client({ connectionString: suite.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(suite);
      url.pathname = `/${name}`;
      const tables = async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          return (await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows;
        } finally {
          await client.end();
        }
      };
      try {
        await expectUnmigratedRefusal({ DATABASE_URL: url.toString() }, tables, tables);
        expect(await tables()).toEqual([]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    },
    SLOW,
  );
});
