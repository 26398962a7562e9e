// Once per browser-test run: the Chromium to drive (found or installed), a fresh SQLite file with the demo store,
// one production build, one server.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { BrowserUnavailable, findBrowser, machineProbes } from "./find-browser.ts";
import { buildApp, serverEnv, startApp } from "./server.ts";
import { freshDemoDatabase, removeDatabase } from "../../../scripts/support/demo-database.ts";
import { freePort } from "../../../scripts/support/free-port.ts";
import { startStripeStandIn } from "../../support/stripe-stand-in.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    storefrontKey: string;
    /** The server's database, for tests that set up what no API can (e.g. an admin who must change a password). */
    databaseUrl: string;
    /** The Chromium executable tests/e2e/support/browser.ts launches (tests/e2e/support/find-browser.ts). */
    chromiumPath: string;
    /** The local stand-in for Stripe's API and its hosted page (tests/support/stripe-stand-in.ts) the server pays through. */
    stripeUrl: string;
  }
}

const INSTALL_LOG = path.resolve(import.meta.dirname, "../../../test-results/browser-install.log");

export default async function setup(project: TestProject) {
  // First, before minutes of building: without a browser there is nothing to run.
  let chromiumPath: string;
  try {
    chromiumPath = await findBrowser(machineProbes(INSTALL_LOG));
  } catch (e) {
    if (!(e instanceof BrowserUnavailable)) throw e;
    // One line saying what to install, not a stack trace into this file.
    const error = new Error(e.message);
    error.stack = e.message;
    throw error;
  }
  project.provide("chromiumPath", chromiumPath);
  const databaseUrl = `file:./data/e2e-${process.pid}.db`;
  // Cards are paid on the stand-in's page, which sends the signed events to the server as Stripe would.
  const stripe = await startStripeStandIn();
  const env = { ...serverEnv(databaseUrl), STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url };
  const started = Date.now();
  let app: Awaited<ReturnType<typeof startApp>>;
  let build: string;
  try {
    let storefrontKey: string;
    [build, storefrontKey] = await Promise.all([buildApp(env), freshDemoDatabase(databaseUrl, "Browser tests")]);
    app = await startApp({ ...env, STOREFRONT_KEY: storefrontKey }, await freePort());
    project.provide("storefrontKey", storefrontKey);
  } catch (e) {
    removeDatabase(databaseUrl);
    await stripe.close();
    throw e;
  }
  stripe.webhookUrl = `${app.baseUrl}/api/payments/stripe/webhook`;
  project.provide("stripeUrl", stripe.url);
  console.log(`Browser tests: ${chromiumPath}; app ${build} and ready at ${app.baseUrl} in ${Math.round((Date.now() - started) / 1000)} s.`);
  project.provide("baseUrl", app.baseUrl);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await app.stop();
    await stripe.close();
    removeDatabase(databaseUrl);
  };
}
