// Applies the migrations of the current provider with Prisma's CLI (a runtime dependency, so production
// needs no dev toolchain). The CLI reads prisma.config.ts, which picks the schema from DATABASE_URL.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function prismaCli(args: string[], env: NodeJS.ProcessEnv = process.env): { ok: boolean; output: string } {
  const bin = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
  const res = spawnSync(process.execPath, [bin, ...args], { env, encoding: "utf8", cwd: process.cwd() });
  return { ok: res.status === 0, output: `${res.stdout ?? ""}${res.stderr ?? ""}` };
}

export function migrate(env: NodeJS.ProcessEnv = process.env): void {
  const res = prismaCli(["migrate", "deploy"], env);
  if (!res.ok) throw new Error(`Migration failed:\n${res.output}`);
}
