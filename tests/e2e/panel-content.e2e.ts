// Issue 35 item 4 (content): returns, CMS pages, coupons and the newsletter list as a store owner uses them. A return
// a customer raised through the Shop API is answered and accepted in the panel, and the Admin API then shows the
// store's reply in its thread and the new status; a CMS page's content and address are edited, the page says where
// the old address now leads, and the shop's old address answers a permanent redirect to the new one; a coupon is
// created and a subscriber unsubscribed, each read back through the Admin API. Every screen is checked by axe and
// kept as a screenshot, the returns and the page editor at 390 px too.
import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { inspectScreen, signInTo } from "./support/panel-screens.ts";
import { panelCall } from "./support/panel.ts";
import { customerReturn } from "./support/customer-return.ts";

async function sessionOf(page: Page) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const { csrfToken } = (await panelCall("session", { cookie })).body as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

function refuseDialogs(page: Page, seen: string[]) {
  page.on("dialog", (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

const notice = (page: Page) => page.getByTestId("notice");

/** The list's rows (or its empty note) are on the screen. */
const listed = (page: Page) => page.locator(".ap-table, .ap-empty").first().waitFor();

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await inspectScreen(page, name), name).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("admin panel: content", () => {
  const browser = useBrowser();
  const dialogs: string[] = [];

  it("answers and accepts a customer's return", async () => {
    const page = await openPage(browser(), "panel-content-returns");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/returns", "Returns");
    const session = await sessionOf(page);
    const raised = await customerReturn(baseUrl(), inject("storefrontKey"), session);

    await page.goto("/admin/returns?status=1");
    await page.getByRole("link", { name: `Open return #${raised.returnId}` }).waitFor();
    expect(await inspectScreen(page, "returns-list")).toEqual([]);
    await narrow(page, "returns-list-390");

    await page.getByRole("link", { name: `Open return #${raised.returnId}` }).click();
    await page.getByRole("heading", { name: `Return #${raised.returnId}`, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("return-thread").innerText()).toContain(raised.customerMessage);
    expect(await page.getByRole("link", { name: `order #${raised.orderIncrementId}` }).getAttribute("href")).toBe(`/admin/orders/${raised.orderId}`);
    // Only the moves a pending return takes are offered.
    expect(await page.getByRole("button", { name: "Accept" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Mark as received" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Solve" }).count()).toBe(0);
    expect(await inspectScreen(page, "return-detail")).toEqual([]);
    await narrow(page, "return-detail-390");

    // An empty reply is refused by the form, next to the field.
    await page.getByRole("button", { name: "Send reply" }).click();
    await page.getByText("is required").waitFor();
    const reply = "Yes: send it back and we will ship a new one.";
    await page.getByRole("textbox", { name: "Reply" }).fill(reply);
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect.poll(() => notice(page).innerText()).toContain(`Reply sent on return #${raised.returnId}`);
    await expect.poll(() => page.getByTestId("return-thread").innerText()).toContain(reply);

    await page.getByRole("button", { name: "Accept" }).click();
    await expect.poll(() => notice(page).innerText()).toContain(`Return #${raised.returnId} accepted: it is now Accepted.`);
    // Accepted: the next moves are the ones the state machine allows from there.
    await page.getByRole("button", { name: "Mark as received" }).waitFor();
    expect(await page.getByRole("button", { name: "Accept" }).count()).toBe(0);

    const after = await panelCall(`sales/returns/${raised.returnId}`, session);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ statusId: 2, statusTitle: "Accepted", messagesCount: 2 });
    expect((after.body!.messages as { message: string; isAdmin: boolean }[]).map((m) => [m.isAdmin, m.message])).toEqual([
      [false, raised.customerMessage],
      [true, reply],
    ]);
    expect(dialogs).toEqual([]);
  });

  it("edits a CMS page's content and address, and the old address redirects", async () => {
    const page = await openPage(browser(), "panel-content-cms");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/cms", "Pages");
    const session = await sessionOf(page);
    const slug = `e2e-page-${Date.now()}`;
    const channels = (await panelCall("settings/channels?per_page=50", session)).body!.data.map((c: { id: number }) => c.id);
    const made = await panelCall("cms/pages", { method: "POST", ...session, body: { urlKey: slug, pageTitle: "Delivery times", htmlContent: "<p>We ship in two days.</p>", channels } });
    expect(made.status).toBe(201);
    const id = made.body!.id as number;

    await page.goto("/admin/cms");
    await listed(page);
    expect(await inspectScreen(page, "cms-list")).toEqual([]);
    await page.getByRole("link", { name: "New page" }).click();
    await page.getByRole("heading", { name: "New page", level: 1 }).waitFor();
    expect(await inspectScreen(page, "cms-new")).toEqual([]);

    await page.goto(`/admin/cms/${id}`);
    await page.getByRole("heading", { name: "Delivery times", level: 1 }).first().waitFor();
    const content = page.getByRole("textbox", { name: "Content (HTML)" });
    // The preview shows the content as the shop will: cleaned, so the script neither shows nor runs.
    await content.fill('<h2>Shipping</h2><p>We ship in one day.</p><script>window.ran = true</script><img src="x" alt="" onerror="window.ran = true">');
    await expect.poll(() => page.getByTestId("cms-preview").innerText()).toContain("We ship in one day.");
    expect(await page.getByTestId("cms-preview").innerHTML()).not.toMatch(/script|onerror/);
    expect(await page.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
    expect(await inspectScreen(page, "cms-edit")).toEqual([]);
    await narrow(page, "cms-edit-390");

    const moved = `${slug}-new`;
    await page.getByRole("textbox", { name: "Address (slug)" }).fill(moved);
    await page.getByRole("button", { name: "Save page" }).click();
    await expect.poll(() => page.getByTestId("redirect-notice").innerText()).toBe(`Old address /page/${slug} now redirects (301) to /page/${moved}.`);
    await expect.poll(() => notice(page).innerText()).toContain("Page “Delivery times” saved.");

    const saved = await panelCall(`cms/pages/${id}`, session);
    const en = (saved.body!.translations as { locale: string; urlKey: string; htmlContent: string }[]).find((t) => t.urlKey === moved);
    expect(en?.htmlContent).toBe('<h2>Shipping</h2><p>We ship in one day.</p><img src="x" alt="" />');
    const old = await fetch(`${baseUrl()}/page/${slug}`, { redirect: "manual" });
    expect([301, 308]).toContain(old.status);
    expect(new URL(old.headers.get("location")!, baseUrl()).pathname).toBe(`/page/${moved}`);

    // An edit over someone else's save is refused, and says so.
    expect((await panelCall(`cms/pages/${id}`, { method: "PUT", ...session, body: { locale: "en", channels, translation: { urlKey: moved, pageTitle: "Delivery times (theirs)", htmlContent: "<p>Theirs.</p>" } } })).status).toBe(200);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Delivery times (mine)");
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Someone else saved this page after you opened it").waitFor();
    expect((await panelCall(`cms/pages/${id}`, session)).body!.translations.find((t: { locale: string }) => t.locale === "en").pageTitle).toBe("Delivery times (theirs)");

    await panelCall(`cms/pages/${id}`, { method: "DELETE", ...session });
    expect(dialogs).toEqual([]);
  });

  it("creates a coupon and unsubscribes a subscriber", async () => {
    const page = await openPage(browser(), "panel-content-marketing");
    refuseDialogs(page, dialogs);
    await signInTo(page, "/admin/marketing/coupons", "Coupons");
    const session = await sessionOf(page);
    await listed(page);
    expect(await inspectScreen(page, "coupons")).toEqual([]);

    const code = `E2E${Date.now()}`;
    const form = page.getByRole("form", { name: "New coupon" });
    await form.getByRole("textbox", { name: "Code" }).fill(code);
    await form.getByRole("textbox", { name: "Name" }).fill("Spring sale");
    await form.getByRole("spinbutton", { name: "Amount (%)" }).fill("150");
    await form.getByRole("button", { name: "Create coupon" }).click();
    // Refused by the API (a percent takes at most 100), shown under the field.
    await form.locator(".ap-field-error", { hasText: "A percent coupon takes at most 100." }).waitFor();
    await form.getByRole("spinbutton", { name: "Amount (%)" }).fill("15");
    await form.getByRole("spinbutton", { name: "Uses in all" }).fill("100");
    await form.getByRole("button", { name: "Create coupon" }).click();
    await expect.poll(() => notice(page).innerText()).toContain(`Coupon ${code} created`);
    const coupon = (await panelCall(`marketing/coupons?code=${code}`, session)).body!.data[0];
    expect(coupon).toMatchObject({ code, name: "Spring sale", type: "percent", amount: 15, usageLimit: 100, status: true });

    const email = `news-${Date.now()}@example.com`;
    const signup = await fetch(`${baseUrl()}/api/shop/newsletters`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-STOREFRONT-KEY": inject("storefrontKey") },
      body: JSON.stringify({ customerEmail: email }),
    });
    expect(signup.status, await signup.clone().text()).toBeLessThan(300);
    await page.goto(`/admin/marketing/newsletter?email=${encodeURIComponent(email)}`);
    await page.getByRole("heading", { name: "Newsletter", level: 1 }).waitFor();
    await page.getByRole("button", { name: `Unsubscribe ${email}` }).click();
    await expect.poll(() => notice(page).innerText()).toContain(`${email} unsubscribed`);
    await page.getByRole("button", { name: `Subscribe again ${email}` }).waitFor();
    expect(await inspectScreen(page, "newsletter")).toEqual([]);
    const row = (await panelCall(`marketing/newsletter-subscribers?email=${encodeURIComponent(email)}`, session)).body!.data[0];
    expect(row).toMatchObject({ email, isSubscribed: false });
    expect(dialogs).toEqual([]);
  });
});
