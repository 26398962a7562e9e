// Chromium driven by playwright-core: the one the global setup found or installed (tests/e2e/support/find-browser.ts);
// a failing test leaves a full-page screenshot in test-results/.
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, onTestFailed, expect } from "vitest";

const RESULTS = path.resolve(import.meta.dirname, "../../../test-results");

export const baseUrl = () => inject("baseUrl");

/** One browser per test file, closed after it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject("chromiumPath"),
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** A fresh browser context (no cookies, no storage) with a page on the app; call inside a test. */
export async function openPage(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  onTestFailed(async () => {
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `${name.replace(/[^\w-]+/g, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.log(`Screenshot of the failure: ${file}`);
  });
  return page;
}

/** Fills the checkout's billing address. */
export async function fillAddress(page: Page, who: { firstName?: string; lastName?: string; email?: string }) {
  if (who.firstName) await page.fill("input[name=billingFirstName]", who.firstName);
  if (who.lastName) await page.fill("input[name=billingLastName]", who.lastName);
  if (who.email) await page.fill("input[name=billingEmail]", who.email);
  await page.fill("input[name=billingAddress]", "12 Market Street");
  await page.fill("input[name=billingCity]", "San Francisco");
  await page.fill("input[name=billingPostcode]", "94103");
  await page.selectOption("select[name=billingCountry]", "US");
  await page.selectOption("select[name=billingState]", "CA");
}

export { expect };
