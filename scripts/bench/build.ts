// The bench serves a production build of its own (.next-bench), so it never replaces the build `npm start`
// serves. It is rebuilt when missing or older than any source file it is made from.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DIST_DIR, serverEnv } from "./server.ts";

const SOURCES = ["app", "lib", "public", "next.config.mjs", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why a build is needed, or null when the one in DIST_DIR is current. */
export function staleBuild(): string | null {
  const buildId = path.join(DIST_DIR, "BUILD_ID");
  if (!fs.existsSync(buildId)) return `no build in ${DIST_DIR}`;
  const built = fs.statSync(buildId).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(s) > built);
  return changed ? `${changed} changed since the last bench build` : null;
}

export function build(): void {
  const next = path.join("node_modules", "next", "dist", "bin", "next");
  // `npm run typecheck` checks the types; the bench only needs the build.
  const env = { ...serverEnv("file:./data/bench.db"), NODE_OPTIONS: process.env.NODE_OPTIONS ?? "", NEXT_SKIP_TYPECHECK: "1" };
  const res = spawnSync(process.execPath, [next, "build"], { env, stdio: "inherit" });
  if (res.status !== 0) throw new Error("next build failed.");
}
