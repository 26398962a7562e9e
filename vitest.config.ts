import { defineConfig } from "vitest/config";
import path from "node:path";
import { GENEROUS_BUDGETS } from "./tests/support/budgets.ts";

// The API suite runs against DATABASE_URL when it names PostgreSQL (CI runs it that way too), otherwise against
// a throwaway SQLite file. tests/support/global-setup.ts migrates and seeds it once per run.
const pg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
const databaseUrl = pg ? process.env.DATABASE_URL! : `file:./data/test-${process.pid}.db`;
// Uploaded files of this run go to a folder of its own (removed by the global setup's teardown): ids restart with
// each fresh database, so files left by an earlier run must not be found again.
const storageDir = path.resolve(import.meta.dirname, `data/test-storage-${process.pid}`);
process.env.DATABASE_URL = databaseUrl; // for the global setup, which runs in this process
process.env.STORAGE_DIR = storageDir;

export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname) },
      // graphql ships CommonJS and ESM builds; Node loads graphql-yoga's copy as CommonJS, so ours must be the
      // same file, or `instanceof GraphQLError` fails between the two and yoga masks our errors.
      { find: /^graphql$/, replacement: path.resolve(import.meta.dirname, "node_modules/graphql/index.js") },
    ],
  },
  test: {
    // The catalog read tests compare whole listings with the database, so they run first, while no other test
    // file is adding products; every other file runs after them, in parallel, and the statement counts last.
    projects: [
      { extends: true, test: { name: "catalog", include: ["tests/api/catalog-*.test.ts"], sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/api/catalog-*.test.ts", "tests/api/perf-queries.test.ts", "tests/e2e/**"],
          sequence: { groupOrder: 1 },
        },
      },
      // The statement counts run last, alone: their fixtures give every list rows (return form fields among them),
      // which other files would otherwise see appear mid-test.
      { extends: true, test: { name: "statements", include: ["tests/api/perf-queries.test.ts"], sequence: { groupOrder: 2 } } },
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    env: {
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storageDir,
      ...GENEROUS_BUDGETS,
      BCRYPT_COST: "4",
      NODE_ENV: "test",
      // Calls are made in process, so there is no socket: the suites name the caller in X-Forwarded-For, as one
      // proxy in front would (tests/api/client-ip.test.ts covers the other settings).
      TRUST_PROXY: "1",
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
  },
});
