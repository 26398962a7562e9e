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
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "lib/cli/main.ts", ...args], { cwd: ROOT, env: { ...process.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, lastLine: stdout.trimEnd().split("\n").at(-1) ?? "" }));
  });
}
