// Issue 35, items 1 and 4: the panel's home shows the store to its owner (a guest's new order among the newest and
// among those to invoice and to ship, counted by the server's `awaiting` filter, with a link to the orders list so
// filtered; the period's figures as the reporting API gives them, charts that follow the period),
// the reports page draws each report type and downloads the products table as CSV for the same window, and an
// admin whose role only reads orders meets neither a Catalog section nor a catalog widget nor an error.
import fs from "node:fs";
import createClient from "openapi-fetch";
import type { Page } from "playwright-core";
import { beforeAll, describe, inject, it } from "vitest";
import type { paths } from "../../lib/openapi/types/shop-api.ts";
import { guestCheckout, type GuestCheckout } from "../support/openapi-checkout.ts";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { inspectScreen, OWNER, signInTo } from "./support/panel-screens.ts";
import { panelCall } from "./support/panel.ts";

const DAY = 86400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** The window of "the last n days" as the reports count it: whole UTC days ending today. */
const lastDays = (n: number) => ({ start: utcDay(new Date(Date.now() - (n - 1) * DAY)), end: utcDay(new Date()) });

/** Picks a report; the radio follows the address, so it shows checked once the page has moved there. */
async function chooseReport(page: Page, name: string) {
  const radio = page.getByRole("radio", { name });
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

/** The page's session cookie, for reading the Admin API as the signed-in admin. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

async function report(cookie: string, entity: string, query: Record<string, string>) {
  const answer = await panelCall(`reporting/${entity}?${new URLSearchParams(query).toString()}`, { cookie });
  expect(answer.status).toBe(200);
  return (answer.body as unknown as { statistics: Record<string, any>; dateRange: { current: string } }[])[0];
}

/** How many orders the Admin API's list counts as waiting for `awaiting` (its `awaiting` filter's total). */
async function awaitingTotal(cookie: string, awaiting: "invoice" | "shipment"): Promise<number> {
  const answer = await panelCall(`sales/orders?awaiting=${awaiting}&per_page=1`, { cookie });
  expect(answer.status).toBe(200);
  return answer.body!.meta.total as number;
}

describe("admin panel: home and reports", () => {
  const browser = useBrowser();
  let placed: GuestCheckout;

  beforeAll(async () => {
    const shop = createClient<paths>({ baseUrl: baseUrl(), headers: { "X-STOREFRONT-KEY": inject("storefrontKey"), Accept: "application/json" } });
    placed = await guestCheckout(shop, {
      billingFirstName: "Hilda", billingLastName: "Homepage", billingEmail: `home.${Date.now()}@example.com`,
      billingAddress: "12 Market Street", billingCity: "San Francisco", billingPostcode: "94103", billingCountry: "US", billingState: "CA",
      billingPhoneNumber: "+14155550100", useForShipping: true,
    });
  });

  it("shows the owner the new order, what waits, the reports' figures, and charts that follow the period", async () => {
    const page = await openPage(browser(), "panel-home");
    await signInTo(page, "/admin", "Home");
    const number = placed.order.orderIncrementId;

    const newest = page.getByTestId("newest-orders").getByRole("link", { name: `#${number}`, exact: true });
    await newest.waitFor();
    expect(await newest.getAttribute("href")).toBe(`/admin/orders/${placed.order.orderId}`);

    // What waits: the new order is to invoice and to ship, and each card's count is the server's total.
    const cookie = await cookieOf(page);
    await page.getByTestId("to-invoice").getByRole("link", { name: `Order #${number}` }).waitFor();
    expect(await page.getByTestId("to-invoice-count").textContent()).toBe(String(await awaitingTotal(cookie, "invoice")));
    await page.getByTestId("to-ship").getByRole("link", { name: `Order #${number}` }).waitFor();
    expect(await page.getByTestId("to-ship-count").textContent()).toBe(String(await awaitingTotal(cookie, "shipment")));
    expect(await page.getByTestId("to-invoice").getByRole("listitem").count()).toBeLessThanOrEqual(5);

    // The default period, the last 7 days: the figure is the report's, the chart has a point per day.
    const week = lastDays(7);
    const weekSales = await report(cookie, "sales", { type: "total-sales", ...week });
    await expect.poll(() => page.getByTestId("period-sales-value").textContent()).toBe(weekSales.statistics.sales.formatted_current);
    expect(weekSales.statistics.sales.current).toBeGreaterThan(0);
    const chartDays = () => page.getByTestId("chart-sales-table").locator("tbody th").allTextContents();
    expect(await chartDays()).toEqual(weekSales.statistics.over_time.current.map((p: { label: string }) => p.label));

    expect(await inspectScreen(page, "panel-home-1280")).toEqual([]);

    // Another period: the figures and both charts are redrawn from the reports of that window.
    await page.locator("select[name=period]").selectOption("30d");
    const month = lastDays(30);
    const monthSales = await report(cookie, "sales", { type: "total-sales", ...month });
    await expect.poll(async () => (await chartDays()).length).toBe(30);
    expect(await chartDays()).toEqual(monthSales.statistics.over_time.current.map((p: { label: string }) => p.label));
    expect(await page.getByTestId("period-sales-value").textContent()).toBe(monthSales.statistics.sales.formatted_current);
    await expect.poll(async () => page.getByTestId("chart-orders-table").locator("tbody tr").count()).toBe(30);
    const monthOrders = await report(cookie, "sales", { type: "total-orders", ...month });
    expect(await page.getByTestId("period-orders-value").textContent()).toBe(monthOrders.statistics.orders.current.toLocaleString("en-US"));
    expect(page.url()).toContain("period=30d");

    await page.locator("select[name=period]").selectOption("today");
    await expect.poll(async () => (await chartDays()).length).toBe(1);
    expect(await page.getByTestId("low-stock").isVisible()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("to-invoice-count").waitFor();
    expect(await inspectScreen(page, "panel-home-390")).toEqual([]);

    // The card leads to the orders list with the same filter: the same total, the new order on its first page.
    await page.setViewportSize({ width: 1280, height: 900 });
    const toShip = await awaitingTotal(cookie, "shipment");
    await page.getByRole("link", { name: "All orders to ship" }).click();
    await page.waitForURL(/\/admin\/orders\?awaiting=shipment$/);
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    await expect.poll(() => page.locator("select[name=awaiting]").inputValue()).toBe("shipment");
    await page.getByText(new RegExp(`^Page 1 of \\d+ · ${toShip} orders$`)).waitFor();
    await page.locator(`table a[href="/admin/orders/${placed.order.orderId}"]`).waitFor();
    // Choosing the other value there refilters by the server.
    await page.locator("select[name=awaiting]").selectOption("invoice");
    await page.waitForURL(/awaiting=invoice/);
    await page.getByText(new RegExp(`^Page 1 of \\d+ · ${await awaitingTotal(cookie, "invoice")} orders$`)).waitFor();
    expect(await inspectScreen(page, "orders-awaiting-invoice")).toEqual([]);
  });

  it("draws each report as a chart and a table and downloads the products table as CSV", async () => {
    const page = await openPage(browser(), "panel-reports");
    await signInTo(page, "/admin/reports", "Reports");
    const cookie = await cookieOf(page);
    const window = lastDays(30);

    // Products, total sold quantities: a chart with its summary, and the API's own table.
    const sold = await report(cookie, "products", { type: "total-sold-quantities", ...window });
    await expect.poll(() => page.getByTestId("report-current").textContent()).toBe(String(sold.statistics.quantities.current));
    await page.getByTestId("report-table").getByRole("cell", { name: window.end, exact: true }).waitFor();
    expect(await inspectScreen(page, "panel-reports-1280")).toEqual([]);

    // Another type: the best sellers by revenue, the bought product among them.
    await page.locator("select[name=type]").selectOption("top-selling-products-by-revenue");
    await page.getByTestId("report-chart").getByText(placed.product.name, { exact: true }).first().waitFor();
    await page.getByTestId("report-table").getByRole("columnheader", { name: "Revenue" }).waitFor();

    // Its file, for the same window: CSV with the table's header row.
    const link = page.getByTestId("export-csv");
    const href = (await link.getAttribute("href"))!;
    expect(href).toContain(`start=${window.start}`);
    expect(href).toContain(`end=${window.end}`);
    expect(href).toContain("format=csv");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`products-top-selling-products-by-revenue-${window.start}-${window.end}.csv`);
    const csv = fs.readFileSync(await download.path(), "utf8");
    const [header, ...lines] = csv.trim().split("\n");
    expect(header).toBe("ID,Name,Price,Revenue");
    expect(lines.some((l) => l.includes(placed.product.name))).toBe(true);

    // The sales report: its figure is the API's for the window.
    await chooseReport(page, "Sales");
    const sales = await report(cookie, "sales", { type: "total-sales", ...window });
    await expect.poll(() => page.getByTestId("report-current").textContent()).toBe(sales.statistics.sales.formatted_current);
    await page.locator("select[name=type]").selectOption("total-orders");
    const orders = await report(cookie, "sales", { type: "total-orders", ...window });
    await expect.poll(() => page.getByTestId("report-current").textContent()).toBe(orders.statistics.orders.current.toLocaleString("en-US"));

    // The customers report, and a shorter period.
    await chooseReport(page, "Customers");
    await page.locator("select[name=period]").selectOption("7d");
    const customers = await report(cookie, "customers", { type: "total-customers", ...lastDays(7) });
    await expect.poll(() => page.getByTestId("report-current").textContent()).toBe(String(customers.statistics.customers.current));
    await expect.poll(() => page.getByTestId("report-table").locator("tbody tr").count()).toBe(7);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await inspectScreen(page, "panel-reports-390")).toEqual([]);
  });

  it("shows an admin whose role only reads orders no Catalog section, no catalog widget and no error", async () => {
    const signedIn = await panelCall("session", { method: "POST", body: OWNER });
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0];
    const csrf = ((await panelCall("session", { cookie })).body as { csrfToken: string }).csrfToken;
    const role = await panelCall("settings/roles", {
      method: "POST", cookie, csrf,
      body: { name: `Orders only ${Date.now()}`, permissionType: "custom", permissions: ["sales.orders.view"] },
    });
    expect(role.status).toBe(201);
    const who = { email: `orders.only.${Date.now()}@example.com`, password: "Quartz-Ferry-Willow-42" };
    const user = await panelCall("settings/users", { method: "POST", cookie, csrf, body: { name: "Orders Only", ...who, roleId: role.body!.id } });
    expect(user.status).toBe(201);

    const page = await openPage(browser(), "panel-home-orders-only");
    await signInTo(page, "/admin", "Home", who);
    const nav = page.getByRole("navigation", { name: "Admin screens" });
    expect(await nav.textContent()).not.toContain("Catalog");
    expect(await nav.getByRole("link", { name: "Orders" }).count()).toBe(1);

    // What the role may read is there…
    await page.getByTestId("newest-orders").getByRole("link", { name: `#${placed.order.orderIncrementId}`, exact: true }).waitFor();
    await page.getByTestId("to-invoice-count").waitFor();
    await page.getByTestId("period-sales-value").waitFor();
    await page.getByTestId("chart-sales").waitFor();
    await page.getByTestId("top-products").waitFor();
    // …and nothing else: no stock, no customers, no returns, no link into the catalog, and no refusal.
    expect(await page.getByTestId("low-stock").count()).toBe(0);
    expect(await page.getByTestId("period-customers").count()).toBe(0);
    expect(await page.getByTestId("returns-to-answer").count()).toBe(0);
    expect(await page.locator('main a[href^="/admin/catalog"]').count()).toBe(0);
    expect(await page.locator("main .ap-error, main [role=alert]").count()).toBe(0);
    expect(await inspectScreen(page, "panel-home-orders-only")).toEqual([]);

    // Reports offers what the role may read: products and sales, not customers.
    await page.goto("/admin/reports");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    await page.getByTestId("report-chart").waitFor();
    expect(await page.getByRole("radio", { name: "Customers" }).count()).toBe(0);
    await chooseReport(page, "Sales");
    await page.getByTestId("report-current").waitFor();
    expect(await page.locator("main .ap-error, main [role=alert]").count()).toBe(0);
  });
});
