// Real instances of the built app, each the server `npm start` runs (lib/cli/server.mjs), for the scale-out,
// shutdown and crash tests. The build is the one the browser tests made when it is of these very sources
// (lib/cli/build.ts stamps each build, so CI builds once); otherwise this suite builds into its own folder, never into one another suite may be serving from.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { DIST_DIR as E2E_DIST } from "../../e2e/support/server.ts";
import { ensureBuild, isCurrentBuild } from "../../../lib/cli/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SERVER = path.join(ROOT, "lib", "cli", "server.mjs");
const OWN_DIST = ".next-prod";

/** The folder of a production build of the current sources, building one (about 2.5 minutes) when none is. */
export async function productionBuild(): Promise<{ dist: string; built: boolean }> {
  if (isCurrentBuild(E2E_DIST)) return { dist: E2E_DIST, built: false };
  const env = { ...process.env, NODE_ENV: "production", NEXT_SKIP_TYPECHECK: "1" } as NodeJS.ProcessEnv;
  return { dist: OWN_DIST, built: (await ensureBuild(OWN_DIST, env)) === "built" };
}

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  /** Everything the process printed (JSON log lines, Next.js' own lines). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then the exit. */
  stop(): Promise<void>;
}

/** Starts the server on `port` with `env` and waits until it answers. Its own process group, so SIGKILL takes all of it. */
export async function startInstance(name: string, dist: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child: ChildProcess = spawn(process.execPath, [SERVER, String(port), "127.0.0.1"], {
    cwd: ROOT,
    // PAYMENT_SIMULATOR: the demo store's offsite method pays on the simulator, which production enables only by name.
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: dist, PAYMENT_SIMULATOR: "paypal_standard", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited while starting:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`${name} did not answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const signal = (s: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGKILL takes the whole group (no child may outlive a crash); SIGTERM goes to the server, as an orchestrator sends it.
    if (s === "SIGKILL") process.kill(-child.pid!, s);
    else child.kill(s);
  };
  return {
    name,
    port,
    baseUrl,
    output: () => output,
    exited,
    signal,
    async stop() {
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A JSON call to an instance; never throws for an HTTP status, only for a broken connection. */
export async function request(baseUrl: string, method: string, path: string, opts: { key?: string; bearer?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  if (opts.key) headers["X-STOREFRONT-KEY"] = opts.key;
  if (opts.bearer) headers.Authorization = `Bearer ${opts.bearer}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(baseUrl + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}
