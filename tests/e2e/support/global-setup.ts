// Once per browser-test run: a fresh SQLite file with the demo store, one production build, one server.
import type { TestProject } from "vitest/node";
import { buildApp, freePort, prepareDatabase, removeDatabase, serverEnv, startApp } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    storefrontKey: string;
    /** The server's database, for tests that set up what no API can (e.g. an admin who must change a password). */
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = `file:./data/e2e-${process.pid}.db`;
  const env = serverEnv(databaseUrl);
  const started = Date.now();
  let app: Awaited<ReturnType<typeof startApp>>;
  let build: string;
  try {
    let storefrontKey: string;
    [build, storefrontKey] = await Promise.all([buildApp(env), prepareDatabase(databaseUrl)]);
    app = await startApp({ ...env, STOREFRONT_KEY: storefrontKey }, await freePort());
    project.provide("storefrontKey", storefrontKey);
  } catch (e) {
    removeDatabase(databaseUrl);
    throw e;
  }
  console.log(`Browser tests: app ${build} and ready at ${app.baseUrl} in ${Math.round((Date.now() - started) / 1000)} s.`);
  project.provide("baseUrl", app.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await app.stop();
    removeDatabase(databaseUrl);
  };
}
