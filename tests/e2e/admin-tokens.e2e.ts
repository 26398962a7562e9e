// An admin signs in to the panel, issues an integration token, uses it on the Admin API, revokes it, and the
// revoked token is refused.
import { describe, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";

const adminApi = (token: string) =>
  fetch(`${baseUrl()}/api/admin/settings/integrations`, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });

describe("admin panel: integration tokens", () => {
  const browser = useBrowser();

  it("issues a token that works on the Admin API until it is revoked", async () => {
    const page = await openPage(browser(), "admin-integration-token");
    await page.goto("/admin/settings/tokens");
    await page.fill("input[name=email]", "admin@example.com");
    await page.fill("input[name=password]", "not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("The email or password is not correct.").waitFor();

    await page.fill("input[name=password]", "Lantern-Orbit-Meadow-7");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Integration tokens" }).waitFor();
    await page.getByText("No integration tokens yet").waitFor();

    await page.fill("input[name=tokenName]", "ERP sync");
    await page.selectOption("select[name=expiry]", "90");
    // The form starts at the narrowest scope (custom, nothing chosen); this token reads the token list.
    expect(await page.isChecked("input[name=scope][value=custom]")).toBe(true);
    await page.check("input[name=scope][value=role]");
    await page.getByRole("button", { name: "Issue token" }).click();
    const secret = await page.getByTestId("secret").inputValue();
    expect(secret).toMatch(/^\d+\|.{20,}$/);

    const ok = await adminApi(secret);
    expect(ok.status).toBe(200);
    const listed = (await ok.json()) as { data: { name: string; status: string }[] };
    expect(listed.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: "ERP sync", status: "active" })]));

    await page.getByRole("button", { name: "I have stored it, hide it" }).click();
    expect(await page.getByTestId("secret").count()).toBe(0);
    // Revoking asks in the page, never with the browser's confirm().
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const row = page.locator("tbody tr", { hasText: `#${secret.split("|")[0]} ERP sync` });
    await row.getByRole("button", { name: "Revoke ERP sync" }).click();
    await row.getByRole("button", { name: "Yes, revoke it" }).click();
    await row.getByText("revoked").waitFor();
    expect(dialogs).toEqual([]);

    const refused = await adminApi(secret);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe("unauthenticated");
  });
});
