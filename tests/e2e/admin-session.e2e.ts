// The panel's session over HTTP: the cookie's attributes, CSRF on every write, and no lockout by wrong passwords.
import { describe, it } from "vitest";
import { panelCall } from "./support/panel.ts";
import { expect } from "./support/browser.ts";

async function signIn(email: string, password: string) {
  const { res } = await panelCall("session", { method: "POST", body: { email, password } });
  const setCookie = res.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0];
  const session = (await panelCall("session", { cookie })).body as { csrfToken: string; admin: { id: number } };
  return { res, setCookie, cookie, csrf: session?.csrfToken };
}

describe("admin panel session", () => {
  it("sets an HttpOnly, SameSite=Strict cookie and refuses writes without the CSRF token", async () => {
    const owner = await signIn("admin@example.com", "Lantern-Orbit-Meadow-7");
    expect(owner.res.status).toBe(200);
    expect(owner.setCookie).toMatch(/HttpOnly/);
    expect(owner.setCookie).toMatch(/SameSite=Strict/);
    // Path=/: the panel calls the Admin API (/api/admin/…) with it, besides its session routes (/admin/api/session).
    expect(owner.setCookie).toMatch(/Path=\/;/);

    expect((await panelCall("settings/storefront-keys")).res.status).toBe(401);
    expect((await panelCall("settings/storefront-keys", { cookie: owner.cookie })).res.status).toBe(200);
    const noCsrf = await panelCall("settings/storefront-keys", { method: "POST", cookie: owner.cookie, body: { name: "x" } });
    expect(noCsrf.res.status).toBe(403);
    const crossSite = await panelCall("settings/storefront-keys", { method: "POST", cookie: owner.cookie, csrf: owner.csrf, origin: "https://evil.example", body: { name: "x" } });
    expect(crossSite.res.status).toBe(403);
    const created = await panelCall("settings/storefront-keys", { method: "POST", cookie: owner.cookie, csrf: owner.csrf, body: { name: "Kiosk" } });
    expect(created.res.status).toBe(201);
    expect(created.body?.key).toMatch(/^pk_/);

    await panelCall("session", { method: "DELETE", cookie: owner.cookie, csrf: owner.csrf });
    expect((await panelCall("settings/storefront-keys", { cookie: owner.cookie })).res.status).toBe(401);
  });

  it("does not lock an account after wrong passwords: the right one still signs in (issue 28 item 5)", async () => {
    const owner = await signIn("admin@example.com", "Lantern-Orbit-Meadow-7");
    const roles = (await panelCall("settings/roles", { cookie: owner.cookie })).body as { data: { id: number }[] };
    const email = `locked.${Date.now()}@example.com`;
    const made = await panelCall("settings/users", {
      method: "POST", cookie: owner.cookie, csrf: owner.csrf,
      body: { name: "Lock Test", email, password: "Right-Passw0rd!", roleId: roles.data[0].id },
    });
    expect(made.res.status).toBe(201);

    for (let i = 1; i <= 6; i++) expect((await panelCall("session", { method: "POST", body: { email, password: "wrong" } })).res.status).toBe(401);
    const right = await panelCall("session", { method: "POST", body: { email, password: "Right-Passw0rd!" } });
    expect(right.res.status).toBe(200);
  });
});
