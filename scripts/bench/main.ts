// `npm run bench`: builds the app when needed, serves it in production mode on databases of its own, drives it
// with autocannon from a separate process, prints one table and checks the performance targets (issue 9).
// Each target is a ratio between two figures of the same run, so it holds on a noisy machine.
//   --no-build   serve the existing .next-bench build even when sources changed
//   --quick      shorter runs (a smoke test of the bench itself; the figures are rougher)
//   --pg         the same bench on PostgreSQL (databases commerce_bench, commerce_bench_1k and commerce_bench_100k
//                on BENCH_PG_URL's server, default postgresql://root@127.0.0.1:5432, made again on every run)
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { build, staleBuild } from "./build.ts";
import { prepareDatabases } from "./databases.ts";
import type { LoadResult, LoadSpec, Scenario } from "./drive.ts";
import { BenchServer, DIST_DIR } from "./server.ts";
import { checkPublicReads, LIST_PATH, plan, PUBLIC_READS } from "./scenarios.ts";
import { ADDRESS } from "./address.ts";

const args = new Set(process.argv.slice(2));
const QUICK = args.has("--quick");
const POSTGRES = args.has("--pg");
const CONNECTIONS = 10;
const WARMUP_SECONDS = QUICK ? 1 : 3;
const SECONDS = QUICK ? 4 : 12;
const ROUNDS = QUICK ? 2 : 8;
const LARGE_CATALOGS = [1_000, 100_000];
const MB = 1024 * 1024;
const MEMORY_CAP_MB = 350;
/** Issue 17: statements one guest checkout (seven requests) may send, and its time with one buyer. */
const MAX_CHECKOUT_STATEMENTS = 40;
const MAX_SEQUENTIAL_CHECKOUT_MS = 25;
const MIN_PARALLEL_CHECKOUTS = 50;

interface Row {
  name: string;
  unit: string;
  result: LoadResult;
  peakRssMb: number;
}

const log = (line: string) => console.error(`[bench] ${line}`);

interface Measured {
  name: string;
  server: BenchServer;
  unit?: string;
  scenario: Omit<Scenario, "url" | "storefrontKey">;
}

/** The statements of one guest checkout, counted in a process of its own (./count-statements.ts). */
async function countCheckoutStatements(databaseUrl: string, key: string, productId: number): Promise<{ statements: number; steps: Record<string, number> }> {
  const script = path.join(import.meta.dirname, "count-statements.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, key, String(productId)], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", STOREFRONT_RATE_LIMIT: "100000000" },
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.split("\n").filter((l) => l.startsWith('{"statements"')).at(-1) ?? "null") as { statements: number; steps: Record<string, number> }) : reject(new Error(`the statement counter exited with ${code}`))));
  });
}

/** Runs scenarios interleaved in one load-generator process and adds a row for each. */
async function measure(rows: Row[], key: string, group: Measured[]): Promise<void> {
  log(`${group.map((m) => m.name).join(" / ")} …`);
  const servers = [...new Set(group.map((m) => m.server))];
  for (const s of servers) s.takeWindowPeak();
  const spec: LoadSpec = {
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    rounds: group.length > 1 ? ROUNDS : 1,
    scenarios: group.map((m) => ({ url: m.server.url, storefrontKey: key, ...m.scenario })),
  };
  const script = path.join(import.meta.dirname, "drive.ts");
  const results = await new Promise<LoadResult[]>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, JSON.stringify(spec)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!) as LoadResult[]) : reject(new Error(`the load generator exited with ${code}`))));
  });
  const peaks = new Map(servers.map((s) => [s, s.takeWindowPeak() / MB]));
  group.forEach((m, i) => {
    const result = results[i];
    if (result.failures) log(`  ${m.name}: ${result.failures} failed requests, e.g. ${result.firstFailure ?? "(connection errors)"}`);
    rows.push({ name: m.name, unit: m.unit ?? "req/s", result, peakRssMb: peaks.get(m.server)! });
    // What the buyers got meanwhile: reads kept while orders flow are only worth as much as the orders kept.
    if (result.alongside) rows.push({ name: `  the ${CONNECTIONS} buyers meanwhile`, unit: "checkouts/s", result: result.alongside, peakRssMb: peaks.get(m.server)! });
  });
}

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "n/a";

