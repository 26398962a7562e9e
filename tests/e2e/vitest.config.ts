// Browser tests: `npm test` runs them after the API suite. One build, one `next start`, one SQLite file for the
// whole run (tests/e2e/support/global-setup.ts). They exercise the web side only, so the PostgreSQL pass of CI,
// which repeats `npm test` with DATABASE_URL set to PostgreSQL, skips them instead of running the same thing twice.
import { defineConfig } from "vitest/config";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
if (onPostgres) console.log("Browser tests: skipped on the PostgreSQL pass (they run on SQLite).");

export default defineConfig({
  root,
  resolve: { alias: [{ find: "@", replacement: root }] },
  test: {
    include: onPostgres ? [] : ["tests/e2e/**/*.e2e.ts"],
    passWithNoTests: onPostgres,
    globalSetup: onPostgres ? [] : ["tests/e2e/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
