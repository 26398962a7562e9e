// The API explorers open on their OpenAPI documents and let a person try an operation.
import { describe, inject, it } from "vitest";
import { expect, openPage, useBrowser } from "./support/browser.ts";

describe("API explorers", () => {
  const browser = useBrowser();

  it.each([
    ["/api/shop", "Shop API", "Catalog", "products"],
    ["/api/admin", "Admin API", "Settings", "adminIntegrationTokens"],
  ])("%s lists the operations by tag and opens one for trying", async (path, title, tag, operationId) => {
    const page = await openPage(browser(), `explorer-${title}`);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(path);
    await page.getByRole("heading", { name: new RegExp(title) }).first().waitFor();
    await page.locator(`#operations-tag-${tag}`).click();
    const operation = page.locator(`#operations-${tag}-${operationId}`);
    await operation.locator(".opblock-summary-control").click();
    await operation.getByRole("button", { name: "Execute" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("tries a Shop operation with the storefront key pasted once under Authorize", async () => {
    const page = await openPage(browser(), "explorer-try-shop");
    await page.goto("/api/shop");
    await page.locator(".auth-wrapper button.authorize").click();
    const storefrontKeyBox = page.locator(".auth-container").first();
    await storefrontKeyBox.locator("input").fill(inject("storefrontKey"));
    await storefrontKeyBox.locator("button.authorize").click();
    await page.locator(".modal-ux button.close-modal").click();
    await page.locator("#operations-tag-Catalog").click();
    const operation = page.locator("#operations-Catalog-countries");
    await operation.locator(".opblock-summary-control").click();
    await operation.getByRole("button", { name: "Execute" }).click();
    await operation.locator(".live-responses-table .response-col_status").filter({ hasText: "200" }).first().waitFor();
  });
});
