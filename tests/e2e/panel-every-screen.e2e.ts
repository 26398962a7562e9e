// Every screen of the admin panel, as the owner sees it at a desk (1280 px) and on a phone (390 px): it opens from
// the navigation, shows its heading and no error, axe finds no serious or critical violation, and its screenshot is
// kept in test-results/panel/ for a person to look at. The detail screens are opened on the first record of their list.
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { expect, openPage, useBrowser } from "./support/browser.ts";
import { inspectScreen, signInTo } from "./support/panel-screens.ts";
import { SECTIONS } from "../../lib/ui/admin/nav.ts";

const screens = SECTIONS.flatMap((s) => s.screens);

/** The first record's detail path of a list, or null when the list is empty. */
async function firstDetail(page: Page, api: string, path: (id: number) => string): Promise<string | null> {
  const body = await page.evaluate(async (url) => (await fetch(url, { headers: { Accept: "application/json" } })).json(), api);
  const id = (body as { data?: { id: number }[] }).data?.[0]?.id;
  return id === undefined ? null : path(id);
}

async function checkScreen(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  // The screen's data has arrived: no loading line is left, and no request failed.
  await expect.poll(async () => page.locator("main").getByText(/^Loading /).count(), { timeout: 20_000 }).toBe(0);
  expect(await page.locator("main .ap-error").allTextContents(), `${path} shows an error`).toEqual([]);
  expect(await inspectScreen(page, name), `axe on ${path}`).toEqual([]);
}

describe("every panel screen", () => {
  const browser = useBrowser();

  for (const width of [1280, 390]) {
    it(`opens with its heading, no error and no serious axe violation at ${width} px`, async () => {
      const page = await openPage(browser(), `panel-every-screen-${width}`);
      await page.setViewportSize({ width, height: 900 });
      await signInTo(page, "/admin", "Home");
      const details = [
        await firstDetail(page, "/api/admin/sales/orders?per_page=1", (id) => `/admin/orders/${id}`),
        await firstDetail(page, "/api/admin/catalog/products?per_page=1", (id) => `/admin/catalog/products/${id}`),
        await firstDetail(page, "/api/admin/customers?per_page=1", (id) => `/admin/customers/${id}`),
        await firstDetail(page, "/api/admin/sales/returns?per_page=1", (id) => `/admin/returns/${id}`),
        await firstDetail(page, "/api/admin/cms/pages?per_page=1", (id) => `/admin/cms/${id}`),
      ].filter((p): p is string => p !== null);
      for (const { href } of screens) await checkScreen(page, href, `${width}${href}`);
      for (const path of [...details, "/admin/catalog/products/new", "/admin/cms/new"]) await checkScreen(page, path, `${width}${path}`);

      // The navigation works by keyboard: the skip link is the first stop and moves focus to the content.
      await page.goto("/admin");
      await page.locator("main h1").first().waitFor();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("ap-content");
      if (width < 800) {
        // On a phone the screens are behind the menu button.
        expect(await page.locator("#ap-nav").isVisible()).toBe(false);
        await page.getByRole("button", { name: "Menu" }).click();
        await page.getByRole("navigation", { name: "Admin screens" }).getByRole("link", { name: "Orders" }).click();
        await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
        expect(await page.locator("#ap-nav").isVisible()).toBe(false);
      }
    });
  }
});
