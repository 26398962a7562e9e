// Headers for browsers: every page answers with a Content-Security-Policy that allows no inline script, refuses
// framing, and says nosniff and a Referrer-Policy; the pages work under it with no violation; the explorer keeps
// no pasted credential; the storefront drops an expired customer token; a storefront whose key an admin switched
// off says so instead of minting a new key.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { serverEnv, startApp } from "./support/server.ts";
import { freshDemoDatabase, removeDatabase } from "../../scripts/support/demo-database.ts";
import { freePort } from "../../scripts/support/free-port.ts";

const PAGES = ["/", "/products", "/account", "/admin", "/api/shop", "/api/admin", "/payment-gateway/not-a-payment"];
const GRAPHIQL = ["/api/graphql", "/api/admin/graphql"];

function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries((policy ?? "").split(/;\s*/).filter(Boolean).map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
}

function expectStrictPolicy(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  const csp = directives(res.headers.get("content-security-policy"));
  expect(csp["script-src"]).toBeDefined();
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  expect(csp["script-src"].some((s) => s.startsWith("'nonce-"))).toBe(true);
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["frame-ancestors"]).toEqual(["'none'"]);
}

/** Collects every CSP violation (the DOM event, and Chromium's console report) from before the first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

describe("headers for browsers", () => {
  const browser = useBrowser();

  it.each(PAGES)("%s answers with the policy and headers", async (p) => {
    const res = await fetch(baseUrl() + p);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectStrictPolicy(res);
    // The nonce is fresh on every answer, and it is on Next's scripts.
    const [nonce] = directives(res.headers.get("content-security-policy"))["script-src"].filter((s) => s.startsWith("'nonce-"));
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce.slice(7, -1)}"`);
    const again = await fetch(baseUrl() + p);
    expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it.each(GRAPHIQL)("GraphiQL at %s answers with its own policy and headers", async (p) => {
    const res = await fetch(baseUrl() + p, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expectStrictPolicy(res);
  });

  it("a JSON answer and a static file say nosniff and a Referrer-Policy too", async () => {
    const json = await fetch(`${baseUrl()}/api/shop/countries`, { headers: { "X-STOREFRONT-KEY": inject("storefrontKey") } });
    expect(json.status).toBe(200);
    expect(json.headers.get("x-content-type-options")).toBe("nosniff");
    expect(json.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = html.match(/\/_next\/static\/[^"]+\.js/)![0];
    const file = await fetch(baseUrl() + asset);
    expect(file.status).toBe(200);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("the storefront works under its policy, and the policy does block inline script", async () => {
    const page = await openPage(browser(), "csp-storefront");
    const violations = await watchViolations(page);
    await page.goto("/");
    await page.getByTestId("product-card").first().waitFor();
    await page.getByTestId("product-card").first().click();
    await page.getByRole("button", { name: "Add to cart" }).waitFor();
    expect(await violations()).toEqual([]);
    // The watch itself: an injected inline handler is refused and reported.
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img src="/nothing-here.png" onerror="window.__ran = 1">`));
    await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/script-src/)]));
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  });

  it("the admin panel's sign-in works under its policy", async () => {
    const page = await openPage(browser(), "csp-admin");
    const violations = await watchViolations(page);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Sign in to the store admin" }).waitFor();
    await page.fill("input[name=email]", "nobody@example.com");
    await page.fill("input[name=password]", "not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    // The form is handled by script (a refused sign-in shows its error in place), so the panel's scripts ran.
    await page.getByRole("alert").waitFor();
    expect(page.url()).toBe(`${baseUrl()}/admin`);
    expect(await violations()).toEqual([]);
  });

  it("Swagger UI works under its policy and keeps no pasted key in the browser's storage", async () => {
    const page = await openPage(browser(), "csp-swagger");
    const violations = await watchViolations(page);
    await page.goto("/api/shop");
    await page.locator(".auth-wrapper button.authorize").click();
    const box = page.locator(".auth-container").first();
    const key = inject("storefrontKey");
    await box.locator("input").fill(key);
    await box.locator("button.authorize").click();
    await page.locator(".modal-ux button.close-modal").click();
    await page.locator("#operations-tag-Catalog").click();
    const operation = page.locator("#operations-Catalog-countries");
    await operation.locator(".opblock-summary-control").click();
    await operation.getByRole("button", { name: "Execute" }).click();
    await operation.locator(".live-responses-table .response-col_status").filter({ hasText: "200" }).first().waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(key);
    expect(await violations()).toEqual([]);
  });

  it.each(GRAPHIQL)("GraphiQL at %s runs its scripts under its policy and keeps no headers", async (p) => {
    const page = await openPage(browser(), `csp-graphiql${p.replaceAll("/", "-")}`);
    const violations = await watchViolations(page);
    // GraphiQL is inlined in the page (tests/e2e/explorers-offline.e2e.ts checks it with the network cut).
    await page.goto(p);
    await page.locator(".graphiql-container").first().waitFor();
    await page.locator(".graphiql-query-editor .monaco-editor").waitFor();
    // A header pasted into the headers editor is not written to the browser's storage.
    await page.getByRole("button", { name: /^headers$/i }).click();
    const headers = page.locator(".graphiql-editor-tool .monaco-editor").last();
    await headers.click();
    await page.keyboard.insertText('{"Authorization": "Bearer pasted-secret-123"}');
    await page.waitForTimeout(1000); // GraphiQL writes its state to storage shortly after an edit
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain("pasted-secret-123");
    expect(await violations()).toEqual([]);
  });

  it("drops a customer token past its expiry, and one stored without an expiry", async () => {
    const page = await openPage(browser(), "customer-token-expiry");
    await page.goto("/account");
    const email = `expiry.${Date.now()}@example.com`;
    await page.fill("input[name=register-firstName]", "Eve");
    await page.fill("input[name=register-lastName]", "Expiry");
    await page.fill("input[name=register-email]", email);
    await page.fill("input[name=register-password]", "Sturdy-Passw0rd!");
    await page.fill("input[name=register-confirmPassword]", "Sturdy-Passw0rd!");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Hello, Eve" }).waitFor();
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem("shop.customerToken")))!);
    expect(saved.token).toEqual(expect.any(String));
    expect(saved.expiresAt - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(saved.expiresAt - Date.now()).toBeLessThanOrEqual(12 * 3600_000);

    // Still signed in after a reload; then the expiry passes.
    await page.reload();
    await page.getByRole("heading", { name: "Hello, Eve" }).waitFor();
    await page.evaluate((s) => localStorage.setItem("shop.customerToken", JSON.stringify({ ...s, expiresAt: Date.now() - 1000 })), saved);
    await page.reload();
    await page.getByRole("button", { name: "Create account" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("shop.customerToken"))).toBeNull();
    // ...and signed out on the server too, so a copy of it is worthless.
    const profile = () =>
      fetch(`${baseUrl()}/api/shop/customer-profile`, { headers: { "X-STOREFRONT-KEY": inject("storefrontKey"), Authorization: `Bearer ${saved.token}` } });
    await expect.poll(async () => (await profile()).status, { timeout: 10_000 }).toBe(401);

    // A bare token, as stored before expiries, is not trusted either.
    await page.evaluate((t) => localStorage.setItem("shop.customerToken", t), saved.token);
    await page.reload();
    await page.getByRole("button", { name: "Create account" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("shop.customerToken"))).toBeNull();
  });
});

describe("a storefront whose key an admin switched off", () => {
  const browser = useBrowser();

  it("says it is switched off and mints no new key", async () => {
    // A second app on its own database, making its own key (the shared app is given STOREFRONT_KEY).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-sf-off-"));
    const databaseUrl = `file:./data/e2e-off-${process.pid}.db`;
    await freshDemoDatabase(databaseUrl, "Browser tests");
    const env: NodeJS.ProcessEnv = { ...serverEnv(databaseUrl), STOREFRONT_KEY_FILE: path.join(dir, "key.txt") };
    delete env.STOREFRONT_KEY;
    const app = await startApp(env, await freePort());
    const { getDb, disconnectDb } = await import("../../lib/db/client.ts");
    try {
      const db = await getDb();
      const page = await openPage(browser(), "storefront-switched-off");
      await page.goto(`${app.baseUrl}/`);
      await page.getByTestId("product-card").first().waitFor();
      const mine = await db.storefrontKey.findFirstOrThrow({ where: { name: "Reference storefront" } });

      const { issueIntegrationToken } = await import("../../lib/integrations/tokens.ts");
      const owner = await db.adminUser.findFirstOrThrow({ where: { isOwner: true } });
      const { token } = await issueIntegrationToken(db, { name: "e2e switch-off", adminId: owner.id });
      const res = await fetch(`${app.baseUrl}/api/admin/settings/storefront-keys/${mine.id}/deactivate`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
        body: "{}",
      });
      expect(res.status).toBeLessThan(300);

      const before = await db.storefrontKey.count();
      await page.goto(`${app.baseUrl}/`);
      await page.getByRole("heading", { name: "This storefront is switched off" }).waitFor();
      expect(await page.getByTestId("storefront-off").textContent()).toContain("deactivated by an administrator");
      await page.goto(`${app.baseUrl}/products`);
      await page.getByRole("heading", { name: "This storefront is switched off" }).waitFor();
      expect(await db.storefrontKey.count()).toBe(before);
      expect(await db.storefrontKey.count({ where: { status: "active", name: "Reference storefront" } })).toBe(0);
    } finally {
      await app.stop();
      await disconnectDb();
      removeDatabase(databaseUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
