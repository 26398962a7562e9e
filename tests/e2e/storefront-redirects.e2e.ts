// Stored redirects as the production server answers them (proxy.ts in the built app, in the server's own process):
// a CMS page's retired slug is a 301 to its address now, an owner's 302 record a 302 with the request's query kept,
// and a change to a redirect made through the Admin API (a route of the app, not the proxy) is answered at once.
// The APIs and the panel are never redirected; the live page renders.
import { describe, it } from "vitest";
import { baseUrl, expect } from "./support/browser.ts";
import { panelCall } from "./support/panel.ts";
import { OWNER } from "./support/panel-screens.ts";

/** The owner's panel session: its cookie and CSRF token, and the Origin a same-origin write carries. */
async function ownerSession() {
  const signedIn = await panelCall("session", { method: "POST", body: { email: OWNER.email, password: OWNER.password }, origin: baseUrl() });
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
  const { csrfToken } = (await panelCall("session", { cookie })).body as { csrfToken: string };
  return { cookie, csrf: csrfToken, origin: baseUrl() };
}

/** What the server answers for a path, redirects not followed: the status and, for a redirect, where it leads. */
async function visit(path: string) {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: { Accept: "text/html" } });
  const location = res.headers.get("location");
  await res.arrayBuffer();
  return { status: res.status, location: location && new URL(location, baseUrl()).pathname + new URL(location, baseUrl()).search };
}

describe("stored redirects on the production server", () => {
  it("answer with the record's own status, follow the Admin API's changes, and leave the APIs alone", async () => {
    const session = await ownerSession();
    const channels = (await panelCall("settings/channels?per_page=50", session)).body!.data.map((c: { id: number }) => c.id);
    const slug = `e2e-redirect-${Date.now()}`;
    const made = await panelCall("cms/pages", { method: "POST", ...session, body: { urlKey: slug, pageTitle: "Opening hours", htmlContent: "<p>Nine to five.</p>", channels } });
    expect(made.status).toBe(201);
    expect(await visit(`/page/${slug}`)).toEqual({ status: 200, location: null });

    const moved = `${slug}-new`;
    const saved = await panelCall(`cms/pages/${made.body!.id}`, { method: "PUT", ...session, body: { locale: "en", channels, en: { url_key: moved, page_title: "Opening hours", html_content: "<p>Nine to five.</p>" } } });
    expect(saved.status).toBe(200);
    expect(await visit(`/page/${slug}`)).toEqual({ status: 301, location: `/page/${moved}` });
    expect(await visit(`/page/${moved}`)).toEqual({ status: 200, location: null });

    const from = `/e2e-sale-${Date.now()}`;
    const record = await panelCall("marketing/url-redirects", { method: "POST", ...session, body: { fromPath: from, toPath: "/products", statusCode: 302 } });
    expect(record.status).toBe(201);
    expect(await visit(`${from}?utm_source=mail`)).toEqual({ status: 302, location: "/products?utm_source=mail" });
    const changed = await panelCall(`marketing/url-redirects/${record.body!.id}`, { method: "PATCH", ...session, body: { statusCode: 301 } });
    expect(changed.status).toBe(200);
    expect(await visit(from)).toEqual({ status: 301, location: "/products" });
    expect((await panelCall(`marketing/url-redirects/${record.body!.id}`, { method: "DELETE", ...session })).status).toBe(200);
    expect((await visit(from)).location).toBeNull();

    // The Admin API refuses a redirect from the APIs or the panel, and none is followed there.
    expect((await panelCall("marketing/url-redirects", { method: "POST", ...session, body: { fromPath: "/api/shop/products", toPath: "/products" } })).status).toBe(422);
    for (const path of ["/api/shop", "/admin"]) expect((await visit(path)).location, path).toBeNull();
  });
});
