// Issue 18 part 2 in the browser: a customer who forgot the password follows "Forgot your password?" from the
// sign-in form, asks for a link, opens the link the store mailed (the outbox row unsealed as the mail job does when
// it sends it: the outbox itself keeps no token), chooses a new password and signs in with it; the link then works no more.
import { describe, inject, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { useServerDatabase } from "./support/database.ts";

const db = useServerDatabase();

const OLD_PASSWORD = "Forgotten-Pass1!";
const NEW_PASSWORD = "Remembered-Pass2!";

async function register(email: string) {
  const res = await fetch(`${baseUrl()}/api/shop/customers`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-STOREFRONT-KEY": inject("storefrontKey") },
    body: JSON.stringify({ firstName: "Rita", lastName: "Reset", email, password: OLD_PASSWORD, confirmPassword: OLD_PASSWORD }),
  });
  expect(res.status).toBe(201);
}

describe("password reset", () => {
  const browser = useBrowser();

  it("asks for a link, follows it from the mail, sets a new password and signs in with it", async () => {
    const email = `rita.${Date.now()}@example.com`;
    await register(email);

    const page = await openPage(browser(), "password-reset");
    await page.goto("/account");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("status").filter({ hasText: "If an account exists" }).waitFor();

    const mail = await db().mailMessage.findFirstOrThrow({ where: { to: email, kind: "password_reset" }, orderBy: { id: "desc" } });
    const { unsealMail } = await import("../../lib/mail/sealed.ts");
    const link = /https?:\/\/\S+\/account\/reset-password\?\S+/.exec((await unsealMail(db(), mail))!.text)![0];
    expect(link.startsWith(`${baseUrl()}/account/reset-password?`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the password").fill("Not-the-same-3!");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.locator(".sf-field-error").filter({ hasText: "The password confirmation does not match." }).waitFor();

    await page.getByLabel("Repeat the password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.getByRole("heading", { name: "Password changed" }).waitFor();

    await page.locator(".sf-panel").getByRole("link", { name: "Sign in" }).click();
    const signIn = page.getByRole("form", { name: "Sign in" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill(NEW_PASSWORD);
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Hello, Rita" }).waitFor();

    // The link was used: opening it again and submitting is refused, with a way to ask for a new one.
    await page.goto(link);
    await page.getByLabel("New password").fill("Third-Password-4!");
    await page.getByLabel("Repeat the password").fill("Third-Password-4!");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await page.getByRole("alert").filter({ hasText: "invalid or has expired" }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Ask for a new link" }).count()).toBe(1);
  });
});
