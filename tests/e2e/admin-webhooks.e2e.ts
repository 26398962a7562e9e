// An admin subscribes a receiver on this machine to product events in the panel's Webhooks page: the secret is
// shown once, a product change is delivered signed with it, the failed tries show in the deliveries view and a
// replay delivers; the subscription is switched off and on, its secret rotated, and it is deleted. Without the
// operator's allowance, a loopback URL is refused with the reason under the field.
//
// The shared app (tests/e2e/support/global-setup.ts) refuses loopback addresses, as production does; the receiver
// lives on 127.0.0.1, so the deliveries are tested on a second app of the same build, on its own demo database,
// given OUTBOUND_ALLOWED_NETWORKS=127.0.0.1/32 (and a one-second job poll, so a due retry is not waited for long).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { baseUrl, expect, openPage, useBrowser } from "./support/browser.ts";
import { serverEnv, startApp } from "./support/server.ts";
import { webhookReceiver, type Receiver } from "../support/webhook-receiver.ts";
import { freshDemoDatabase, removeDatabase } from "../../scripts/support/demo-database.ts";
import { freePort } from "../../scripts/support/free-port.ts";

async function signIn(page: Page, url: string, heading: string) {
  await page.goto(url);
  await page.fill("input[name=email]", "admin@example.com");
  await page.fill("input[name=password]", "Lantern-Orbit-Meadow-7");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

/** Changes a product's price through the Admin API with the page's session: a `product.updated` event. */
async function changeAProduct(page: Page, price: number): Promise<number> {
  return page.evaluate(async (price) => {
    const json = { Accept: "application/json", "Content-Type": "application/json" };
    const session = await (await fetch("/admin/api/session", { headers: json })).json();
    const products = await (await fetch("/api/admin/catalog/products?per_page=1", { headers: json })).json();
    const id = products.data[0].id as number;
    const res = await fetch(`/api/admin/catalog/products/${id}`, {
      method: "PATCH",
      headers: { ...json, "X-CSRF-Token": session.csrfToken },
      body: JSON.stringify({ price }),
    });
    if (!res.ok) throw new Error(`PATCH product ${id}: ${res.status} ${await res.text()}`);
    return id;
  }, price);
}

describe("admin panel: webhooks", () => {
  const browser = useBrowser();

  it.skipIf(!!process.env.OUTBOUND_ALLOWED_NETWORKS)("refuses a loopback URL and says why under the field", async () => {
    const page = await openPage(browser(), "admin-webhooks-loopback");
    await signIn(page, `${baseUrl()}/admin/settings/webhooks`, "Webhooks");
    await page.fill("input[name=url]", "http://127.0.0.1:9/hook");
    await page.getByRole("checkbox", { name: "Every event (*)" }).check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.locator(".ap-field-error", { hasText: "127.0.0.1 is a loopback address" }).waitFor();
    expect(await page.getByTestId("secret").count()).toBe(0);
    await page.getByText("No webhook subscriptions yet.").waitFor();
  });

  describe("on an app that may reach 127.0.0.1", () => {
    let receiver: Receiver;
    let app: Awaited<ReturnType<typeof startApp>>;
    const databaseUrl = `file:./data/e2e-webhooks-${process.pid}.db`;
    let failing = true;

    beforeAll(async () => {
      receiver = await webhookReceiver("/store-hooks");
      receiver.answer = () => (failing ? 500 : 204);
      const storefrontKey = await freshDemoDatabase(databaseUrl, "Browser tests");
      app = await startApp(
        { ...serverEnv(databaseUrl), STOREFRONT_KEY: storefrontKey, OUTBOUND_ALLOWED_NETWORKS: "127.0.0.1/32", WEBHOOK_POLL_SECONDS: "1" },
        await freePort(),
      );
    });
    afterAll(async () => {
      await app?.stop();
      await receiver?.close();
      removeDatabase(databaseUrl);
    });

    it("subscribes, delivers signed events, replays, switches off and on, rotates and deletes", async () => {
      const page = await openPage(browser(), "admin-webhooks");
      // Destructive steps ask in the page, never with the browser's confirm().
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await signIn(page, `${app.baseUrl}/admin/settings/tokens`, "Integration tokens");
      // Reached from the navigation.
      await page.getByRole("link", { name: "Webhooks" }).click();
      await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
      await page.getByText("No webhook subscriptions yet.").waitFor();

      // Subscribe: nothing chosen, nothing to send; a record's wildcard takes in its types.
      expect(await page.getByRole("button", { name: "Subscribe" }).isDisabled()).toBe(true);
      await page.getByRole("textbox", { name: /^URL/ }).fill(receiver.url);
      await page.getByRole("textbox", { name: /^Description/ }).fill("ERP stock sync");
      await page.getByRole("checkbox", { name: "all (product.*)" }).check();
      const productTypes = page.locator(".ap-perm-group", { has: page.locator(".ap-perm-area", { hasText: /^product$/ }) });
      expect(await productTypes.getByRole("checkbox", { name: "updated", exact: true }).isDisabled()).toBe(true);
      expect(await productTypes.getByRole("checkbox", { name: "updated", exact: true }).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Subscribe" }).click();
      const secret = await page.getByTestId("secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      receiver.secret = secret;
      const row = page.locator("tbody tr", { hasText: receiver.url });
      await row.getByText(receiver.url).waitFor();
      expect(await row.textContent()).toContain("product.*");
      expect(await row.textContent()).toContain("ERP stock sync");
      expect(await row.locator(".ap-badge").textContent()).toBe("active");
      // Shown once: hidden, it is gone for good.
      await page.getByRole("button", { name: "I have stored it, hide it" }).click();
      expect(await page.getByTestId("secret").count()).toBe(0);
      await page.reload();
      await row.getByText(receiver.url).waitFor();
      expect(await page.getByTestId("secret").count()).toBe(0);

      // A product change is sent, signed with that secret; the receiver fails the first try and its retry.
      const productId = await changeAProduct(page, 12.5);
      const about = () => receiver.got.filter((g) => g.body.type === "product.updated" && g.body.data.id === productId);
      await expect.poll(() => about().length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(2);
      expect(about().every((g) => g.verified)).toBe(true);
      expect(about().map((g) => g.answered)).toEqual([500, 500]);
      failing = false;

      // The list says it is failing and when it tries next; the deliveries view shows the tries and their answers.
      await page.reload();
      await row.getByText("2 failed tries in a row").waitFor();
      expect(await row.locator("td").nth(3).textContent()).not.toBe("—");
      await row.getByRole("button", { name: "Deliveries" }).click();
      const deliveries = page.getByTestId("deliveries");
      const delivery = deliveries.locator("tbody tr").first();
      await delivery.getByText("product.updated").waitFor();
      expect(await delivery.locator(".ap-badge").first().textContent()).toBe("pending");
      expect(await delivery.locator(".ap-tries li").count()).toBe(2);
      expect(await delivery.locator(".ap-tries li").first().textContent()).toContain("HTTP 500");
      expect(await delivery.locator(".ap-tries pre").first().textContent()).toBe("receiver says no");

      // A replay by hand delivers it, and moves the subscription on.
      await delivery.getByRole("button", { name: "Replay" }).click();
      await delivery.locator(".ap-badge", { hasText: "delivered" }).waitFor();
      await delivery.locator(".ap-tries li").first().getByText("replay").waitFor();
      expect(await delivery.locator(".ap-tries li").first().textContent()).toContain("HTTP 204");
      expect(about().map((g) => g.answered)).toEqual([500, 500, 204]);
      expect(about().every((g) => g.verified)).toBe(true);
      // The same webhook-id on every try: the receiver's dedupe key.
      expect(new Set(about().map((g) => g.id)).size).toBe(1);
      await row.locator("td").nth(3).getByText("—").waitFor();
      expect(await row.textContent()).not.toContain("failed tries in a row");
      await deliveries.getByRole("button", { name: "Close" }).click();
      expect(await page.getByTestId("deliveries").count()).toBe(0);

      // Switched off, then on again.
      await row.getByRole("button", { name: "Switch off" }).click();
      await row.locator(".ap-badge", { hasText: "off" }).waitFor();
      await row.getByRole("button", { name: "Switch on" }).click();
      await row.locator(".ap-badge", { hasText: "active" }).waitFor();

      // A rotated secret is shown once, and the next delivery is signed with it.
      await row.getByRole("button", { name: "Rotate secret" }).click();
      await row.getByRole("button", { name: "Yes, rotate it" }).click();
      const rotated = await page.getByTestId("secret").inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await page.getByRole("button", { name: "I have stored it, hide it" }).click();
      receiver.secret = rotated;
      const before = receiver.got.length;
      await changeAProduct(page, 13.75);
      await expect.poll(() => receiver.got.length, { timeout: 20_000, interval: 250 }).toBeGreaterThan(before);
      expect(receiver.got.slice(before).every((g) => g.verified && g.answered === 204)).toBe(true);

      // Deleted after a confirmation in the page.
      await row.getByRole("button", { name: "Delete" }).click();
      await row.getByRole("button", { name: "Yes, delete it" }).click();
      await page.getByText("No webhook subscriptions yet.").waitFor();
      expect(dialogs).toEqual([]);
    });
  });
});
