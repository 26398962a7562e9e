// The production-hardening suite (`npm run test:prod`): the authorization matrix and hostile-input fuzzing over
// every declared operation, GraphQL document limits, request logs, and (on PostgreSQL with Redis) the scale-out,
// shutdown and crash tests against real `next start` instances. It writes and deletes freely, so it gets a
// database of its own: a throwaway SQLite file, or `<DATABASE_URL's database>_prod` on PostgreSQL. Files run one
// at a time in a fixed order, so a file's row counts are its own.
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import path from "node:path";
import { GENEROUS_BUDGETS } from "../support/budgets.ts";

const root = path.resolve(import.meta.dirname, "../..");
const given = process.env.DATABASE_URL ?? "";
const pg = /^postgres(ql)?:\/\//.test(given);

function prodDatabase(url: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/$/, "") || "/postgres"}_prod`;
  return u.toString();
}

const databaseUrl = pg ? prodDatabase(given) : `file:./data/test-prod-${process.pid}.db`;

/**
 * A fixed order: the files that need the demo store whole first, the admin fuzzing last, since it may delete what
 * real rows it reaches (channels, locales, products) and so leave the store in no state for anything after it.
 */
const ORDER = ["graphql-limits", "request-logs", "body-limits", "edge-values", "authorization-matrix", "hostile-input-shop", "scale-out", "hostile-input-admin"];
const rank = (spec: TestSpecification) => {
  const i = ORDER.findIndex((name) => path.basename(spec.moduleId).startsWith(`${name}.`));
  return i < 0 ? ORDER.length - 1 : i;
};
class FixedOrder extends BaseSequencer {
  override sort(files: TestSpecification[]) {
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b)));
  }
}
// Uploaded files of this run go to a folder of its own (removed by the global setup's teardown).
const storageDir = path.resolve(root, `data/test-prod-storage-${process.pid}`);
process.env.DATABASE_URL = databaseUrl; // for the global setup, which runs in this process
process.env.STORAGE_DIR = storageDir;

export default defineConfig({
  root,
  resolve: {
    alias: [
      { find: "@", replacement: root },
      // As in vitest.config.ts: one copy of graphql, or `instanceof GraphQLError` fails between yoga and us.
      { find: /^graphql$/, replacement: path.resolve(root, "node_modules/graphql/index.js") },
    ],
  },
  test: {
    include: ["tests/prod/**/*.prod.ts"],
    globalSetup: ["tests/prod/support/global-setup.ts"],
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
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    sequence: { sequencer: FixedOrder },
  },
});
