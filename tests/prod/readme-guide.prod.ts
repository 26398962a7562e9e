// Issue 36 item 4: the README's guide ("A first checkout") runs as written. Its shell blocks (fenced with the info
// string `sh guide`) run in order, as one bash script with `set -euo pipefail`, against a real server (the one
// `npm start` runs, lib/cli/server.mjs, on a production build) over a fresh database with the demo store. The guide
// makes its own storefront key with the CLI command the README documents; every curl is `-f` (a non-2xx answer
// fails it) and every answer goes through `jq -e` on the fields the guide reads (a missing one fails it). Afterwards
// the database must hold what the guide says it made: two cash-on-delivery orders and the registered customer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { productionBuild, startInstance, type Instance } from "./support/instances.ts";
import { freePort } from "../../scripts/support/free-port.ts";
import { freshDemoDatabase, removeDatabase } from "../../scripts/support/demo-database.ts";
import { GENEROUS_BUDGETS } from "../support/budgets.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const databaseUrl = `file:./data/test-guide-${process.pid}.db`;
const suiteDatabase = process.env.DATABASE_URL;

/** The guide's shell blocks, in the README's order. */
function guideBlocks(readme: string): string[] {
  return [...readme.matchAll(/^```sh guide\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/** Runs `script` with bash; resolves with its exit code and output, never throws for a failed command. */
function runBash(script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-c", script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let server: Instance | undefined;

beforeAll(async () => {
  const [{ dist }] = await Promise.all([productionBuild(), freshDemoDatabase(databaseUrl, "README guide (unused)")]);
  server = await startInstance("guide", dist, await freePort(), {
    ...GENEROUS_BUDGETS,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: "",
    TRUST_PROXY: "",
    // Self-contained: no shared Redis (counters, queue) even when the suite runs with one.
    REDIS_URL: "",
    LOG_LEVEL: "warn",
  });
  // A build of changed sources takes minutes (none when the browser tests' or another suite's build is current).
}, 600_000);

afterAll(async () => {
  await server?.stop();
  const { disconnectDb } = await import("../../lib/db/client.ts");
  await disconnectDb();
  removeDatabase(databaseUrl);
  process.env.DATABASE_URL = suiteDatabase;
});

describe("the README's guide", () => {
  const blocks = guideBlocks(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"));

  it("is there: the key, a REST guest checkout, a customer, and the checkout in GraphQL", () => {
    const all = blocks.join("\n");
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    for (const step of [
      "storefront-key create", "/api/shop/products", "/api/shop/cart-tokens", "/cart/add-to-cart", "/checkout/set-billing-address",
      "/checkout/get-shipping-methods", "/checkout/set-shipping-method", "/checkout/get-payment-methods", "/checkout/set-payment-method",
      "/checkout/place-order", "/api/shop/customers", "/api/shop/customer/login", "/api/shop/customer-profile", "/api/graphql",
      "createCartToken", "createAddProductInCart", "createCheckoutAddress", "collectionShippingRates", "createCheckoutShippingMethod",
      "collectionPaymentMethods", "createCheckoutPaymentMethod", "createCheckoutOrder",
    ]) expect(all, step).toContain(step);
    // Each curl fails on a non-2xx answer, and each answer's fields are checked by `jq -e`.
    for (const line of all.split("\n").filter((l) => /\bcurl\b/.test(l))) expect(line, line).toMatch(/curl -fsS\b/);
  });

  it("runs as written against a fresh server, and makes what it says", { timeout: 120_000 }, async () => {
    expect(spawnSync("jq", ["--version"]).status, "the guide needs jq on PATH").toBe(0);
    // A marker before each block names the one that failed.
    const script = ["set -euo pipefail", ...blocks.map((b, i) => `echo "== guide block ${i + 1} of ${blocks.length}" >&2\n${b}`)].join("\n");
    const { getDb } = await import("../../lib/db/client.ts");
    const db = await getDb();
    const before = await db.order.aggregate({ _max: { id: true } });
    const { code, stdout, stderr } = await runBash(script, { ...process.env, BASE: server!.baseUrl, DATABASE_URL: databaseUrl, KEY: "" }, 110_000);
    expect(code, `the guide failed (exit ${code}):\n${stderr}\n--- its output:\n${stdout.slice(-4000)}\n--- the server:\n${server!.output().slice(-3000)}`).toBe(0);

    const orders = await db.order.findMany({ where: { id: { gt: before._max.id ?? 0 } }, include: { payment: true } });
    expect(orders).toHaveLength(2);
    for (const order of orders) {
      expect(order.isGuest).toBe(true);
      expect(order.shippingMethod).toBe("flatrate_flatrate");
      expect(order.payment?.method).toBe("cashondelivery");
      expect(stdout).toContain(order.incrementId);
    }
    expect(await db.customer.count({ where: { email: { startsWith: "jane." } } })).toBe(1);
    expect(await db.storefrontKey.count({ where: { name: "my storefront" } })).toBe(1);
  });
});
