// The two servers of a compatibility run: this service (a fresh SQLite database with the demo store, served from a
// production build of its own) and a working copy of the family's storefront under `next dev`, wired to the
// service through a recording proxy that keeps every GraphQL answer, so a failed flow can name what the service
// said. Each server runs in its own process group, so stopping it stops everything it started.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort } from "../../support/free-port.ts";
import { freshDemoDatabase } from "../../support/demo-database.ts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
/** Where logs, databases, screenshots and the storefront's working copy go. */
export const OUT_DIR = "/tmp/sf-compat";
/** This service's build for the harness, apart from the one `npm start` serves and the browser tests' one. */
const DIST_DIR = ".next-sf-compat";


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Running {
  url: string;
  log: string;
  child: ChildProcess;
}

/** Stops a server started here: SIGTERM to its whole process group, SIGKILL after `graceMs`. */
export async function stop(server: Running | undefined, graceMs = 8000): Promise<void> {
  const child = server?.child;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // the group is gone already
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
  signal("SIGKILL"); // whatever the group leader left behind (a dev server's workers)
}

/** Spawns `command` as the leader of a new process group, its output appended to `log`. */
function spawnLogged(command: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; log: string }): ChildProcess {
  fs.mkdirSync(path.dirname(opts.log), { recursive: true });
  const out = fs.openSync(opts.log, "a");
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  return child;
}

function tail(file: string, lines = 25): string {
  if (!fs.existsSync(file)) return "";
  return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

/** Polls `url` until it answers (any status below 500 when `ok` is not given) or the child exits or time runs out. */
async function waitFor(url: string, child: ChildProcess, log: string, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}; last lines of ${log}:\n${tail(log)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet, or still compiling
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s; last lines of ${log}:\n${tail(log)}`);
    await sleep(500);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// This service

/** Request and attempt budgets out of the way: the storefront's server calls with one key from one address. */
const GENEROUS = "1000000";
const BUDGETS: Record<string, string> = {
  STOREFRONT_RATE_LIMIT: GENEROUS,
  ...Object.fromEntries(
    ["LOGIN", "REGISTER", "FORGOT_PASSWORD", "RESET_PASSWORD"].flatMap((kind) => [
      [`${kind}_LIMIT_PER_ACCOUNT`, GENEROUS],
      [`${kind}_LIMIT_PER_ADDRESS`, GENEROUS],
    ]),
  ),
  LOGIN_DELAY_BASE_MS: "0",
};

export interface Service extends Running {
  storefrontKey: string;
  databaseUrl: string;
  catalog: Catalog;
}

/** A product the flows use, picked from the seeded catalog (English name and URL key, as the storefront shows them). */
export interface CatalogProduct {
  id: number;
  sku: string;
  name: string;
  urlKey: string;
}

export interface Catalog {
  /** A visible simple product with stock in the default channel, in one category. */
  simple: CatalogProduct;
  /** A visible configurable product with at least one variant in stock. */
  configurable: CatalogProduct;
  /** The slug of the simple product's category (the storefront lists a category at /search/<slug>). */
  category: string;
}

/**
 * The customer the account flows sign in as: the demo customer's twin with a password the storefront's sign-in form
 * accepts (it requires a digit from 0 to 2, which the demo customer's password lacks).
 */
export const SHOPPER = { firstName: "Jane", lastName: "Shopper", email: "shopper@example.com", password: "Quiet-Harbor-Lantern-42" } as const;

/**
 * A fresh SQLite file, migrated and seeded with the demo store (its quick-start logins); answers a new storefront
 * key and the products the flows use.
 */
async function prepareDatabase(databaseUrl: string): Promise<{ key: string; catalog: Catalog }> {
  const key = await freshDemoDatabase(databaseUrl, "Storefront compatibility run");
  const { getDb, disconnectDb } = await import("../../../lib/db/client.ts");
  const { default: bcrypt } = await import("bcryptjs");
  const { BCRYPT_COST } = await import("../../../lib/customers/account.ts");
  const { DEMO_CUSTOMER } = await import("../../../lib/seed/people.ts");
  const db = await getDb();
  const demo = await db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
  await db.customer.create({
    data: {
      firstName: SHOPPER.firstName, lastName: SHOPPER.lastName, email: SHOPPER.email,
      passwordHash: await bcrypt.hash(SHOPPER.password, BCRYPT_COST),
      status: 1, isVerified: true, customerGroupId: demo.customerGroupId, channelId: demo.channelId, apiToken: randomBytes(20).toString("hex"),
    },
  });
  const pick = async (type: string, stocked: object): Promise<CatalogProduct> => {
    const p = await db.product.findFirst({
      where: { type, status: true, visibleIndividually: true, parentId: null, specialPrice: null, ...stocked },
      include: { translations: { where: { locale: "en" } } },
      orderBy: { id: "asc" },
    });
    const t = p?.translations[0];
    if (!p || !t) throw new Error(`the demo store has no visible ${type} product in stock`);
    return { id: p.id, sku: p.sku, name: t.name, urlKey: t.urlKey };
  };
  const simple = await pick("simple", { inventories: { some: { channelId: 1, qty: { gte: 50 } } }, categories: { some: {} } });
  const category = await db.categoryTranslation.findFirst({ where: { locale: "en", category: { products: { some: { productId: simple.id } } } } });
  const catalog: Catalog = {
    simple,
    configurable: await pick("configurable", { variants: { some: { inventories: { some: { channelId: 1, qty: { gte: 50 } } } } } }),
    category: category?.slug ?? "",
  };
  await disconnectDb();
  return { key, catalog };
}

/**
 * Migrates and seeds a fresh database, builds this service into its own folder when its sources changed since the
 * last run (lib/cli/build.ts keeps the stamp), and serves it with the server `npm start` runs (lib/cli/server.mjs).
 */
export async function startService(say: (line: string) => void, opts: { rebuild: boolean }): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = `file:${OUT_DIR}/service-${process.pid}.db`;
  const log = path.join(OUT_DIR, `service-${process.pid}.log`);
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...BUDGETS,
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_SKIP_TYPECHECK: "1",
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    PUBLIC_URL: url,
    TRUST_PROXY: "",
  };
  const { ensureBuild, isCurrentBuild } = await import("../../../lib/cli/build.ts");
  const hasBuild = fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"));
  const build = async () => {
    if (!opts.rebuild && hasBuild) {
      if (!isCurrentBuild(DIST_DIR)) say(`--no-rebuild: serving the last build in ${DIST_DIR}, made before the latest changes of the sources.`);
      return;
    }
    if (!isCurrentBuild(DIST_DIR)) say(`Building this service into ${DIST_DIR} (its sources changed since the last run)...`);
    await ensureBuild(DIST_DIR, env).catch((e: Error) => {
      throw new Error(`this service's build failed: ${e.message.split("\n").slice(0, 30).join("\n")}`);
    });
  };
  const [, { key: storefrontKey, catalog }] = await Promise.all([build(), prepareDatabase(databaseUrl)]);
  const child = spawnLogged(process.execPath, [path.join(ROOT, "lib", "cli", "server.mjs"), String(port), "127.0.0.1"], { cwd: ROOT, env, log });
  const service: Service = { url, log, child, storefrontKey, databaseUrl, catalog };
  try {
    await waitFor(`${url}/api/health`, child, log, 90_000, "This service");
  } catch (e) {
    await stop(service);
    throw e;
  }
  return service;
}

