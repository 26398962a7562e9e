// Runs the family's storefront (bagisto/nextjs-commerce), unchanged, against this service and drives the shopper
// flows of flows.ts in Chromium: one line `PASS <flow>` or `FAIL <flow>: <reason>` each, then `N passed, M failed`.
// A failed flow leaves a screenshot in /tmp/sf-compat/ and is followed by what the service answered the
// storefront's GraphQL calls meanwhile (through a recording proxy), the storefront's browser console and its log.
// Not part of CI: it needs a local copy of the storefront with its node_modules (README.md in this folder).
//
//   npx tsx scripts/compat/storefront/run.ts <storefront-copy> [--only <flow>[,<flow>…]] [--keep] [--no-rebuild]
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { findBrowser, machineProbes } from "../../../tests/e2e/support/find-browser.ts";
import { FLOWS, Needs, TOAST_RECORDER, type FlowRun, type Harness } from "./flows.ts";
import {
  OUT_DIR, SHOPPER, STOREFRONT_NOISE, logErrorsSince, logSize, startRecorder, startService, startStorefront, stop, warmUp,
  type GraphqlCall, type Recorder, type Service, type Storefront,
} from "./servers.ts";
import { removeDatabase } from "../../support/demo-database.ts";

const USAGE = "Usage: npx tsx scripts/compat/storefront/run.ts <storefront-copy> [--only <flow>[,<flow>...]] [--keep] [--no-rebuild]";
/** A flow that takes longer is stopped and failed (a first visit of a page compiles it under next dev). */
const FLOW_TIMEOUT_MS = 6 * 60_000;

const say = (line: string) => console.log(line);
const short = (s: string, n = 200) => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

interface Watch {
  pages: Page[];
  contexts: BrowserContext[];
  console: string[];
  /** The storefront's own /api/graphql answers as the browser saw them, when they carried an error. */
  proxied: string[];
  reading: Promise<unknown>[];
}

function watchPage(page: Page, w: Watch, storefront: string): void {
  page.setDefaultTimeout(60_000);
  page.on("console", (m) => {
    // A failed load is reported below with its address; the storefront's own noise is left out.
    if (m.type() !== "error" || /^Failed to load resource/.test(m.text()) || STOREFRONT_NOISE.some((n) => n.test(m.text()))) return;
    w.console.push(short(m.text(), 240));
  });
  page.on("requestfailed", (req) => {
    const failure = req.failure()?.errorText ?? "failed";
    if (!/ERR_ABORTED/.test(failure)) w.console.push(short(`${req.method()} ${req.url()}: ${failure}`, 240));
  });
  page.on("pageerror", (e) => w.console.push(short(`page error: ${e.message}`, 240)));
  page.on("response", (res) => {
    const url = new URL(res.url());
    // Next 16 refuses to optimize a picture from a private address (this service on 127.0.0.1): README, quirks.
    const localImage = url.origin === storefront && url.pathname === "/_next/image";
    if (res.status() >= 400 && !localImage && !(url.origin === storefront && url.pathname === "/api/graphql")) {
      w.console.push(short(`${res.request().method()} ${url.pathname}${url.search}: HTTP ${res.status()}${url.origin === storefront ? "" : ` (${url.origin})`}`, 240));
    }
    if (url.origin !== storefront || url.pathname !== "/api/graphql") return;
    w.reading.push(
      res
        .text()
        .then((text) => {
          const op = (() => {
            try {
              return (JSON.parse(res.request().postData() ?? "{}") as { operationName?: string }).operationName ?? "?";
            } catch {
              return "?";
            }
          })();
          const body = JSON.parse(text) as { error?: unknown; message?: string };
          if (res.status() >= 400 || body.error || body.message) {
            w.proxied.push(short(`${op}: ${res.status()} ${JSON.stringify(body.error ?? body.message)}`, 240));
          }
        })
        .catch(() => undefined),
    );
  });
}

async function screenshot(page: Page | undefined, flow: string): Promise<string | undefined> {
  if (!page || page.isClosed()) return undefined;
  const file = path.join(OUT_DIR, `${flow}.png`);
  try {
    await page.screenshot({ path: file, fullPage: true, timeout: 20_000 });
    return file;
  } catch {
    return undefined;
  }
}

