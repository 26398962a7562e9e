// Issue 35, item 2: the owner runs orders in the panel. Two guest orders placed through the Shop API; the owner
// finds one by its email, narrows the list by status, opens it, invoices it, ships it with UPS and a tracking number,
// refunds one line (after the server refused too much, next to the field), comments on it, and cancels the other
// through the in-page confirmation. Each move says what happened, and the Admin API reads back what it did. Each is
// sent with the version of the order shown (If-Match), the next one with the version the last answered: a change made
// behind the panel's back (another tab) makes the next move say the order changed meanwhile, and write nothing.
import createClient from "openapi-fetch";
import type { Page } from "playwright-core";
import { beforeAll, describe, inject, it } from "vitest";
import type { components } from "../../lib/openapi/types/admin-api.ts";
import type { paths } from "../../lib/openapi/types/shop-api.ts";
import { guestCheckout } from "../support/openapi-checkout.ts";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { inspectScreen, signInTo } from "./support/panel-screens.ts";
import { panelCall } from "./support/panel.ts";

type AdminOrder = components["schemas"]["AdminOrder"];

/** The page's session cookie, for reading the Admin API as the signed-in admin. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The page's session as the Admin API takes it from a script (another tab): cookie, CSRF token and the panel's origin. */
async function sessionOf(page: Page) {
  const cookie = await cookieOf(page);
  const session = await panelCall("session", { cookie });
  return { cookie, csrf: session.body!.csrfToken as string, origin: baseUrl() };
}

async function readOrder(page: Page, id: number): Promise<AdminOrder> {
  const answer = await panelCall(`sales/orders/${id}`, { cookie: await cookieOf(page) });
  expect(answer.status).toBe(200);
  return answer.body as unknown as AdminOrder;
}

/** The notice the panel shows after a move, once it says `text`. */
async function notice(page: Page, text: RegExp): Promise<string> {
  const shown = page.getByTestId("notice").filter({ hasText: text });
  await shown.waitFor();
  return shown.innerText();
}

interface Placed {
  id: number;
  number: string;
}

const axeClean = async (page: Page, name: string) => expect(await inspectScreen(page, name)).toEqual([]);

