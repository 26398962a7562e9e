// Issue 35 item 5: the settings screens as a store owner uses them. A role made from the "Read-only orders" preset
// holds exactly those permissions; a token is revoked through the question the page asks (never the browser's
// confirm()) and is refused afterwards; the flat rate's price is edited, an edit over someone else's change is
// refused with the reason, and the saved price is what the Admin API answers. Every settings screen is checked by
// axe and kept as a screenshot, at 390 px too for tokens and methods.
import type { Page } from "playwright-core";
import { afterAll, describe, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { inspectScreen, signInTo } from "./support/panel-screens.ts";
import { panelCall } from "./support/panel.ts";
import { PERMISSION_PRESETS } from "../../lib/admin-users/presets.ts";

const SCREENS = [
  ["tokens", "Integration tokens"],
  ["storefront-keys", "Storefront keys"],
  ["webhooks", "Webhooks"],
  ["users", "Admin users"],
  ["roles", "Roles"],
  ["mail", "Mail"],
  ["methods", "Payment and shipping"],
] as const;

/** The page's session, for reading back through the Admin API what the page did. */
async function sessionOf(page: Page) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const { csrfToken } = (await panelCall("session", { cookie })).body as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

/** Fails the test if the page ever opens a browser dialog (confirm, alert, prompt). */
function refuseDialogs(page: Page, seen: string[]) {
  page.on("dialog", (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

interface FlatRate {
  id: number;
  config: { rate: number; type: string };
  updatedAt: string;
}

describe("admin panel: settings", () => {
  const browser = useBrowser();
  const dialogs: string[] = [];
  // What the tests changed in the run's shared store, put back: the flat rate's price, the token made to revoke.
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("shows every settings screen without a serious accessibility violation", async () => {
    const page = await openPage(browser(), "panel-settings-screens");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/settings/tokens", "Integration tokens");
    for (const [path, heading] of SCREENS) {
      await page.goto(`/admin/settings/${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.locator(".ap-table, .ap-empty").first().waitFor();
      expect(await inspectScreen(page, `settings-${path}`), path).toEqual([]);
    }
    // A sub-admin with a long address: the token form's admin select lists it, and must still fit a phone.
    const { cookie, csrf } = await sessionOf(page);
    const roles = await panelCall("settings/roles", { cookie });
    const long = await panelCall("settings/users", {
      method: "POST", cookie, csrf, origin: new URL(baseUrl()).origin,
      body: { name: "Sub-admin With A Rather Long Name", email: `sub-admin-${Date.now()}-with-a-long-address@example.com`, password: "Very-long-Passw0rd-2026!x", roleId: roles.body!.data[0].id },
    });
    expect(long.status, JSON.stringify(long.body)).toBe(201);
    cleanups.push(() => panelCall(`settings/users/${long.body!.id}`, { method: "DELETE", cookie, csrf, origin: new URL(baseUrl()).origin }));
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["tokens", "methods"]) {
      await page.goto(`/admin/settings/${path}`);
      await page.locator(".ap-table, .ap-empty").first().waitFor();
      expect(await inspectScreen(page, `settings-${path}-390`), `${path} at 390 px`).toEqual([]);
      // Nothing wider than the screen: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    expect(dialogs).toEqual([]);
  });

  it("creates a role from the read-only orders preset", async () => {
    const page = await openPage(browser(), "panel-settings-role");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/settings/roles", "Roles");
    await page.getByRole("button", { name: "New role" }).click();
    const form = page.getByRole("form", { name: "New role" });
    const name = `Order viewers ${Date.now()}`;
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("button", { name: "Read-only orders" }).click();
    // The preset ticks the plain-language boxes: orders can be viewed, not cancelled.
    expect(await form.getByRole("checkbox", { name: "Orders: view" }).isChecked()).toBe(true);
    expect(await form.getByRole("checkbox", { name: "Orders: cancel" }).isChecked()).toBe(false);
    expect(await form.getByRole("checkbox", { name: "Products: view" }).isChecked()).toBe(false);
    expect(await inspectScreen(page, "settings-role-form"), "the role form").toEqual([]);
    await form.getByRole("button", { name: "Create role" }).click();
    await page.getByTestId("notice").getByText(`Role "${name}" created.`).waitFor();
    await page.getByRole("row", { name: new RegExp(name) }).getByText("Orders: view").waitFor();

    const { cookie } = await sessionOf(page);
    const roles = (await panelCall("settings/roles?per_page=50", { cookie })).body as { data: { name: string; permissionType: string; permissions: string[] }[] };
    const made = roles.data.find((r) => r.name === name);
    const preset = PERMISSION_PRESETS.find((p) => p.id === "read-only-orders")!;
    expect(made?.permissionType).toBe("custom");
    expect([...made!.permissions].sort()).toEqual([...preset.permissions].sort());
    expect(dialogs).toEqual([]);
  });

  it("revokes a token after asking in the page, and the token is refused afterwards", async () => {
    const page = await openPage(browser(), "panel-settings-revoke");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/settings/tokens", "Integration tokens");
    const { cookie, csrf } = await sessionOf(page);
    const name = `Revoke me ${Date.now()}`;
    const issued = await panelCall("settings/integrations", { method: "POST", cookie, csrf, body: { name, scope: "role" } });
    expect(issued.status).toBe(201);
    const { id, token } = issued.body as { id: number; token: string };
    cleanups.push(() => panelCall(`settings/integrations/${id}`, { method: "DELETE", cookie, csrf }));
    const withToken = () => fetch(`${baseUrl()}/api/admin/settings/integrations`, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
    expect((await withToken()).status).toBe(200);

    await page.reload();
    const row = page.locator("tbody tr", { hasText: `#${id} ${name}` });
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    // Asked in the page; keeping it changes nothing.
    const question = row.getByRole("group", { name: `Revoke ${name}` });
    await question.getByText(`Revoke "${name}"? Calls with it will be refused.`).waitFor();
    await question.getByRole("button", { name: "Keep it" }).click();
    expect((await withToken()).status).toBe(200);
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await row.getByRole("button", { name: "Yes, revoke it" }).click();
    await page.getByTestId("notice").getByText(`Token "${name}" revoked`).waitFor();
    await row.locator(".ap-badge", { hasText: "revoked" }).waitFor();
    expect(await row.getByRole("button", { name: `Revoke ${name}` }).count()).toBe(0);

    const read = await panelCall(`settings/integrations/${id}`, { cookie });
    expect(read.body?.status).toBe("revoked");
    expect((await withToken()).status).toBe(401);
    expect(dialogs).toEqual([]);
  });

  it("edits the flat rate's price, refusing an edit over someone else's change", async () => {
    const page = await openPage(browser(), "panel-settings-methods");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/settings/methods", "Payment and shipping");
    const { cookie, csrf } = await sessionOf(page);
    const flatRate = async () =>
      ((await panelCall("settings/shipping-methods?per_page=50", { cookie })).body as { data: (FlatRate & { code: string })[] }).data.find((m) => m.code === "flatrate")!;
    const before = await flatRate();
    cleanups.push(() => panelCall(`settings/shipping-methods/${before.id}`, { method: "PATCH", cookie, csrf, body: { config: before.config } }));
    const price = before.config.rate + 2.25;

    // Someone else changes it while the form is open: the save is refused, saying why, and writes nothing.
    await page.getByRole("button", { name: "Edit Flat Rate" }).click();
    const form = page.getByRole("form", { name: "Edit Flat Rate" });
    await form.getByRole("spinbutton", { name: /^Rate/ }).waitFor();
    const meanwhile = before.config.rate + 1;
    expect((await panelCall(`settings/shipping-methods/${before.id}`, { method: "PATCH", cookie, csrf, body: { config: { ...before.config, rate: meanwhile } } })).status).toBe(200);
    await form.getByRole("spinbutton", { name: /^Rate/ }).fill(String(price));
    await form.getByRole("button", { name: "Save Flat Rate" }).click();
    await form.getByRole("alert").getByText("changed since you read it").waitFor();
    expect((await flatRate()).config.rate).toBe(meanwhile);

    // Read again, the form shows their change, and this edit is saved.
    await form.getByRole("button", { name: "Load the current version" }).click();
    await expect.poll(async () => Number(await form.getByRole("spinbutton", { name: /^Rate/ }).inputValue())).toBe(meanwhile);
    expect(Number(await form.getByRole("spinbutton", { name: /^Rate/ }).inputValue())).toBe(meanwhile);
    await form.getByRole("spinbutton", { name: /^Rate/ }).fill(String(price));
    await form.getByRole("combobox", { name: "Charged" }).selectOption("per_item");
    expect(await inspectScreen(page, "settings-method-form"), "the method form").toEqual([]);
    await form.getByRole("button", { name: "Save Flat Rate" }).click();
    await page.getByTestId("notice").getByText("Flat Rate saved").waitFor();
    await form.waitFor({ state: "detached" });
    await page.getByRole("row", { name: /Flat Rate/ }).getByText("per item").waitFor();

    const after = await flatRate();
    expect(after.config).toEqual({ rate: price, type: "per_item" });
    expect(dialogs).toEqual([]);
  });
});
