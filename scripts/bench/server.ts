// The production server under test: `next start` from the bench's own build folder, on its own database, with
// the floor route enabled (BENCH=1) and a rate budget no bench can spend. Its memory is the resident set of
// its whole process tree, sampled from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../support/free-port.ts";

export const DIST_DIR = ".next-bench";
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");

/**
 * The heap cap a deployment gives the server (README, Performance). Without one, V8 sizes the heap for the whole
 * machine and lets garbage pile up to about twice the live heap before it collects.
 */
export const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 256);

export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--max-old-space-size=${HEAP_MB}`].filter(Boolean).join(" "),
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: DIST_DIR,
    NODE_ENV: "production",
    BENCH: "1",
    STOREFRONT_RATE_LIMIT: "100000000",
    RATE_LIMIT_WINDOW_SECONDS: "3600",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
}


/** Resident memory (bytes) of `pid` and all its descendants. */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      /* ended */
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

export class BenchServer {
  private peak = 0;
  private windowPeak = 0;
  private sampler: NodeJS.Timeout | null = null;
  private constructor(readonly child: ChildProcess, readonly url: string, readonly logFile: string) {}

  /** `label` tells apart the logs of two servers on one database (e.g. "redis"). */
  static async start(databaseUrl: string, extraEnv: Record<string, string> = {}, label = ""): Promise<BenchServer> {
    const port = await freePort();
    // Its output goes to a file, as a deployment's would: a pipe to this process would take CPU from the server.
    const suffix = `${label ? `-${label}` : ""}-server.log`;
    const logFile = databaseUrl.startsWith("file:")
      ? path.resolve(databaseUrl.slice("file:".length).replace(/\.db$/, "") + suffix)
      : path.resolve("data", `${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}${suffix}`);
    const out = fs.openSync(logFile, "w");
    const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
      env: serverEnv(databaseUrl, extraEnv),
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    const server = new BenchServer(child, `http://127.0.0.1:${port}`, logFile);
    await server.waitReady();
    server.sampler = setInterval(() => server.sample(), 100);
    server.sampler.unref();
    return server;
  }

  private async waitReady(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`The server exited (${this.child.exitCode}):\n${this.log}`);
      try {
        const res = await fetch(`${this.url}/api/bench/floor?bytes=16`);
        if (res.ok) return;
        throw new Error(`The floor route answered ${res.status}: is ${DIST_DIR} an old build?`);
      } catch (e) {
        if (e instanceof Error && e.message.startsWith("The floor route")) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    throw new Error(`The server did not start within 60 s:\n${this.log}`);
  }

  sample(): number {
    const rss = treeRss(this.child.pid!);
    this.peak = Math.max(this.peak, rss);
    this.windowPeak = Math.max(this.windowPeak, rss);
    return rss;
  }

  /** Peak resident memory since the last call (or since the start), in bytes. */
  takeWindowPeak(): number {
    this.sample();
    const peak = this.windowPeak;
    this.windowPeak = 0;
    return peak;
  }

  get peakRss(): number {
    return this.peak;
  }

  /** The end of the server's output. */
  get log(): string {
    try {
      return fs.readFileSync(this.logFile, "utf8").slice(-4_000);
    } catch {
      return "";
    }
  }

  async stop(): Promise<void> {
    if (this.sampler) clearInterval(this.sampler);
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
