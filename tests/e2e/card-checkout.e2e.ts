// A guest pays by card on Stripe's page (the local stand-in for Stripe's API and hosted page, which sends the
// signed events to the server as Stripe does) and comes back to the store's thank-you page; the order is paid, with
// its invoice and the payment's transaction, on Stripe's word.
import { describe, inject, it } from "vitest";
import { expect, fillAddress, openPage, useBrowser } from "./support/browser.ts";
import { useServerDatabase } from "./support/database.ts";

const db = useServerDatabase();

describe("guest checkout by card", () => {
  const browser = useBrowser();

  it("pays on Stripe's page and finds the order paid", async () => {
    const page = await openPage(browser(), "guest-card-stripe");
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search products" }).fill("Red Cotton");
    await page.keyboard.press("Enter");
    await page.getByTestId("product-card").filter({ hasText: "Red Cotton T-Shirt" }).click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart").waitFor();

    await page.goto("/checkout");
    await fillAddress(page, { firstName: "Carla", lastName: "Card", email: "carla.card@example.com" });
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByLabel(/Flat Rate/).check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel(/Credit or debit card/).check();
    await page.getByRole("button", { name: "Review order" }).click();
    await page.getByRole("button", { name: "Place order" }).click();

    await page.waitForURL((url) => url.href.startsWith(`${inject("stripeUrl")}/c/pay/cs_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/checkout\/success/);
    const number = (await page.getByTestId("order-number").textContent())!.replace("#", "");

    const order = await db().order.findUniqueOrThrow({ where: { incrementId: number }, include: { invoices: true, paymentTransactions: true, payment: true } });
    expect(order.status).toBe("processing");
    expect(order.payment?.method).toBe("stripe");
    expect(order.invoices.map((i) => i.state)).toEqual(["paid"]);
    expect(order.paymentTransactions.map((t) => [t.provider, t.kind, t.status])).toEqual([["stripe", "capture", "succeeded"]]);
  });
});