/** What the service said during a flow: the GraphQL calls that carried errors, each operation once. */
function serviceErrors(calls: GraphqlCall[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const c of calls) {
    if (!c.errors.length) continue;
    const line = short(`${c.operation}: ${c.errors[0]}${c.errors.length > 1 ? ` (+${c.errors.length - 1} more)` : ""}`, 260);
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { only: { type: "string" }, keep: { type: "boolean" }, "no-rebuild": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(`${USAGE}\n\nFlows: ${FLOWS.map((f) => f.name).join(", ")}`);
    return values.help ? 0 : 2;
  }
  const source = path.resolve(positionals[0] ?? "");
  if (!fs.existsSync(path.join(source, "package.json")) || !fs.existsSync(path.join(source, "src", "app"))) {
    console.error(`${source} is not a copy of the storefront (no package.json and src/app there).`);
    return 2;
  }
  const only = values.only?.split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = only?.filter((n) => !FLOWS.some((f) => f.name === n)) ?? [];
  if (unknown.length) {
    console.error(`Unknown flow ${unknown.join(", ")}. Flows: ${FLOWS.map((f) => f.name).join(", ")}`);
    return 2;
  }
  const flows = only ? FLOWS.filter((f) => only.includes(f.name)) : FLOWS;
  fs.mkdirSync(OUT_DIR, { recursive: true });

  const chromiumPath = await findBrowser(machineProbes(path.join(OUT_DIR, "browser-install.log")));
  let service: Service | undefined;
  let recorder: Recorder | undefined;
  let storefront: Storefront | undefined;
  let browser: Browser | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await browser?.close().catch(() => undefined);
    if (values.keep) {
      // The working copy stays in use by the kept storefront: a later run makes one of its own meanwhile.
      if (storefront && fs.existsSync(`${storefront.dir}.lock`)) fs.writeFileSync(`${storefront.dir}.lock`, String(storefront.child.pid));
      say(`--keep: the storefront stays at ${storefront?.url ?? "-"}, this service at ${service?.url ?? "-"} (proxy ${recorder?.url ?? "-"}).`);
      say(`Stop them with: kill -- -${storefront?.child.pid ?? "?"}; kill -- -${service?.child.pid ?? "?"}`);
      return;
    }
    await recorder?.close();
    await Promise.all([stop(storefront), stop(service)]);
    if (service) removeDatabase(service.databaseUrl);
    storefront?.release();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void shutdown().then(() => process.exit(130));
    });
  }

  try {
    let started = Date.now();
    say("Starting this service on a fresh SQLite database...");
    service = await startService(say, { rebuild: !values["no-rebuild"] });
    say(`This service is up at ${service.url} in ${Math.round((Date.now() - started) / 1000)} s (log ${service.log}).`);
    recorder = await startRecorder(service.url);
    started = Date.now();
    say("Starting the storefront under next dev (the first page compiles for a while)...");
    storefront = await startStorefront(source, recorder.url, service.storefrontKey, say);
    say(`The storefront is up at ${storefront.url} in ${Math.round((Date.now() - started) / 1000)} s (log ${storefront.log}; GraphQL through ${recorder.url}).`);
    started = Date.now();
    say("Compiling the storefront's pages the flows visit (next dev compiles each on its first visit)...");
    const { simple } = service.catalog;
    // The account pages redirect a visitor without a session to the sign-in page: they compile when the flows visit them.
    await warmUp(storefront.url, [
      "/search", `/search?q=${encodeURIComponent(simple.name)}`, `/search/${service.catalog.category}`, `/product/${simple.urlKey}`,
      "/cart", "/checkout", "/success", "/customer/login", "/customer/register", "/compare",
    ], say);
    say(`Warm-up done in ${Math.round((Date.now() - started) / 1000)} s.`);
    browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"] });
    say(`Chromium: ${chromiumPath}. Simple product: ${service.catalog.simple.name}; configurable: ${service.catalog.configurable.name}.`);

    const h: Harness = {
      browser,
      storefront: storefront.url,
      service: service.url,
      storefrontKey: service.storefrontKey,
      catalog: service.catalog,
      customer: SHOPPER,
      calls: recorder.calls,
    };
    const kept = new Set<BrowserContext>();
    let passed = 0;
    let failed = 0;
    for (const flow of flows) {
      const w: Watch = { pages: [], contexts: [], console: [], proxied: [], reading: [] };
      const t: FlowRun = {
        h,
        page: async (context) => {
          let ctx = context;
          if (!ctx) {
            ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
            w.contexts.push(ctx);
          }
          const page = await ctx.newPage();
          await page.addInitScript(TOAST_RECORDER);
          watchPage(page, w, h.storefront);
          w.pages.push(page);
          return page;
        },
        keep: (page) => void kept.add(page.context()),
      };
      const mark = recorder.calls.length;
      const logMark = logSize(storefront.log);
      const began = Date.now();
      let error: unknown;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          flow.run(t),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${FLOW_TIMEOUT_MS / 60_000} min`)), FLOW_TIMEOUT_MS))),
        ]);
      } catch (e) {
        error = e;
      } finally {
        clearTimeout(timer);
      }
      await Promise.race([Promise.all(w.reading), new Promise((r) => setTimeout(r, 3000))]);
      const seconds = Math.round((Date.now() - began) / 1000);
      if (!error) {
        passed++;
        say(`PASS ${flow.name}  (${seconds} s)`);
      } else {
        failed++;
        const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : JSON.stringify(error);
        say(`FAIL ${flow.name}: ${short(message, 220)}  (${seconds} s)`);
        const shot = error instanceof Needs ? undefined : await screenshot(w.pages.at(-1), flow.name);
        if (shot) say(`    screenshot: ${shot}`);
        for (const line of serviceErrors(recorder.calls.slice(mark)).slice(0, 5)) say(`    service said: ${line}`);
        for (const line of w.proxied.filter((l, i, all) => all.indexOf(l) === i).slice(0, 3)) say(`    storefront /api/graphql: ${line}`);
        for (const line of w.console.filter((l, i, all) => all.indexOf(l) === i).slice(0, 3)) say(`    browser: ${line}`);
        for (const line of logErrorsSince(storefront.log, logMark)) say(`    storefront log: ${line}`);
      }
      // The fresh contexts of the flow are closed, but those it hands on to later flows (the guest cart).
      for (const ctx of w.contexts) if (!kept.has(ctx)) await ctx.close().catch(() => undefined);
    }
    for (const line of new Set(recorder.repairs)) say(`Worked around the storefront's own bug (${recorder.repairs.filter((r) => r === line).length}×): ${line}`);
    say(`${passed} passed, ${failed} failed`);
    return failed ? 1 : 0;
  } finally {
    await shutdown();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
