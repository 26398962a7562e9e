// The app as the browser tests see it: built once into its own folder, served by the server `npm start` runs (lib/cli/server.mjs) on a free port
// against its own SQLite file, migrated and seeded with the demo store.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "../../../lib/cli/build.ts";
import { GENEROUS_BUDGETS } from "../../support/budgets.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SERVER = path.join(ROOT, "lib", "cli", "server.mjs");
/** The build folder; E2E_DIST_DIR gives a second checkout of the tests (run beside another) its own. */
export const DIST_DIR = process.env.E2E_DIST_DIR || ".next-e2e";

export function serverEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_SKIP_TYPECHECK: "1",
    NODE_ENV: "production",
    // A direct client, as `npm start` is reached without a proxy: no forwarded header is believed.
    TRUST_PROXY: "",
    // The demo store's offsite method pays on the simulator, which production enables only by name.
    PAYMENT_SIMULATOR: "paypal_standard",
    ...GENEROUS_BUDGETS,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

/** Builds unless the last build of these very sources is still there (a fresh clone, as in CI, always builds). */
export function buildApp(env: NodeJS.ProcessEnv): Promise<"built" | "reused"> {
  return ensureBuild(DIST_DIR, env);
}


export async function startApp(env: NodeJS.ProcessEnv, port: number): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server `npm start` runs (lib/cli/server.mjs: it passes the socket address on), at the origin the browser uses.
  const child: ChildProcess = spawn(process.execPath, [SERVER, String(port), "127.0.0.1"], {
    cwd: ROOT,
    env: { PUBLIC_URL: baseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/shop/docs`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the server did not answer within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