// ---------------------------------------------------------------------------------------------------------------
// The recording proxy between the storefront and this service

export interface GraphqlCall {
  at: number;
  operation: string;
  status: number;
  /** The GraphQL errors of the answer (message, with the path when there is one), or the HTTP error. */
  errors: string[];
}

export interface Recorder {
  url: string;
  calls: GraphqlCall[];
  /** The storefront's own bugs the proxy worked around, one line each time it did. */
  repairs: string[];
  close(): Promise<void>;
}

/**
 * The storefront's own bugs that no server could answer, each repaired in the request the proxy forwards (its
 * source stays unchanged) and told in the run's output: an operation, and the repair of its variables or null.
 */
const REPAIRS: { operation: string; bug: string; repair(variables: Record<string, unknown>): Record<string, unknown> | null }[] = [
  {
    // src/utils/bagisto/index.ts, subscribeUser: `variables: { ...input }` with input = { email }.
    operation: "SubscribeToNewsletter",
    bug: "the storefront sends { email } as the variables of a document that declares $input (GraphQL refuses a missing required variable); sent as { input: { email } }",
    repair: (v) => (v.input === undefined && typeof v.email === "string" ? { input: v } : null),
  },
];

/** The request body with a known storefront bug repaired, and the line that says so; the body as it was otherwise. */
function repaired(body: Buffer): { body: Buffer; repair?: string } {
  let parsed: { operationName?: string; variables?: Record<string, unknown> };
  try {
    parsed = JSON.parse(body.toString("utf8")) as typeof parsed;
  } catch {
    return { body };
  }
  const operation = operationOf(body.toString("utf8"));
  for (const r of REPAIRS) {
    if (r.operation !== operation || !parsed.variables) continue;
    const variables = r.repair(parsed.variables);
    if (variables) return { body: Buffer.from(JSON.stringify({ ...parsed, variables })), repair: `${r.operation}: ${r.bug}` };
  }
  return { body };
}

