// How the browser tests pick their Chromium (tests/e2e/support/find-browser.ts), over fake machines: every probe is
// injected, so nothing here looks at this machine's files or installs anything.
import { describe, expect, it } from "vitest";
import { BrowserUnavailable, findBrowser, NEED_CHROMIUM, type BrowserProbes, type Env } from "../e2e/support/find-browser.ts";

const PLAYWRIGHT = "/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";

interface Machine {
  files?: string[];
  env?: Env;
  uid?: number;
  /** Files a command creates when it succeeds, by its first argument after the program (e.g. "install"); absent: it fails. */
  installs?: Record<string, string[]>;
}

/** A fake machine: its files, its environment, and a record of the commands run and the lines said. */
function machine(m: Machine) {
  const files = new Set(m.files ?? []);
  const ran: string[] = [];
  const said: string[] = [];
  const probes: BrowserProbes = {
    exists: (file) => files.has(file),
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", ...m.env },
    uid: m.uid,
    playwrightChromium: () => PLAYWRIGHT,
    run: async (command, args, env) => {
      const line = [command.endsWith("apt-get") ? "apt-get" : "playwright", ...args.filter((a) => !a.endsWith("cli.js"))].join(" ");
      ran.push(command.endsWith("apt-get") ? `${line} (DEBIAN_FRONTEND=${env.DEBIAN_FRONTEND})` : line);
      const made = m.installs?.[line];
      if (!made) return false;
      made.forEach((f) => files.add(f));
      return true;
    },
    say: (line) => said.push(line),
    logFile: "/repo/test-results/browser-install.log",
  };
  return { probes, ran, said };
}

const APT = { "apt-get update": [], "apt-get install -y chromium": ["/usr/bin/chromium"] };
const PW = { "playwright install --no-shell chromium": [PLAYWRIGHT] };

describe("finding the browser for the browser tests", () => {
  it.each<[string, Machine, string]>([
    ["CHROMIUM_PATH wins over everything", { env: { CHROMIUM_PATH: "/opt/chrome/chrome" }, files: ["/opt/chrome/chrome", PLAYWRIGHT, "/usr/bin/chromium"] }, "/opt/chrome/chrome"],
    ["a Playwright-installed Chromium comes before the system's", { files: [PLAYWRIGHT, "/usr/bin/chromium"] }, PLAYWRIGHT],
    ["the system Chromium", { files: ["/usr/bin/chromium"] }, "/usr/bin/chromium"],
    ["Ubuntu's chromium-browser", { files: ["/usr/bin/chromium-browser"] }, "/usr/bin/chromium-browser"],
    ["Google Chrome", { files: ["/usr/bin/google-chrome"] }, "/usr/bin/google-chrome"],
    ["a chromium on PATH", { files: ["/usr/local/bin/chromium"] }, "/usr/local/bin/chromium"],
  ])("%s, installing nothing", async (_, m, expected) => {
    const { probes, ran, said } = machine({ uid: 0, installs: { ...APT, ...PW }, ...m, files: [...(m.files ?? []), "/usr/bin/apt-get"] });
    expect(await findBrowser(probes)).toBe(expected);
    expect(ran).toEqual([]);
    expect(said).toEqual([]);
  });

  it("a CHROMIUM_PATH that does not exist is an error naming it, even with a browser elsewhere", async () => {
    const { probes, ran } = machine({ env: { CHROMIUM_PATH: "/opt/nope/chrome" }, files: ["/usr/bin/chromium"] });
    const error = await findBrowser(probes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserUnavailable);
    expect((error as Error).message).toBe("CHROMIUM_PATH is set to /opt/nope/chrome, which does not exist.");
    expect(ran).toEqual([]);
  });

  it("nothing found, root with apt-get: installs Debian's chromium and uses it", async () => {
    const { probes, ran, said } = machine({ uid: 0, files: ["/usr/bin/apt-get"], installs: APT });
    expect(await findBrowser(probes)).toBe("/usr/bin/chromium");
    expect(ran).toEqual(["apt-get update (DEBIAN_FRONTEND=noninteractive)", "apt-get install -y chromium (DEBIAN_FRONTEND=noninteractive)"]);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/installing Debian's chromium package with apt-get \(log: \/repo\/test-results\/browser-install\.log\)/);
  });

  it("nothing found, root but apt-get fails: falls back to Playwright's installer", async () => {
    const { probes, ran } = machine({ uid: 0, files: ["/usr/bin/apt-get"], installs: { "apt-get update": [], ...PW } });
    expect(await findBrowser(probes)).toBe(PLAYWRIGHT);
    expect(ran).toEqual(["apt-get update (DEBIAN_FRONTEND=noninteractive)", "apt-get install -y chromium (DEBIAN_FRONTEND=noninteractive)", "playwright install --no-shell chromium"]);
  });

  it("nothing found, not root: Playwright's installer, and its Chromium", async () => {
    const { probes, ran, said } = machine({ uid: 1000, files: ["/usr/bin/apt-get"], installs: PW });
    expect(await findBrowser(probes)).toBe(PLAYWRIGHT);
    expect(ran).toEqual(["playwright install --no-shell chromium"]);
    expect(said).toEqual(["Browser tests: no Chromium found, downloading Playwright's Chromium (log: /repo/test-results/browser-install.log)..."]);
  });

  it.each<[string, Machine]>([
    ["not root, the download blocked", { uid: 1000, files: ["/usr/bin/apt-get"] }],
    ["root without apt-get, the download blocked", { uid: 0 }],
    ["root, apt-get and the download both failing", { uid: 0, files: ["/usr/bin/apt-get"] }],
    ["no uid (not POSIX)", {}],
  ])("nothing found and nothing installable (%s): one line saying what to install", async (_, m) => {
    const { probes, ran } = machine(m);
    const error = await findBrowser(probes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserUnavailable);
    expect((error as Error).message).toBe(`${NEED_CHROMIUM} Install attempts are logged in /repo/test-results/browser-install.log.`);
    expect((error as Error).message).not.toContain("\n");
    expect(ran.at(-1)).toBe("playwright install --no-shell chromium");
    expect(ran.some((r) => r.startsWith("apt-get"))).toBe(m.uid === 0 && !!m.files?.includes("/usr/bin/apt-get"));
  });
});
