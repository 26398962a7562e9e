// Issue 13 item 2: an admin holding a one-time password (a production start's owner, or after
// `admin reset-password`) signs in, is shown only the change-password form, changes it and reaches the panel.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, inject, it } from "vitest";
import { panelCall } from "./support/panel.ts";
import { expect, openPage, useBrowser } from "./support/browser.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** An Administrator whose password only the operator's console has seen, as after a production seed. */
async function flaggedAdmin(): Promise<{ email: string; password: string }> {
  const signedIn = await panelCall("session", { method: "POST", body: { email: "admin@example.com", password: "Lantern-Orbit-Meadow-7" } });
  const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
  const { csrfToken } = (await panelCall("session", { cookie })).body as { csrfToken: string };
  const roles = (await panelCall("settings/roles", { cookie })).body as { data: { id: number; name: string }[] };
  const email = `first.${Date.now()}@example.com`;
  const made = await panelCall("settings/users", {
    method: "POST", cookie, csrf: csrfToken,
    body: { name: "First Sign-in", email, password: "Handed-out-Passw0rd!", roleId: roles.data.find((r) => r.name === "Administrator")!.id },
  });
  expect(made.status).toBe(201);
  const cli = spawnSync(process.execPath, ["--import", "tsx", "lib/cli/main.ts", "admin", "reset-password", "--email", email], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    encoding: "utf8",
  });
  expect(cli.status, cli.stderr).toBe(0);
  return { email, password: cli.stdout.trim().split("\n").at(-1)! };
}

describe("admin panel: first sign-in with a one-time password", () => {
  const browser = useBrowser();

  it("shows only the change-password form until the password is changed, then the panel", async () => {
    const admin = await flaggedAdmin();
    expect(admin.password.length).toBeGreaterThanOrEqual(20);

    const page = await openPage(browser(), "admin-first-sign-in");
    await page.goto("/admin/settings/tokens");
    await page.fill("input[name=email]", admin.email);
    await page.fill("input[name=password]", admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    expect(await page.getByRole("navigation").count()).toBe(0);

    // The server refuses the panel's data to this session, whatever the page shows.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const refused = await panelCall("settings/users", { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body?.error).toBe("password_change_required");

    await page.fill("input[name=currentPassword]", "not-the-password");
    await page.fill("input[name=newPassword]", "My-own-passw0rd-2026");
    await page.fill("input[name=repeatPassword]", "My-own-passw0rd-2026");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The current password is not correct.").first().waitFor();

    await page.fill("input[name=currentPassword]", admin.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("heading", { name: "Integration tokens" }).waitFor();
    await page.getByRole("link", { name: "Admin users" }).click();
    await page.getByText(admin.email).first().waitFor();

    expect((await panelCall("settings/users", { cookie })).status).toBe(200);
    expect((await panelCall("session", { method: "POST", body: { email: admin.email, password: admin.password } })).status).toBe(401);
    expect((await panelCall("session", { method: "POST", body: { email: admin.email, password: "My-own-passw0rd-2026" } })).status).toBe(200);
  });
});
