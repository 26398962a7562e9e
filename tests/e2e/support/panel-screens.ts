// What every panel screen is held to in the browser tests: signed in through the form, no serious or critical axe
// violation, and a screenshot kept in test-results/panel/ (CI keeps test-results/ as an artifact) so a person can
// look at each screen. axe-core is evaluated through the DevTools protocol, which the page's CSP does not govern.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const SHOTS = path.resolve(import.meta.dirname, "../../../test-results/panel");
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const OWNER = { email: "admin@example.com", password: "Lantern-Orbit-Meadow-7" };

/** Opens `url` (a panel path), signs in on the form it shows, and waits for the screen's level-1 heading. */
export async function signInTo(page: Page, url: string, heading: string | RegExp, who = OWNER) {
  await page.goto(url);
  await page.fill("input[name=email]", who.email);
  await page.fill("input[name=password]", who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** The page's serious and critical accessibility violations, as axe-core finds them (WCAG 2.x A and AA). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

/** Keeps a full-page screenshot of the screen as test-results/panel/<name>.png. */
export async function keepScreenshot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name.replace(/[^\w-]+/g, "-")}.png`), fullPage: true });
}

/** Both at once: the screen's screenshot, then its axe check (returns the violations to assert empty). */
export async function inspectScreen(page: Page, name: string): Promise<AxeViolation[]> {
  await keepScreenshot(page, name);
  return seriousViolations(page);
}
