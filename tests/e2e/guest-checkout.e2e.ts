// A guest finds a product, fills a cart and pays cash on delivery.
import { describe, it } from "vitest";
import { expect, fillAddress, openPage, useBrowser } from "./support/browser.ts";

describe("guest checkout", () => {
  const browser = useBrowser();

  it("buys a product with cash on delivery", async () => {
    const page = await openPage(browser(), "guest-cash-on-delivery");
    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search products" }).fill("Red Cotton");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: /Results for/ }).waitFor();
    await page.getByTestId("product-card").filter({ hasText: "Red Cotton T-Shirt" }).click();

    await page.getByRole("heading", { name: "Red Cotton T-Shirt" }).waitFor();
    // The demo store's own picture, loaded from the image URL the API answered (not the placeholder).
    const picture = page.locator("img.sf-product-img");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(480);
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart").waitFor();
    await expect.poll(() => page.getByTestId("cart-link").textContent()).toBe("Cart (2)");

    await page.getByTestId("cart-link").click();
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(1);
    await page.getByRole("link", { name: "Proceed to checkout" }).click();

    await page.getByText("Checking out as a guest").waitFor();
    await fillAddress(page, { firstName: "Gina", lastName: "Guest", email: "gina.guest@example.com" });
    await page.getByRole("button", { name: "Continue to shipping" }).click();
    await page.getByLabel(/Flat Rate/).check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel(/Cash On Delivery/).check();
    await page.getByRole("button", { name: "Review order" }).click();
    await page.getByRole("button", { name: "Place order" }).click();

    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(await page.getByTestId("order-number").textContent()).toMatch(/^#\d+$/);
    await expect.poll(() => page.getByTestId("cart-link").textContent()).toBe("Cart (0)");
  });
});
