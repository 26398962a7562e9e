// A new customer registers, buys a configurable product through the offsite payment gateway and finds the order
// in their account.
import { describe, it } from "vitest";
import { expect, fillAddress, openPage, useBrowser } from "./support/browser.ts";

describe("customer checkout with the offsite gateway", () => {
  const browser = useBrowser();

  it("registers, pays on the gateway page and sees the order", async () => {
    const page = await openPage(browser(), "customer-offsite-gateway");
    const email = `casey.${Date.now()}@example.com`;
    await page.goto("/account");
    await page.fill("input[name=register-firstName]", "Casey");
    await page.fill("input[name=register-lastName]", "Customer");
    await page.fill("input[name=register-email]", email);
    await page.fill("input[name=register-password]", "Sturdy-Passw0rd!");
    await page.fill("input[name=register-confirmPassword]", "Sturdy-Passw0rd!");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Hello, Casey" }).waitFor();
    await page.getByText("You have no orders yet").waitFor();

    await page.getByRole("link", { name: "Men", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Men" }).waitFor();
    await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
    await page.waitForURL(/sort=price-asc/);
    await page.getByTestId("product-card").first().waitFor();
    await page.getByRole("searchbox", { name: "Search products" }).fill("Classic");
    await page.keyboard.press("Enter");
    await page.getByTestId("product-card").filter({ hasText: "Classic T-Shirt" }).click();
    await page.getByRole("button", { name: "Blue" }).click();
    await page.getByRole("button", { name: "M", exact: true }).click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart").waitFor();

    await page.goto("/checkout");
    await expect.poll(() => page.inputValue("input[name=billingEmail]")).toBe(email);
    await fillAddress(page, {});
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByLabel(/Flat Rate/).check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel(/simulated/i).check();
    await page.getByRole("button", { name: "Review order" }).click();
    await page.getByRole("button", { name: "Place order" }).click();

    await page.waitForURL(/\/payment-gateway\//);
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/\/checkout\/success/);
    const number = (await page.getByTestId("order-number").textContent())!.replace("#", "");

    await page.getByRole("link", { name: "See your orders" }).click();
    await page.getByTestId("orders").getByRole("link", { name: `#${number}` }).click();
    await page.getByRole("heading", { name: `Order #${number}` }).waitFor();
    await page.getByText("Classic T-Shirt").first().waitFor();
  });
});
