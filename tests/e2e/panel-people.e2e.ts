// The panel's category tree, attributes, customers and privacy requests, used as a store owner would: a
// subcategory is added under "Men" and shows in place (an edit someone else overtook is refused, not saved over,
// until their version is loaded); an option is added to a select attribute; the demo customer is moved to another
// group, given an address and a note (mailed to them), and a note is deleted; a privacy request the customer made
// through the Shop API is processed and completed, and its export downloaded; another is declined with a reason.
// Each change is read back through the Admin API. Every screen is screenshot and checked with axe, the customer
// screens at 390 px too.
import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { panelCall } from "./support/panel.ts";
import { inspectScreen, signInTo } from "./support/panel-screens.ts";
import { DEMO_CUSTOMER } from "../../lib/seed/people.ts";

/** The page's session, for reading (and, with the CSRF token, writing) through the Admin API as the page does. */
async function sessionOf(page: Page) {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const session = await panelCall("session", { cookie });
  return { cookie, csrf: String(session.body?.csrfToken), origin: baseUrl() };
}

/**
 * The screen's screenshot and axe check, once the document has its title: Next streams the metadata, and a check run
 * in the instant after a client-side navigation can find the title not yet in place.
 */
async function inspect(page: Page, name: string) {
  await page.waitForFunction(() => document.title !== "");
  return inspectScreen(page, name);
}

const notice = (page: Page, text: string | RegExp) => page.getByTestId("notice").filter({ hasText: text }).waitFor();

