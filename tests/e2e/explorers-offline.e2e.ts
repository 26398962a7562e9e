// The explorers work with the network cut: every request to a host other than the app's own is refused (and
// recorded), and both GraphiQL pages and both Swagger UI explorers still come up and work, with no request to
// another host attempted and no Content-Security-Policy violation.
import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";

/** A page that can reach the app's origin only; returns what it saw: requests to other hosts, CSP violations, errors. */
async function offlinePage(page: Page) {
  const origin = new URL(baseUrl()).origin;
  const elsewhere: string[] = [];
  const violations: string[] = [];
  const errors: string[] = [];
  await page.context().route("**/*", (route) => {
    const url = route.request().url();
    // blob: and data: URLs never reach the router; anything else off the app's origin is the network.
    if (new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort("internetdisconnected");
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => ({
    elsewhere,
    violations: [...violations, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))],
    errors,
  });
}

describe("explorers with the network cut", () => {
  const browser = useBrowser();

  it.each(["/api/graphql", "/api/admin/graphql"])("GraphiQL at %s comes up with its editor", async (path) => {
    const page = await openPage(browser(), `offline-graphiql${path.replaceAll("/", "-")}`);
    const seen = await offlinePage(page);
    await page.goto(path, { waitUntil: "load" });
    await page.locator(".graphiql-container").first().waitFor();
    await page.locator(".graphiql-query-editor .monaco-editor").waitFor();
    await page.locator(".graphiql-execute-button").waitFor();
    expect(await seen()).toEqual({ elsewhere: [], violations: [], errors: [] });
  });

  it("GraphiQL on the Shop endpoint runs { __typename } with the storefront key", async () => {
    const page = await openPage(browser(), "offline-graphiql-run");
    const seen = await offlinePage(page);
    const sent: Record<string, string>[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/graphql") sent.push(r.headers());
    });
    await page.goto("/api/graphql", { waitUntil: "load" });
    const query = page.locator(".graphiql-query-editor .monaco-editor");
    await query.waitFor();
    await query.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText("{ __typename }");
    // The key goes in the headers editor, as a person would paste it.
    await page.getByRole("button", { name: /^headers$/i }).click();
    const headers = page.locator(".graphiql-editor-tool .monaco-editor").last();
    await headers.waitFor();
    await headers.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(JSON.stringify({ "X-STOREFRONT-KEY": inject("storefrontKey") }));
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(async () => (await page.locator(".graphiql-response").textContent()) ?? "").toMatch(/"__typename":\s*"Query"/);
    expect(sent.some((h) => h["x-storefront-key"] === inject("storefrontKey"))).toBe(true);
    expect(await seen()).toEqual({ elsewhere: [], violations: [], errors: [] });
  });

  it.each([
    ["/api/shop", "Catalog", "countries"],
    ["/api/admin", "Settings", "adminIntegrationTokens"],
  ])("Swagger UI at %s lists its operations and opens one", async (path, tag, operationId) => {
    const page = await openPage(browser(), `offline-swagger${path.replaceAll("/", "-")}`);
    const seen = await offlinePage(page);
    await page.goto(path, { waitUntil: "load" });
    await page.locator(".swagger-ui .opblock-tag-section").first().waitFor();
    expect(await page.locator(".swagger-ui .opblock-tag-section").count()).toBeGreaterThan(1);
    await page.locator(`#operations-tag-${tag}`).click();
    const operation = page.locator(`#operations-${tag}-${operationId}`);
    await operation.locator(".opblock-summary-control").click();
    await operation.getByRole("button", { name: "Execute" }).waitFor();
    expect(await seen()).toEqual({ elsewhere: [], violations: [], errors: [] });
  });
});
