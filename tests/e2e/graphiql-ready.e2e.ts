// GraphiQL is ready on first load (issue 36 item 3): the Shop page opens on an example query whose first run, with
// the storefront key in the headers, answers data: in a development start the key is filled in (a second server from
// the same build, without PUBLIC_URL), in this production start the page shows a placeholder and the test pastes the
// key it made, as a person would. The Admin page says where the token goes and loads the schema once one is pasted;
// an empty document's error is one line; each page keeps its own saved tabs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { expect, openPage, useBrowser } from "./support/browser.ts";
import { panelCall } from "./support/panel.ts";
import { serverEnv, startApp } from "./support/server.ts";
import { freshDemoDatabase, removeDatabase } from "../../scripts/support/demo-database.ts";
import { freePort } from "../../scripts/support/free-port.ts";

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

  it("Shop, in a development start: the demo store's key is in the headers, and the first run as it opens answers products", async () => {
    const page = await openPage(browser(), "graphiql-ready-shop-development");
    await page.goto(`${developmentApp.baseUrl}/api/graphql`, { waitUntil: "load" });
    const query = page.locator(".graphiql-query-editor .monaco-editor");
    await query.waitFor();
    await expect.poll(async () => (await query.textContent()) ?? "").toMatch(/holds\s*the\s*demo\s*store's\s*key/);
    await page.getByRole("button", { name: /^headers$/i }).click();
    const headers = page.locator(".graphiql-editor-tool .monaco-editor").last();
    await expect.poll(async () => (await headers.textContent()) ?? "").toContain(developmentKey);
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toMatch(/"totalCount":\s*\d+/);
    expect(await responseText(page)).not.toMatch(/"errors"/);
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

    // A token pasted into the headers: the document answers data, and the schema (refused without a token) loads.
    const headersEditor = page.locator(".graphiql-editor-tool .monaco-editor").last();
    const schemaLoaded = page.waitForResponse(
      async (r) => (r.request().postData() ?? "").includes("IntrospectionQuery") && r.ok() && JSON.stringify(await r.json().catch(() => null)).includes("__schema"),
      { timeout: 20_000 },
    );
    const issued = await integrationToken();
    await replaceEditor(page, headersEditor, JSON.stringify({ Authorization: `Bearer ${issued.token}` }));
    await page.locator(".graphiql-execute-button").click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toMatch(/"adminChannels"[\s\S]*"totalCount":\s*\d+/);
    await schemaLoaded;
    await page.getByRole("button", { name: /show documentation explorer/i }).click();
    const docs = page.locator(".graphiql-doc-explorer");
    await docs.getByText("Query", { exact: true }).first().click();
    await docs.getByText("adminChannels").first().waitFor();
    // The run's other tests start from the owner's token list as it was.
    expect(await issued.remove()).toBe(200);
  });
});

/** A token for the Admin GraphiQL, issued through the panel's session as a person would in Integration tokens. */
async function integrationToken(): Promise<{ token: string; remove: () => Promise<number> }> {
  const signIn = await panelCall("session", { method: "POST", body: { email: "admin@example.com", password: "Lantern-Orbit-Meadow-7" } });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
  const session = await panelCall("session", { cookie });
  const issued = await panelCall("settings/integrations", {
    method: "POST",
    cookie,
    csrf: session.body?.csrfToken,
    origin: new URL(signIn.res.url).origin,
    body: { name: "GraphiQL", scope: "all" },
  });
  expect(issued.status).toBe(201);
  const remove = async () =>
    (await panelCall(`settings/integrations/${issued.body?.id}`, { method: "DELETE", cookie, csrf: session.body?.csrfToken, origin: new URL(signIn.res.url).origin })).status;
  return { token: issued.body?.token as string, remove };
}

let developmentApp: Awaited<ReturnType<typeof startApp>>;
let developmentKey: string;
const developmentDatabase = `file:./data/e2e-graphiql-development-${process.pid}.db`;
const keyFolder = fs.mkdtempSync(path.join(os.tmpdir(), "demo-key-"));

beforeAll(async () => {
  // What `npm start` does on a development machine: the demo store, its key written to the key file, no PUBLIC_URL.
  developmentKey = await freshDemoDatabase(developmentDatabase, "Demo storefront");
  const keyFile = path.join(keyFolder, "demo-storefront-key.txt");
  fs.writeFileSync(keyFile, `${developmentKey}\n`);
  developmentApp = await startApp({ ...serverEnv(developmentDatabase), PUBLIC_URL: "", DEMO_STOREFRONT_KEY_FILE: keyFile }, await freePort());
});

afterAll(async () => {
  await developmentApp?.stop();
  removeDatabase(developmentDatabase);
  fs.rmSync(keyFolder, { recursive: true, force: true });
});