async function atPhoneWidth(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await inspect(page, name)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("admin panel: categories, attributes, customers and privacy requests", () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it("adds a subcategory under Men, shows it in place, and refuses to save over someone else's edit", async () => {
    const page = await openPage(browser(), "panel-people-categories");
    await signInTo(page, `${baseUrl()}/admin/catalog/categories`, "Categories");
    const api = await sessionOf(page);
    const men = (await panelCall("catalog/categories?name=Men&per_page=50", api)).body!.data.find((c: { name: string }) => c.name === "Men");
    await page.getByRole("link", { name: "Men", exact: true }).waitFor();
    expect(await inspect(page, "categories")).toEqual([]);

    await page.getByRole("link", { name: "Add subcategory under Men" }).click();
    await page.getByRole("heading", { name: "New subcategory of “Men”" }).waitFor();
    expect(await inspect(page, "categories-new")).toEqual([]);
    const name = `Linen ${run}`;
    await page.fill("input[name=name-en]", name);
    expect(await page.inputValue("input[name=slug-en]")).toBe(`linen-${run}`);
    await page.getByRole("button", { name: "Add category" }).click();
    await notice(page, `Category "${name}" added under "Men".`);

    const made = (await panelCall(`catalog/categories?name=${encodeURIComponent(name)}`, api)).body!.data[0];
    expect(made).toMatchObject({ name, parentId: men.id, status: 1 });
    expect(made.translations[0]).toMatchObject({ locale: "en", slug: `linen-${run}`, urlPath: `men/linen-${run}` });
    // In place: inside Men's branch of the tree, and open in the editor.
    await page.getByTestId(`category-${men.id}`).locator(".tx-branch").getByRole("link", { name, exact: true }).waitFor();
    await page.getByRole("heading", { name: `Edit “${name}”` }).waitFor();
    expect(await inspect(page, "categories-edit")).toEqual([]);

    // Someone else renames it meanwhile: saving the form's older version is refused, and nothing is overwritten.
    const theirs = await panelCall(`catalog/categories/${made.id}`, { ...api, method: "PATCH", body: { translations: [{ locale: "en", name: `${name} (theirs)`, slug: `linen-${run}` }] } });
    expect(theirs.status).toBe(200);
    await page.selectOption("select[name=status]", "0");
    await page.getByRole("button", { name: "Save category" }).click();
    await page.getByRole("alert").filter({ hasText: "has changed since you read it" }).waitFor();
    expect((await panelCall(`catalog/categories/${made.id}`, api)).body).toMatchObject({ name: `${name} (theirs)`, status: 1 });
    // Loading their version puts it in the form, and saving on top of it then goes through.
    await page.getByRole("button", { name: "Load the latest version" }).click();
    await expect.poll(() => page.inputValue("input[name=name-en]")).toBe(`${name} (theirs)`);
    await page.selectOption("select[name=status]", "0");
    await page.getByRole("button", { name: "Save category" }).click();
    await notice(page, `Category "${name} (theirs)" saved.`);
    expect((await panelCall(`catalog/categories/${made.id}`, api)).body).toMatchObject({ name: `${name} (theirs)`, status: 0 });
  });

  it("adds an option to the size attribute", async () => {
    const page = await openPage(browser(), "panel-people-attributes");
    await signInTo(page, `${baseUrl()}/admin/catalog/attributes`, "Attributes");
    await page.getByRole("link", { name: "Edit attribute size" }).waitFor();
    expect(await inspect(page, "attributes")).toEqual([]);
    await page.getByRole("link", { name: "Edit attribute size" }).click();
    await page.getByRole("heading", { name: "Attribute size" }).waitFor();
    const before = await page.locator(".tx-option").count();
    await page.getByRole("button", { name: "Add option" }).click();
    const option = `XXL-${run}`;
    await page.fill(`input[name=option-${before}-adminName]`, option);
    await page.fill(`input[name=option-${before}-label-en]`, `Extra extra large ${run}`);
    expect(await inspect(page, "attribute-edit")).toEqual([]);
    await page.getByRole("button", { name: "Save attribute" }).click();
    await notice(page, 'Attribute "size" saved.');

    const api = await sessionOf(page);
    const size = (await panelCall("catalog/attributes?code=size", api)).body!.data[0];
    expect(size.options).toHaveLength(before + 1);
    expect(size.options[before]).toMatchObject({ adminName: option, sortOrder: before, translations: [{ locale: "en", label: `Extra extra large ${run}` }] });

    await page.goto(`${baseUrl()}/admin/catalog/attributes/new`);
    await page.getByRole("heading", { name: "New attribute", level: 1 }).waitFor();
    await page.locator("input[name=name-en]").waitFor();
    expect(await inspect(page, "attribute-new")).toEqual([]);
  });

  it("moves the demo customer to another group and adds an address", async () => {
    const page = await openPage(browser(), "panel-people-customers");
    await signInTo(page, `${baseUrl()}/admin/customers`, "Customers");
    const api = await sessionOf(page);
    const jane = (await panelCall(`customers?email=${encodeURIComponent(DEMO_CUSTOMER.email)}`, api)).body!.data[0];
    await page.getByRole("link", { name: `Open customer ${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}` }).waitFor();
    expect(await inspect(page, "customers")).toEqual([]);
    await atPhoneWidth(page, "customers-390");

    await page.fill("input[name=q]", "doe");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=doe/);
    await page.getByRole("link", { name: `Open customer ${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}` }).click();
    await page.getByRole("heading", { name: `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}`, level: 1 }).waitFor();
    await page.getByRole("heading", { name: /^Addresses/ }).waitFor();
    expect(await inspect(page, "customer")).toEqual([]);
    await atPhoneWidth(page, "customer-390");

    const groups = (await panelCall("customers/groups", api)).body!.data as { id: number; name: string }[];
    const target = groups.find((g) => g.id !== jane.customerGroupId && g.name !== "Guest")!;
    await page.selectOption("select[name=customerGroupId]", String(target.id));
    await page.getByRole("button", { name: "Change group" }).click();
    await notice(page, `${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName} is now in the ${target.name} group.`);
    expect((await panelCall(`customers/${jane.id}`, api)).body).toMatchObject({ customerGroupId: target.id });

    const street = `${run} Market Street`;
    await page.getByRole("button", { name: "Add an address" }).click();
    await page.fill("input[name=address1]", street);
    await page.fill("input[name=city]", "San Francisco");
    await page.fill("input[name=postcode]", "94103");
    await page.fill("input[name=country]", "US");
    await page.fill("input[name=state]", "CA");
    await page.getByRole("button", { name: "Add address" }).click();
    await notice(page, `Address ${street}, San Francisco, CA, 94103, US added`);
    await page.getByRole("button", { name: `Edit address ${street}, San Francisco, CA, 94103, US` }).waitFor();
    const book = (await panelCall(`customers/addresses?customer_id=${jane.id}&per_page=50`, api)).body!.data;
    expect(book).toContainEqual(expect.objectContaining({ customerId: jane.id, address1: street, city: "San Francisco", state: "CA", country: "US", firstName: DEMO_CUSTOMER.firstName }));

    // A note: an empty one is refused in the form; one mailed to her is listed with its author; a second is deleted.
    const notes = page.getByRole("list", { name: `Notes on ${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}, newest first` });
    await page.getByRole("button", { name: "Add note" }).click();
    await page.locator(".ap-field-error").filter({ hasText: "is required" }).waitFor();
    const said = `Called about the late parcel (${run}); a replacement ships tomorrow.`;
    await page.getByLabel("New note").fill(said);
    await page.getByLabel("Mail this note to the customer").check();
    await page.getByRole("button", { name: "Add note" }).click();
    await notice(page, `Note added and mailed to ${DEMO_CUSTOMER.email}.`);
    const listed = notes.getByRole("listitem").filter({ hasText: said });
    await listed.filter({ hasText: "mailed to the customer" }).filter({ hasText: "Admin" }).waitFor();
    const stored = (await panelCall(`customers/notes?customer_id=${jane.id}&per_page=50`, api)).body!.data;
    expect(stored[0]).toMatchObject({ customerId: jane.id, note: said, customerNotified: true, authorName: "Admin" });
    expect(await inspect(page, "customer-notes")).toEqual([]);

    const aside = `Prefers phone calls (${run}).`;
    await page.getByLabel("New note").fill(aside);
    await page.getByRole("button", { name: "Add note" }).click();
    await notice(page, `Note added to ${DEMO_CUSTOMER.firstName} ${DEMO_CUSTOMER.lastName}.`);
    // The newest first.
    await expect.poll(() => notes.getByRole("listitem").first().textContent()).toContain(aside);
    const second = notes.getByRole("listitem").filter({ hasText: aside });
    await second.getByRole("button", { name: "Delete note" }).click();
    await second.getByRole("button", { name: "Yes, delete it" }).click();
    await notice(page, `Note “${aside}” deleted.`);
    await expect.poll(() => second.count()).toBe(0);
    const left = (await panelCall(`customers/notes?customer_id=${jane.id}&per_page=50`, api)).body!.data.map((n: { note: string }) => n.note);
    expect(left).toContain(said);
    expect(left).not.toContain(aside);
    await atPhoneWidth(page, "customer-notes-390");
  });

  it("processes and completes the customer's export request, and downloads the export", async () => {
    const key = inject("storefrontKey");
    const shop = (path: string, body: unknown, bearer?: string) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-STOREFRONT-KEY": key, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const login = await shop("/api/shop/customer/login", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const asked = await shop("/api/shop/gdpr-requests", { type: "export", message: `Send me my data (${run}).` }, token);
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = (await asked.json()) as { id: number };

    const page = await openPage(browser(), "panel-people-privacy");
    await signInTo(page, `${baseUrl()}/admin/customers/privacy?status=pending`, "Privacy requests");
    const api = await sessionOf(page);
    await page.getByRole("link", { name: `Open request #${request.id} of ${DEMO_CUSTOMER.email}` }).click();
    await page.getByRole("heading", { name: `Privacy request #${request.id}`, level: 1 }).waitFor();
    expect(await inspect(page, "privacy-request")).toEqual([]);

    await page.getByRole("button", { name: "Start processing" }).click();
    await notice(page, `Request #${request.id} is now being processed.`);
    expect((await panelCall(`gdpr-requests/${request.id}`, api)).body).toMatchObject({ status: "processing" });

    await page.getByRole("button", { name: "Complete" }).click();
    await page.getByRole("button", { name: "Yes, complete it" }).click();
    await notice(page, `Request #${request.id} completed; ${DEMO_CUSTOMER.email} was mailed.`);
    expect((await panelCall(`gdpr-requests/${request.id}`, api)).body).toMatchObject({ status: "completed" });
    await expect.poll(() => page.getByTestId("request-status").textContent()).toBe("completed");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the export (JSON)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`privacy-export-${request.id}.json`);
    await notice(page, `The export of request #${request.id} was downloaded.`);

    await page.goto(`${baseUrl()}/admin/customers/privacy`);
    await page.getByRole("link", { name: `Open request #${request.id} of ${DEMO_CUSTOMER.email}` }).waitFor();
    expect(await inspect(page, "privacy-requests")).toEqual([]);
  });

  it("declines the customer's update request with the reason they are mailed", async () => {
    const key = inject("storefrontKey");
    const shop = (path: string, body: unknown, bearer?: string) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-STOREFRONT-KEY": key, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const login = await shop("/api/shop/customer/login", { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const asked = await shop("/api/shop/gdpr-requests", { type: "update", message: `Change my name to Janet (${run}).` }, token);
    expect(asked.status, await asked.clone().text()).toBe(201);
    const request = (await asked.json()) as { id: number };

    const page = await openPage(browser(), "panel-people-decline");
    await signInTo(page, `${baseUrl()}/admin/customers/privacy/${request.id}`, `Privacy request #${request.id}`);
    const api = await sessionOf(page);
    await page.getByRole("button", { name: "Decline…" }).click();
    const form = page.getByRole("form", { name: `Decline request #${request.id}` });
    // The reason is asked for: declining without one is refused in the form, and nothing moves.
    await form.getByRole("button", { name: "Decline request" }).click();
    await form.locator(".ap-field-error").filter({ hasText: "is required: say why the request is declined" }).waitFor();
    expect(await inspect(page, "privacy-decline")).toEqual([]);
    expect((await panelCall(`gdpr-requests/${request.id}`, api)).body).toMatchObject({ status: "pending", declineReason: null });

    const reason = `We need a copy of an identity document before changing the name on an account (${run}).`;
    await form.getByLabel("Reason for declining").fill(`  ${reason}  `);
    await form.getByRole("button", { name: "Decline request" }).click();
    await notice(page, `Request #${request.id} declined; ${DEMO_CUSTOMER.email} was mailed the reason.`);
    await expect.poll(() => page.getByTestId("request-status").textContent()).toBe("declined");
    await expect.poll(() => page.getByTestId("decline-reason").textContent()).toBe(reason);
    expect((await panelCall(`gdpr-requests/${request.id}`, api)).body).toMatchObject({ status: "declined", declineReason: reason });
    expect(await inspect(page, "privacy-declined")).toEqual([]);
  });
});
