// Production builds of the app. Each build folder (NEXT_DIST_DIR) keeps a stamp of the sources it was made from,
// so `npm start` after a change (a pull, an edit) builds again, and a start without one serves what is there. The
// browser tests, the production suite and the bench keep builds of their own the same way.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
/** The file in a build folder that holds the sourceHash() it was built from. */
const STAMP = "sources.sha256";
const SOURCE_DIRS = ["app", "lib", "public"];
const SOURCE_FILES = ["package-lock.json", "next.config.mjs", "tsconfig.json", "tsconfig.build.json", "instrumentation.ts", "proxy.ts", "prisma/schema.prisma"];

/** What a build depends on: the app and library sources, the schema, the lockfile and the build settings. */
export function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = path.join(dir, entry.name);
      // The generated Prisma clients follow from the schema, which is hashed itself.
      if (rel === path.join("lib", "generated")) continue;
      if (entry.isDirectory()) walk(rel);
      else hash.update(rel).update(fs.readFileSync(path.join(ROOT, rel)));
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  for (const file of SOURCE_FILES) {
    if (fs.existsSync(path.join(ROOT, file))) hash.update(file).update(fs.readFileSync(path.join(ROOT, file)));
  }
  return hash.digest("hex");
}

/** Whether `dist` holds a build of the current sources. */
export function isCurrentBuild(dist: string, hash = sourceHash()): boolean {
  const stamp = path.join(ROOT, dist, STAMP);
  return fs.existsSync(path.join(ROOT, dist, "BUILD_ID")) && fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === hash;
}

/**
 * Builds into `dist` unless it holds a build of the current sources already. `show` streams the build's output
 * (an operator watching `npm start`); otherwise it is kept and shown only when the build fails.
 */
export async function ensureBuild(dist: string, env: NodeJS.ProcessEnv, opts: { show?: boolean } = {}): Promise<"built" | "reused"> {
  const hash = sourceHash();
  if (isCurrentBuild(dist, hash)) return "reused";
  const child = spawn(process.execPath, [NEXT_BIN, "build"], {
    cwd: ROOT,
    env: { ...env, NEXT_DIST_DIR: dist, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: opts.show ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`next build failed${output ? `:\n${output}` : "."}`);
  fs.writeFileSync(path.join(ROOT, dist, STAMP), hash);
  return "built";
}
