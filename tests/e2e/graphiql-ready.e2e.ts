// GraphiQL is ready on first load (issue 36 item 3): the Shop page opens on an example query whose first run, with
// the storefront key in the headers (filled in a development start; this production build shows a placeholder, so
// the test pastes the key it made, as a person would), answers data; the Admin page says where the token goes; an
// empty document's error is one line; each page keeps its own saved tabs.
import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { expect, openPage, useBrowser } from "./support/browser.ts";

async function replaceEditor(page: Page, editor: ReturnType<Page["locator"]>, text: string) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  if (text) await page.keyboard.insertText(text);
}

const responseText = async (page: Page) => (await page.locator(".graphiql-response").textContent()) ?? "";

describe("GraphiQL on first load", () => {
  const browser = useBrowser();

  it("Shop: the default document's first run, with the storefront key in the headers, answers products", async () => {
    const page = await openPage(browser(), "graphiql-ready-shop");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/api/graphql", { waitUntil: "load" });
    const query = page.locator(".graphiql-query-editor .monaco-editor");
    await query.waitFor();
    await expect.poll(async () => (await query.textContent()) ?? "").toMatch(/query\s*FirstProducts/);
    await page.getByRole("button", { name: /^headers$/i }).click();
    const headers = page.locator(".graphiql-editor-tool .monaco-editor").last();
    await headers.waitFor();
    await expect.poll(async () => (await headers.textContent()) ?? "").toMatch(/X-STOREFRONT-KEY/);
    if (/paste\s*a\s*storefront\s*key/.test((await headers.textContent()) ?? "")) {
      await replaceEditor(page, headers, JSON.stringify({ "X-STOREFRONT-KEY": inject("storefrontKey") }));
    }
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toMatch(/"totalCount":\s*\d+/);
    expect(await responseText(page)).toMatch(/"sku":\s*"/);
    expect(await responseText(page)).not.toMatch(/"errors"/);
    expect(errors).toEqual([]);

    // An empty document: the server's one-line answer, no stack trace.
    await replaceEditor(page, query, "# nothing to run");
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(() => responseText(page)).toMatch(/Syntax\sError|Must\sprovide\squery\sstring/);
    expect(await responseText(page)).not.toMatch(/stack|\bat \w+ \(/);

    // The Shop page's tabs are kept under its own name.
    const keys = () => page.evaluate(() => Object.keys(localStorage));
    await expect.poll(async () => (await keys()).some((k) => k.startsWith("/api/graphql:graphiql:"))).toBe(true);
    expect((await keys()).filter((k) => k.startsWith("graphiql:"))).toEqual([]);
  });

  it("Admin: the default document and headers say where the token goes, and the tabs are not the Shop's", async () => {
    const page = await openPage(browser(), "graphiql-ready-admin");
    await page.goto("/api/admin/graphql", { waitUntil: "load" });
    const query = page.locator(".graphiql-query-editor .monaco-editor");
    await query.waitFor();
    await expect.poll(async () => (await query.textContent()) ?? "").toMatch(/needs\s*an\s*integration\s*token/);
    await page.getByRole("button", { name: /^headers$/i }).click();
    const headers = page.locator(".graphiql-editor-tool .monaco-editor").last();
    await expect.poll(async () => (await headers.textContent()) ?? "").toMatch(/Bearer\s*<paste\s*an\s*integration\s*token>/);
    // Run as it is: the refusal is one line.
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(() => responseText(page)).toMatch(/unauthenticated|integration token/i);
    expect(await responseText(page)).not.toMatch(/stack/);
    const keys = () => page.evaluate(() => Object.keys(localStorage));
    await expect.poll(async () => (await keys()).some((k) => k.startsWith("/api/admin/graphql:graphiql:"))).toBe(true);
    expect((await keys()).filter((k) => k.startsWith("/api/graphql:") || k.startsWith("graphiql:"))).toEqual([]);
  });
});