describe("admin panel: orders", () => {
  const browser = useBrowser();
  const stamp = Date.now();
  let first: Placed;
  let second: Placed;
  const emailOf = (which: string) => `orders.${which}.${stamp}@example.com`;

  beforeAll(async () => {
    const shop = createClient<paths>({ baseUrl: baseUrl(), headers: { "X-STOREFRONT-KEY": inject("storefrontKey"), Accept: "application/json" } });
    const buy = async (which: string, firstName: string): Promise<Placed> => {
      const { order } = await guestCheckout(shop, {
        billingFirstName: firstName, billingLastName: "Orderly", billingEmail: emailOf(which),
        billingAddress: "12 Market Street", billingCity: "San Francisco", billingPostcode: "94103", billingCountry: "US", billingState: "CA",
        billingPhoneNumber: "+14155550100", useForShipping: true,
      });
      if (order.orderId === null || order.orderIncrementId === null) throw new Error(`the checkout placed no order: ${JSON.stringify(order)}`);
      return { id: order.orderId, number: order.orderIncrementId };
    };
    first = await buy("first", "Olive");
    second = await buy("second", "Otto");
  });

  it("finds an order, invoices, ships, refunds and comments on it, and cancels another", async () => {
    const page = await openPage(browser(), "panel-orders");
    await signInTo(page, "/admin/orders", "Orders");
    const orderLink = (number: string) => page.getByRole("link", { name: `Open order #${number}` });
    await orderLink(second.number).waitFor();
    await axeClean(page, "orders-list");

    // Search by the first order's email: only it is listed.
    await page.fill("input[name=q]", emailOf("first"));
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=orders\.first/);
    await orderLink(first.number).waitFor();
    await expect.poll(() => page.locator("table.ap-table tbody tr").count()).toBe(1);

    // A status it does not have empties the list; its own brings it back.
    await page.selectOption("select[name=status]", "canceled");
    await page.getByText("No order matches these filters.").waitFor();
    await page.selectOption("select[name=status]", "pending");
    await orderLink(first.number).waitFor();
    expect(page.url()).toContain("status=pending");

    await orderLink(first.number).click();
    await page.getByRole("heading", { name: `Order #${first.number}`, level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    await page.getByText("Not invoiced yet.").waitFor();
    await axeClean(page, "order-detail");
    const id = first.id;
    const before = await readOrder(page, id);
    const line = before.items[0];

    // Invoice: every unit left, as the form proposes.
    const panel = page.locator("#ap-order-move");
    await page.getByRole("button", { name: "Invoice", exact: true }).click();
    await expect.poll(() => panel.locator(`input[name=qty-${line.id}]`).inputValue()).toBe(String(line.qtyToInvoice));
    await axeClean(page, "order-invoice-form");
    await panel.getByRole("button", { name: "Create invoice" }).click();
    const invoiced = await notice(page, /invoiced: invoice #\d+/);
    const afterInvoice = await readOrder(page, id);
    expect(afterInvoice.invoiceIds).toHaveLength(1);
    expect(invoiced).toContain(`invoice #${afterInvoice.invoiceIds[0]}`);
    expect(afterInvoice).toMatchObject({ status: "processing", grandTotalInvoiced: before.grandTotal });
    await page.getByRole("cell", { name: `#${afterInvoice.invoiceIds[0]}` }).waitFor();

    // Ship: the form asks for the carrier and tracking number before the API is called.
    await page.getByRole("button", { name: "Ship", exact: true }).click();
    await panel.getByRole("button", { name: "Create shipment" }).click();
    await panel.locator(".ap-field", { hasText: "Carrier" }).first().getByText("is required").waitFor();
    await axeClean(page, "order-ship-form");
    await panel.locator("input[name=carrierTitle]").fill("UPS");
    await panel.locator("input[name=trackNumber]").fill(`1Z${stamp}`);
    await panel.getByRole("button", { name: "Create shipment" }).click();
    await notice(page, new RegExp(`shipped with UPS, tracking number 1Z${stamp}`));
    const afterShip = await readOrder(page, id);
    expect(afterShip.shipmentIds).toHaveLength(1);
    expect(afterShip.items[0]).toMatchObject({ qtyShipped: line.qtyOrdered, qtyInvoiced: line.qtyOrdered });
    const shipment = await panelCall(`sales/shipments/${afterShip.shipmentIds[0]}`, { cookie: await cookieOf(page) });
    expect(shipment.body).toMatchObject({ orderId: id, carrierTitle: "UPS", trackNumber: `1Z${stamp}` });
    expect(afterShip.status).toBe("completed");
    await page.getByRole("cell", { name: `1Z${stamp}` }).waitFor();

    // Refund one unit of the line: more than was invoiced is the server's refusal, shown with the quantities.
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await panel.locator(`input[name=qty-${line.id}]`).fill("1");
    await panel.locator("input[name=adjustmentRefund]").fill("100000");
    await panel.getByRole("button", { name: "Refund", exact: true }).click();
    await panel.locator("fieldset").getByText(/At most .* can be refunded/).waitFor();
    expect((await readOrder(page, id)).refundIds).toHaveLength(0);
    await axeClean(page, "order-refund-form");
    await panel.locator("input[name=adjustmentRefund]").fill("");
    await panel.getByRole("button", { name: "Refund", exact: true }).click();
    const refundedText = await notice(page, /Refund #\d+ of .* booked/);
    const afterRefund = await readOrder(page, id);
    expect(afterRefund.refundIds).toHaveLength(1);
    expect(refundedText).toContain(`Refund #${afterRefund.refundIds[0]}`);
    expect(afterRefund.grandTotalRefunded).toBe(line.price);
    expect(afterRefund.items[0].qtyRefunded).toBe(1);
    expect(afterRefund.status).toBe(line.price < before.grandTotal ? "completed" : "closed");

    // A comment, marked as told to the customer.
    const comment = `Called the customer about the refund (${stamp}).`;
    await page.locator("form[aria-label^='Comment on'] textarea[name=comment]").fill(comment);
    await page.getByLabel("The customer was told").check();
    await page.getByRole("button", { name: "Add comment" }).click();
    await notice(page, /Comment added to order #\d+, marked as told to the customer/);
    const afterComment = await readOrder(page, id);
    expect(afterComment.comments).toEqual([expect.objectContaining({ comment, customerNotified: true })]);
    await page.locator(".ap-order-history").getByText(comment).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await axeClean(page, "order-detail-390");

    // The second order: canceled after the page asks.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/orders/${second.id}`);
    await page.getByRole("heading", { name: `Order #${second.number}`, level: 1 }).waitFor();
    await page.getByRole("button", { name: "Cancel order", exact: true }).click();
    await panel.locator("textarea[name=comment]").fill("The customer asked to cancel.");
    await panel.getByRole("button", { name: "Cancel this order" }).click();
    await axeClean(page, "order-cancel-form");
    expect((await readOrder(page, second.id)).status).toBe("pending");
    // Someone comments on the order behind the panel's back, before the cancel is confirmed: the cancel is refused
    // (the order is no longer the one shown), the panel says so and shows the order as it is now; nothing is canceled.
    const meanwhile = `Changed in another tab (${stamp}).`;
    const behind = await panelCall(`sales/orders/${second.id}/comments`, { method: "POST", ...(await sessionOf(page)), body: { comment: meanwhile } });
    expect(behind.status).toBe(201);
    await panel.getByRole("button", { name: "Yes, cancel the order" }).click();
    await notice(page, /This order was changed meanwhile/);
    await panel.getByRole("alert").filter({ hasText: "This order was changed meanwhile" }).waitFor();
    await page.locator(".ap-order-comments").getByText(meanwhile).waitFor();
    expect((await readOrder(page, second.id)).status).toBe("pending");
    expect((await readOrder(page, second.id)).items[0].qtyCanceled).toBe(0);
    // Confirmed again, on the order as reloaded, it goes through.
    await panel.getByRole("button", { name: "Cancel this order" }).click();
    await panel.getByRole("button", { name: "Yes, cancel the order" }).click();
    await notice(page, /canceled: its units are back in stock/);
    const canceled = await readOrder(page, second.id);
    expect(canceled).toMatchObject({ status: "canceled", allowedEvents: [] });
    expect(canceled.comments.map((c) => c.comment)).toContain("The customer asked to cancel.");
    expect(canceled.items[0].qtyCanceled).toBe(canceled.items[0].qtyOrdered);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/orders");
    await orderLink(second.number).waitFor();
    await axeClean(page, "orders-list-390");
  });
});
