// The operator command line as an operator runs it: `npx tsx lib/cli/main.ts …` in the project folder, with this
// process's environment (the test database among it).
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last line printed: where commands print the one value a script wants (a key, an id). */
  lastLine: string;
}

export function cli(...args: string[]): Promise<Run> {
  return run("npx", ["tsx", "lib/cli/main.ts", ...args], ROOT, { ...process.env });
}

/**
 * `node --import tsx lib/cli/main.ts …` as `npm start` runs it, in `cwd` (a folder of the test's own, to see what a
 * refused command wrote there), with `env` over this process's environment (undefined removes a variable).
 */
export function cliIn(opts: { cwd?: string; env?: Record<string, string | undefined> }, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const loader = path.join(ROOT, "node_modules", "tsx", "dist", "loader.mjs");
  return run(process.execPath, ["--import", loader, path.join(ROOT, "lib", "cli", "main.ts"), ...args], opts.cwd ?? ROOT, env);
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, lastLine: stdout.trimEnd().split("\n").at(-1) ?? "" }));
  });
}