function table(rows: Row[]): string {
  const head = ["scenario", "throughput", "p50 ms", "p99 ms", "peak RSS MB", "failed"];
  const body = rows.map((r) => [
    r.name,
    `${fmt(r.result.perSecond, r.unit === "req/s" ? 0 : 1)} ${r.unit}`,
    fmt(r.result.p50, 2),
    fmt(r.result.p99, 2),
    fmt(r.peakRssMb, 0),
    String(r.result.failures),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(head), rule, ...body.map(line)].join("\n");
}

interface Target {
  name: string;
  value: string;
  pass: boolean;
}

function ratio(name: string, value: number, bound: number, atLeast: boolean): Target {
  const pass = Number.isFinite(value) && value > 0 && (atLeast ? value >= bound : value <= bound);
  return { name, value: `${value.toFixed(2)} (${atLeast ? "≥" : "≤"} ${bound})`, pass };
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Throughput of `a` over `b` as the median of their per-round ratios: a burst of other work on the machine lands
 * in one round and moves one ratio, not the result.
 */
function roundRatio(a: LoadResult, b: LoadResult): number {
  return median(a.rounds.map((r, i) => r / b.rounds[i]));
}

async function main(): Promise<number> {
  const started = Date.now();
  if (!args.has("--no-build") && staleBuild()) {
    log(`building the app into ${DIST_DIR} (none there yet, or of other sources) …`);
    await build();
  }
  const dbs = await prepareDatabases(LARGE_CATALOGS, log, POSTGRES);
  const rows: Row[] = [];
  const failures: string[] = [];
  let peakRss = 0;
  let listBytes: number | undefined;
  let filterDescription: string | undefined;
  let checkoutStatements: { statements: number; steps: Record<string, number> } | undefined;

  const servers: BenchServer[] = [];
  const startServer = async (url: string, env: Record<string, string> = {}) => {
    const server = await BenchServer.start(url, env);
    servers.push(server);
    return server;
  };
  try {
    const server = await startServer(dbs.base.url);
    const key = dbs.storefrontKey;
    const p = await plan(server.url, key);
    await checkPublicReads(server.url, key);
    log("SQL statements of one guest checkout …");
    checkoutStatements = await countCheckoutStatements(dbs.base.url, key, p.checkoutProductIds[0]);
    log(`  ${checkoutStatements.statements}: ${Object.entries(checkoutStatements.steps).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    listBytes = p.listBytes;
    filterDescription = p.filterDescription;
    await measure(rows, key, [
      { name: `floor: fixed ${p.listBytes.toLocaleString("en-US")}-byte JSON`, server, scenario: { requests: p.floor } },
      { name: `REST GET ${LIST_PATH}`, server, scenario: { requests: p.restList } },
      { name: "GraphQL products(first: 30), same fields", server, scenario: { requests: p.graphqlList } },
    ]);
    await measure(rows, key, [
      { name: "REST GET /api/shop/products/{id}", server, scenario: { requests: p.restDetail } },
      { name: "GraphQL product(urlKey:), same fields", server, scenario: { requests: p.graphqlDetail } },
    ]);
    await measure(rows, key, [{ name: "REST filtered: category + color + price, sort=price-asc", server, scenario: { requests: p.filtered } }]);
    const checkout = { productIds: p.checkoutProductIds, address: ADDRESS };
    await measure(rows, key, [
      { name: "floor (beside the public reads)", server, scenario: { requests: p.floor } },
      ...PUBLIC_READS.map((r) => ({ name: `REST GET ${r.path} (${r.name})`, server, scenario: { requests: [{ method: "GET" as const, path: r.path }] } })),
    ]);
    await measure(rows, key, [
      { name: "sequential guest checkout, 1 buyer, 7 requests", server, unit: "checkouts/s", scenario: { checkout, connections: 1 } },
    ]);
    await measure(rows, key, [
      { name: "parallel guest checkouts, 10 buyers, 7 requests each", server, unit: "checkouts/s", scenario: { checkout } },
    ]);
    await measure(rows, key, [
      { name: `REST GET ${LIST_PATH}, alone`, server, scenario: { requests: p.restList } },
      {
        name: `REST GET ${LIST_PATH}, while 10 buyers check out`,
        server,
        scenario: { requests: p.restList, alongside: { url: server.url, storefrontKey: key, checkout } },
      },
    ]);
    peakRss = Math.max(peakRss, server.peakRss);
    await server.stop();

    // The large catalogs are served side by side without the page cache, so every request reads its page from the
    // database: these rows measure indexes and paging, not the cache. Totals stay cached (a count scans).
    const large = [];
    for (const catalog of dbs.large) large.push({ catalog, server: await startServer(catalog.url, { CATALOG_CACHE_MS: "0" }) });
    await measure(rows, key, [
      { name: "floor (beside the uncached lists)", server: large[0].server, scenario: { requests: p.floor } },
      ...large.map(({ catalog, server: s }) => ({
        name: `REST list, ${catalog.products.toLocaleString("en-US")} products, pages uncached`,
        server: s,
        scenario: { requests: [{ method: "GET" as const, path: LIST_PATH }] },
      })),
    ]);
  } finally {
    for (const s of servers) {
      peakRss = Math.max(peakRss, s.peakRss);
      await s.stop();
    }
  }

  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))!.result;
  const floor = find("floor");
  const restList = find("REST GET /api/shop/products?");
  const gqlList = find("GraphQL products");
  const [small, large] = dbs.large.map((c) => find(`REST list, ${c.products.toLocaleString("en-US")}`));
  const restDetail = find("REST GET /api/shop/products/{id}");
  const gqlDetail = find("GraphQL product(urlKey:)");
  const readsFloor = find("floor (beside the public reads)");
  const uncachedFloor = find("floor (beside the uncached lists)");
  const sequential = find("sequential guest checkout");
  const parallel = find("parallel guest checkouts");
  const listAlone = find(`REST GET ${LIST_PATH}, alone`);
  const listBusy = find(`REST GET ${LIST_PATH}, while`);
  const targets: Target[] = [
    ratio("REST product list ≥ 0.7 × floor (req/s, median of the rounds' ratios)", roundRatio(restList, floor), 0.7, true),
    ratio("GraphQL product list ≥ 0.7 × REST product list (req/s, median of the rounds' ratios)", roundRatio(gqlList, restList), 0.7, true),
    ratio("p50 list latency, 100,000 ≤ 1.5 × 1,000 products", (large.p50 ?? NaN) / (small.p50 ?? NaN), 1.5, false),
    ratio("GraphQL product detail ≥ 0.8 × REST product detail (req/s, median of the rounds' ratios)", roundRatio(gqlDetail, restDetail), 0.8, true),
    ...PUBLIC_READS.map((r) =>
      ratio(`${r.name} ≥ 0.5 × floor (req/s, median of the rounds' ratios)`, roundRatio(find(`REST GET ${r.path} `), readsFloor), 0.5, true),
    ),
    ratio("product list, 1,000 products, pages uncached ≥ 0.4 × floor (req/s, median of the rounds' ratios)", roundRatio(small, uncachedFloor), 0.4, true),
    ratio("product list while 10 buyers check out ≥ 0.7 × alone (req/s, median of the rounds' ratios)", roundRatio(listBusy, listAlone), 0.7, true),
    {
      name: `SQL statements per guest checkout ≤ ${MAX_CHECKOUT_STATEMENTS}`,
      value: `${checkoutStatements?.statements ?? "n/a"}`,
      pass: checkoutStatements !== undefined && checkoutStatements.statements <= MAX_CHECKOUT_STATEMENTS,
    },
    ratio(`sequential guest checkout ≤ ${MAX_SEQUENTIAL_CHECKOUT_MS} ms (p50 per checkout)`, sequential.p50, MAX_SEQUENTIAL_CHECKOUT_MS, false),
    ratio(`parallel guest checkouts ≥ ${MIN_PARALLEL_CHECKOUTS} checkouts/s with 10 buyers`, parallel.perSecond, MIN_PARALLEL_CHECKOUTS, true),
    { name: `peak server memory ≤ ${MEMORY_CAP_MB} MB`, value: `${fmt(peakRss / MB, 0)} MB`, pass: peakRss / MB <= MEMORY_CAP_MB },
    {
      name: "every scenario answered, no failed requests",
      value: `${rows.reduce((n, r) => n + r.result.failures, 0)} failed`,
      pass: rows.every((r) => r.result.failures === 0 && r.result.perSecond > 0),
    },
  ];

  console.log(
    `\nDatabase: ${POSTGRES ? "PostgreSQL" : "SQLite"}. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), Node ${process.version}, ${fmt(os.totalmem() / 1024 ** 3, 0)} GB RAM. ` +
      `${CONNECTIONS} connections, ${SECONDS} s per scenario after a ${WARMUP_SECONDS} s warm-up; scenarios compared with each other ` +
      `ran interleaved in ${ROUNDS} rounds. ` +
      `Floor body: ${(listBytes ?? 0).toLocaleString("en-US")} bytes (the product list answer). Filter: ${filterDescription ?? "none"}.\n`,
  );
  console.log(table(rows));
  console.log("");
  for (const t of targets) {
    console.log(`${t.pass ? "PASS" : "FAIL"}  ${t.name}: ${t.value}`);
    if (!t.pass) failures.push(t.name);
  }
  console.log(`\nBench took ${Math.round((Date.now() - started) / 1000)} s.`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