/** The operation a GraphQL request runs: its operationName, else the name in the document, else its first field. */
function operationOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { operationName?: string; query?: string };
    if (parsed.operationName) return parsed.operationName;
    const q = parsed.query ?? "";
    const named = /\b(?:query|mutation)\s+([A-Za-z_]\w*)/.exec(q);
    if (named?.[1]) return named[1];
    const field = /\{\s*([A-Za-z_]\w*)/.exec(q);
    return field ? `{ ${field[1]} }` : "(no query)";
  } catch {
    return "(unreadable body)";
  }
}

function errorsOf(status: number, text: string): string[] {
  try {
    const body = JSON.parse(text) as { errors?: { message?: string; path?: unknown[] }[] };
    const list = (body.errors ?? []).map((e) => `${e.message ?? JSON.stringify(e)}${e.path ? ` (at ${e.path.join(".")})` : ""}`);
    if (list.length) return list;
  } catch {
    if (status >= 400) return [`HTTP ${status}: ${text.slice(0, 160)}`];
  }
  return status >= 400 ? [`HTTP ${status}`] : [];
}

/** Forwards everything to `target`; the answers to POST /api/graphql are read and kept in `calls`. */
export async function startRecorder(target: string): Promise<Recorder> {
  const port = await freePort();
  const calls: GraphqlCall[] = [];
  const repairs: string[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recording = req.method === "POST" && (req.url ?? "").split("?")[0] === "/api/graphql";
      const sent = recording ? repaired(Buffer.concat(chunks)) : { body: Buffer.concat(chunks) };
      const body = sent.body;
      if (sent.repair) repairs.push(sent.repair);
      const headers = { ...req.headers, host: upstream.host, ...(sent.repair ? { "content-length": String(body.length) } : {}) };
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
        (answer) => {
          if (!recording) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const parts: Buffer[] = [];
          answer.on("data", (c: Buffer) => parts.push(c));
          answer.on("end", () => {
            const text = Buffer.concat(parts);
            const status = answer.statusCode ?? 502;
            calls.push({ at: Date.now(), operation: operationOf(body.toString("utf8")), status, errors: errorsOf(status, text.toString("utf8")) });
            res.writeHead(status, answer.headers);
            res.end(text);
          });
        },
      );
      forward.on("error", (e) => {
        if (recording) calls.push({ at: Date.now(), operation: operationOf(body.toString("utf8")), status: 502, errors: [`proxy: ${e.message}`] });
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://127.0.0.1:${port}`, calls, repairs, close };
}

// ---------------------------------------------------------------------------------------------------------------
// The storefront

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A working copy of the storefront in OUT_DIR: its sources copied (the copy named on the command line is never
 * written to: `next dev` writes .next/ and next-env.d.ts), its node_modules hard-linked (the same files, no second
 * download), or installed with `npm install` when the copy has none (its lock file is out of sync: `npm ci` fails).
 * The working copy is kept between runs with its .next/ (Turbopack's cache: the next run compiles pages in seconds
 * instead of minutes); a run that finds it in use by another live run makes one of its own, removed at the end.
 */
function workingCopy(source: string, say: (line: string) => void): { dir: string; release: () => void } {
  let dir = path.join(OUT_DIR, "storefront-work");
  const lock = `${dir}.lock`;
  let release = () => fs.rmSync(lock, { force: true });
  const holder = fs.existsSync(lock) ? Number(fs.readFileSync(lock, "utf8")) : 0;
  if (holder && holder !== process.pid && alive(holder)) {
    dir = path.join(OUT_DIR, `storefront-${process.pid}`);
    release = () => fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  } else {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    fs.writeFileSync(lock, String(process.pid));
  }
  const lockFile = path.join(source, "package-lock.json");
  const origin = JSON.stringify({ source, lock: fs.existsSync(lockFile) ? fs.statSync(lockFile).mtimeMs : 0 });
  const marker = path.join(dir, ".sf-compat-origin");
  if (!fs.existsSync(marker) || fs.readFileSync(marker, "utf8") !== origin) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // Everything but the installed modules and the compile cache is copied afresh.
  for (const entry of fs.readdirSync(dir)) {
    if (!["node_modules", ".next", ".sf-compat-origin"].includes(entry)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  for (const entry of fs.readdirSync(source)) {
    if ([".next", ".git", "node_modules", "next-env.d.ts"].includes(entry) || entry.startsWith(".env")) continue;
    fs.cpSync(path.join(source, entry), path.join(dir, entry), { recursive: true });
  }
  const modules = path.join(source, "node_modules");
  if (fs.existsSync(path.join(dir, "node_modules", "next", "package.json"))) {
    // installed by an earlier run from the same copy
  } else if (fs.existsSync(path.join(modules, "next", "package.json"))) {
    // Hard links keep Turbopack inside the project root (a symlink to another tree is refused).
    const linked = spawnSync("cp", ["-al", modules, path.join(dir, "node_modules")], { stdio: "ignore" });
    if (linked.status !== 0) {
      say("Copying the storefront's node_modules (hard links failed: another filesystem?)...");
      fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      fs.cpSync(modules, path.join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
    }
  } else {
    say("The storefront copy has no node_modules: running npm install in the working copy (not npm ci: its lock file is out of sync)...");
    const installed = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    if (installed.status !== 0) throw new Error(`npm install in ${dir} failed (exit ${installed.status}).`);
  }
  fs.writeFileSync(marker, origin);
  return { dir, release };
}

export interface Storefront extends Running {
  dir: string;
  /** Frees the working copy for the next run (or removes it when it was this run's own). */
  release: () => void;
}

/** The storefront under `next dev` (its production build fetches Google Fonts), pointed at `endpoint`. */
export async function startStorefront(source: string, endpoint: string, storefrontKey: string, say: (line: string) => void): Promise<Storefront> {
  const { dir, release } = workingCopy(path.resolve(source), say);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = path.join(OUT_DIR, `storefront-${process.pid}.log`);
  const endpointUrl = new URL(endpoint);
  // Only what the storefront reads (grep process.env in its src/): nothing of this service's own settings.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: "development",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_BAGISTO_ENDPOINT: endpoint,
    NEXT_PUBLIC_BAGISTO_STOREFRONT_KEY: storefrontKey,
    BAGISTO_STOREFRONT_KEY: storefrontKey,
    BAGISTO_STORE_DOMAIN: endpointUrl.host,
    NEXTAUTH_URL: url,
    NEXTAUTH_SECRET: randomBytes(24).toString("hex"),
    COMPANY_NAME: "Compat Store",
  };
  const next = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const child = spawnLogged(process.execPath, [next, "dev", "--port", String(port), "--hostname", "127.0.0.1"], { cwd: dir, env, log });
  const storefront: Storefront = { url, log, child, dir, release };
  try {
    // The first request compiles the home page: minutes on a small machine.
    await waitFor(`${url}/`, child, log, 300_000, "The storefront");
  } catch (e) {
    await stop(storefront);
    release();
    throw e;
  }
  return storefront;
}

/**
 * Lines every page of the storefront logs under next dev, whatever the server answers: Google Fonts unreachable
 * (it falls back to a local font), and its passing a parsed GraphQL document (with its `loc`) to a server function.
 */
export const STOREFRONT_NOISE = [/Error while requesting resource/, /fonts\.googleapis\.com/, /from Google Fonts/, /Only plain objects can be passed to Server Functions/];

/** The lines of `log` after `offset` that look like errors, for a failed flow's report. */
export function logErrorsSince(log: string, offset: number, max = 3): string[] {
  if (!log || !fs.existsSync(log)) return [];
  const text = fs.readFileSync(log, "utf8").slice(offset);
  return text
    .split("\n")
    .filter((l) => /error|unhandled|failed|exception/i.test(l) && !/^\s*at /.test(l) && !STOREFRONT_NOISE.some((n) => n.test(l)))
    .map((l) => l.trim().slice(0, 240))
    .filter((l, i, all) => all.indexOf(l) === i)
    .slice(0, max);
}

/**
 * Compiles the storefront's pages before the flows, one request each (next dev compiles a page on its first visit,
 * minutes on a busy machine), so that a flow's waits measure the page, not the compiler. Answers per page: status
 * and seconds, or the error.
 */
export async function warmUp(url: string, paths: string[], say: (line: string) => void): Promise<void> {
  for (const p of paths) {
    const started = Date.now();
    try {
      const res = await fetch(new URL(p, url), { redirect: "manual", signal: AbortSignal.timeout(600_000) });
      await res.arrayBuffer();
      say(`  warm-up ${p}: ${res.status} in ${Math.round((Date.now() - started) / 1000)} s`);
    } catch (e) {
      say(`  warm-up ${p}: ${(e as Error).message}`);
    }
  }
}

export function logSize(log: string): number {
  return log && fs.existsSync(log) ? fs.statSync(log).size : 0;
}
