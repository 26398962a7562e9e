// Which Chromium the browser tests drive, installing one when the machine has none, so that `npm install && npm test`
// passes on a fresh machine. Every probe of the outside world comes in as a parameter: the unit test
// (tests/api/find-browser.test.ts) runs the whole decision over fake filesystems and never installs anything.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium } from "playwright-core";

export const NEED_CHROMIUM =
  "Browser tests need Chromium: install it (apt-get install chromium, or npx playwright install chromium) or set CHROMIUM_PATH.";

/** The one-line reason the browser suite cannot run; global setup prints its message alone, without a stack. */
export class BrowserUnavailable extends Error {
  override name = "BrowserUnavailable";
}

/** The environment as read here (no variable is required, unlike NodeJS.ProcessEnv's NODE_ENV under Next's types). */
export type Env = Record<string, string | undefined>;

export interface BrowserProbes {
  exists(file: string): boolean;
  env: Env;
  /** process.getuid?.(): undefined off POSIX. */
  uid: number | undefined;
  /** Where playwright-core's registry puts its Chromium (installed or not); undefined when it knows none for this platform. */
  playwrightChromium(): string | undefined;
  /** Runs a command to its end, output to the install log; true when it exits 0. */
  run(command: string, args: string[], env: Env): Promise<boolean>;
  /** One line for the person running the tests. */
  say(line: string): void;
  /** Where run() writes, named in the failure line. */
  logFile?: string;
}

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const PATH_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function playwrightChromium(p: BrowserProbes): string | undefined {
  const file = p.playwrightChromium();
  return file && p.exists(file) ? file : undefined;
}

function systemChromium(p: BrowserProbes): string | undefined {
  const onPath = (p.env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .flatMap((dir) => PATH_NAMES.map((name) => path.join(dir, name)));
  return [...SYSTEM_PATHS, ...onPath].find((file) => p.exists(file));
}

/** CHROMIUM_PATH, then a Playwright-installed Chromium, then the system's; else installs one or throws BrowserUnavailable. */
export async function findBrowser(p: BrowserProbes): Promise<string> {
  const chosen = p.env.CHROMIUM_PATH;
  if (chosen) {
    if (!p.exists(chosen)) throw new BrowserUnavailable(`CHROMIUM_PATH is set to ${chosen}, which does not exist.`);
    return chosen;
  }
  const found = playwrightChromium(p) ?? systemChromium(p);
  if (found) return found;

  const where = p.logFile ? ` (log: ${p.logFile})` : "";
  // Debian's own package as root: no download from outside the distribution's mirrors, and its libraries come along.
  if (p.uid === 0 && p.exists("/usr/bin/apt-get")) {
    p.say(`Browser tests: no Chromium found, installing Debian's chromium package with apt-get${where}...`);
    const env = { ...p.env, DEBIAN_FRONTEND: "noninteractive" };
    if ((await p.run("/usr/bin/apt-get", ["update"], env)) && (await p.run("/usr/bin/apt-get", ["install", "-y", "chromium"], env))) {
      const installed = systemChromium(p);
      if (installed) return installed;
    }
  }
  // Playwright's own download (the full browser only: the tests launch it by path, never the headless shell).
  p.say(`Browser tests: no Chromium found, downloading Playwright's Chromium${where}...`);
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve("playwright-core/package.json")), "cli.js");
  if (await p.run(process.execPath, [cli, "install", "--no-shell", "chromium"], p.env)) {
    const installed = playwrightChromium(p);
    if (installed) return installed;
  }
  throw new BrowserUnavailable(NEED_CHROMIUM + (p.logFile ? ` Install attempts are logged in ${p.logFile}.` : ""));
}

/** The probes of this machine; install output goes to logFile. */
export function machineProbes(logFile: string): BrowserProbes {
  return {
    exists: (file) => fs.existsSync(file),
    env: process.env,
    uid: process.getuid?.(),
    playwrightChromium: () => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined; // a platform Playwright ships no Chromium for
      }
    },
    run: (command, args, env) =>
      new Promise((resolve) => {
        fs.mkdirSync(path.dirname(logFile), { recursive: true });
        const out = fs.openSync(logFile, "a");
        fs.writeSync(out, `$ ${command} ${args.join(" ")}\n`);
        let done = false;
        const finish = (ok: boolean) => {
          if (done) return;
          done = true;
          fs.closeSync(out);
          resolve(ok);
        };
        // Typed as the process environment without a cast (Next's generated types, when present, require NODE_ENV).
        const child = spawn(command, args, { env: Object.assign({}, process.env, env), stdio: ["ignore", out, out] });
        child.once("error", () => finish(false));
        child.once("exit", (code) => finish(code === 0));
      }),
    say: (line) => console.log(line),
    logFile,
  };
}
