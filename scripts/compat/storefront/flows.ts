// The shopper flows of a compatibility run: each drives the storefront in Chromium as a shopper would (links,
// buttons, typing) and checks what the shopper sees. Selectors are roles, labels, placeholders, titles, input
// names and visible texts found at run time; nothing of the storefront is copied here. A flow throws a short
// sentence saying what the shopper did not see; the runner (run.ts) adds the screenshot and what the service said.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { Catalog, GraphqlCall } from "./servers.ts";

export interface Harness {
  browser: Browser;
  /** The storefront's origin. */
  storefront: string;
  /** This service's origin (for the setup the orders flow needs: an order of the demo customer). */
  service: string;
  storefrontKey: string;
  catalog: Catalog;
  customer: { email: string; password: string; firstName: string; lastName: string };
  /** The GraphQL calls the storefront made to this service so far, with their answers' errors (the proxy's record). */
  calls: readonly GraphqlCall[];
}

export interface FlowRun {
  h: Harness;
  /** A watched page in `context`, or in a fresh context (no cookies, no storage) when none is given. */
  page(context?: BrowserContext): Promise<Page>;
  /** Keeps the page's context open after the flow, for later flows (a fresh context is closed otherwise). */
  keep(page: Page): void;
}

export interface Flow {
  name: string;
  run(t: FlowRun): Promise<void>;
}

/** Raised when a flow cannot start because one it depends on failed; the message says which. */
export class Needs extends Error {}

/** State some flows hand on: the guest cart of the cart flows, the signed-in customer of the account flows. */
const state: {
  cart?: { page: Page; failed?: string };
  customer?: { context: BrowserContext; failed?: string };
  signedUp?: { email: string; password: string };
} = {};

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const NAV_TIMEOUT = 180_000; // next dev compiles a page on its first visit

async function open(page: Page, h: Harness, pathname: string): Promise<void> {
  const res = await page.goto(new URL(pathname, h.storefront).toString(), { waitUntil: "domcontentloaded", timeout: NAV_TIMEOUT });
  if (res && res.status() >= 500) throw new Error(`${pathname} answered ${res.status()}`);
  await settle(page);
}

/**
 * Lets the page load its scripts and hydrate: a click on server-rendered HTML before React attached its handlers
 * does nothing (or submits a form natively). next dev keeps a socket open, so network quiet is a hint, not a must.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load", { timeout: NAV_TIMEOUT }).catch(() => undefined);
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}

/** Clicks `trigger` until `shows` appears (a click before hydration is lost), for at most `timeout`; else throws `what`. */
async function clickUntil(trigger: Locator, shows: Locator, what: string, timeout = 60_000): Promise<Locator> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    await trigger.click({ timeout: Math.max(1000, deadline - Date.now()) }).catch(() => undefined);
    if (await shows.first().waitFor({ state: "visible", timeout: 5000 }).then(() => true, () => false)) return shows.first();
  }
  throw new Error(what);
}

/**
 * Waits for the first visible one of `locator` (a page may hold hidden copies, such as a print-only pane); else
 * throws `what` as the flow's error.
 */
async function see(locator: Locator, what: string, timeout = 60_000): Promise<Locator> {
  const shown = locator.filter({ visible: true }).first();
  try {
    await shown.waitFor({ state: "visible", timeout });
  } catch {
    throw new Error(what);
  }
  return shown;
}

async function waitForPath(page: Page, pattern: RegExp, what: string, timeout = 120_000): Promise<void> {
  try {
    await page.waitForURL((u) => pattern.test(u.pathname + u.search), { timeout, waitUntil: "commit" });
  } catch {
    throw new Error(`${what} (still at ${new URL(page.url()).pathname})`);
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The product cards of a listing: links to product pages named "View <product>". */
const productCards = (page: Page) => page.locator('a[href^="/product/"][aria-label^="View "]');

/** Types into the header's search box and submits, as a shopper looking for `text`. */
async function search(page: Page, h: Harness, text: string): Promise<void> {
  if (!/^https?:/.test(page.url()) || new URL(page.url()).origin !== h.storefront) await open(page, h, "/");
  const box = await see(page.locator('input[name="search"]:visible'), "no search box in the header");
  await box.fill(text);
  await box.press("Enter");
  await waitForPath(page, /^\/search\?.*q=/, "searching did not open the search results");
}

/** Finds `name` by searching and opens its page from the results. */
async function openProduct(page: Page, h: Harness, name: string): Promise<void> {
  await search(page, h, name);
  const card = await see(page.locator(`a[href^="/product/"][aria-label="View ${name}"]`), `the search results for "${name}" do not list it`);
  // Near the picture's top left corner: its middle and right hold the card's own buttons (cart, wishlist, compare).
  // A click the page was not ready for is lost, so it is repeated.
  for (let attempt = 1; ; attempt++) {
    await card.click({ position: { x: 12, y: 12 } });
    try {
      await waitForPath(page, /^\/product\//, `clicking "${name}" in the results did not open its page`, 40_000);
      break;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
  await see(page.getByRole("heading", { level: 1, name }), `the product page does not show the title "${name}"`);
}

/** The product page's own add-to-cart button (the cards of related products have one too, outside any form). */
const mainAddToCart = (page: Page) => page.locator('form button[aria-label="Add to cart"]');

/**
 * Every toast (the storefront's notices are alerts) a page showed since it loaded, kept by a script installed before
 * any of the page's own (TOAST_RECORDER), since a toast is gone after a few seconds.
 */
export const TOAST_RECORDER = `(() => {
  const seen = [];
  Object.defineProperty(window, "__sfCompatToasts", { value: seen });
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[role="alert"]')) {
      if (el.closest("next-route-announcer, #__next-route-announcer__, nextjs-portal")) continue;
      const text = (el.textContent || "").replace(/\\s+/g, " ").trim();
      if (text && !seen.includes(text)) seen.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

async function toasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __sfCompatToasts?: string[] }).__sfCompatToasts ?? []).catch(() => []);
}

/** Waits for a toast after the `before` first ones; answers the new ones joined, or "" when none came within `timeout`. */
async function toastAfter(page: Page, before: number, timeout = 60_000): Promise<string> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const all = await toasts(page);
    if (all.length > before) {
      await page.waitForTimeout(300);
      return (await toasts(page)).slice(before).join(" | ");
    }
    await page.waitForTimeout(250);
  }
  return "";
}

async function addSimpleToCart(page: Page, h: Harness): Promise<void> {
  await openProduct(page, h, h.catalog.simple.name);
  if (await page.locator('button[aria-label="Out of stock"]').first().isVisible()) throw new Error("the product page says Out of stock");
  const button = await see(mainAddToCart(page), "the product page has no Add to cart button");
  const before = (await toasts(page)).length;
  await button.click();
  const said = await toastAfter(page, before);
  if (!said) throw new Error("adding to the cart showed no notice");
  if (!/added/i.test(said)) throw new Error(`adding to the cart was refused: "${said.slice(0, 160)}"`);
  const cartButton = await see(page.locator('button[aria-label="Open cart"]:visible'), "the header shows no cart button");
  await clickUntil(cartButton, page.getByText("My Cart", { exact: true }), "the cart button did not open the cart");
  await see(cartLine(page, h.catalog.simple.name), "the cart does not show the product that was added");
}

/**
 * Opens the cart drawer from the header (at desktop widths the storefront's /cart page is a 404 by design: the
 * drawer is the cart there).
 */
async function openCart(page: Page, h: Harness): Promise<void> {
  await open(page, h, "/");
  const cartButton = await see(page.locator('button[aria-label="Open cart"]:visible'), "the header shows no cart button");
  await clickUntil(cartButton, page.getByText("My Cart", { exact: true }), "the cart button did not open the cart");
}

/** A cart line: the link to the product, named by the product (drawer and cart page alike). */
const cartLine = (page: Page, name: string) => page.locator(`li:has(a[aria-label="${name}"][href^="/product/"])`);

async function quantityOf(line: Locator): Promise<string> {
  return ((await line.locator("p.w-6, p:has(> span)").last().textContent()) ?? "").trim();
}

/**
 * Opens the account menu in the header (the popover of a guest, the drawer of a customer) and answers `item` in it.
 */
/**
 * The header's account button, clicked until `item` shows. Signed in, the storefront renders its header on the server
 * as signed out and then hydrates it signed in; React does not patch the mismatched attributes (its own hydration
 * warning says so), so the button of a signed-in customer may keep the signed-out `aria-label` while it opens the
 * profile drawer. A signed-in flow takes either label and judges by what the click opens.
 */
async function accountMenu(page: Page, signedIn: boolean, item: Locator, what: string): Promise<Locator> {
  const selector = signedIn ? 'button[aria-label="Open profile drawer"]:visible, button[aria-label="Open account"]:visible' : 'button[aria-label="Open account"]:visible';
  const button = await see(page.locator(selector).first(), signedIn ? "the header shows no account button of a signed-in customer" : "the header shows no account button");
  return clickUntil(button, item, what);
}

async function signIn(page: Page, h: Harness, email: string, password: string): Promise<void> {
  await open(page, h, "/");
  await (await accountMenu(page, false, page.locator('a[aria-label="Go to sign in page"]:visible'), "the account menu shows no sign-in link")).click();
  await waitForPath(page, /^\/customer\/login/, "the sign-in link did not open the sign-in page");
  const form = page.locator('form:has(input[name="username"])');
  await (await see(form.locator('input[name="username"]'), "the sign-in page has no email field")).fill(email);
  await form.locator('input[name="password"]').fill(password);
  const before = (await toasts(page)).length;
  await form.getByRole("button", { name: /sign in/i }).first().click();
  const said = await toastAfter(page, before);
  if (!/welcome|success/i.test(said)) {
    const invalid = (await form.locator('[data-slot="error-message"], .text-danger, [class*="text-red"]').allTextContents().catch(() => [])).join(" ").trim();
    throw new Error(said ? `signing in was refused: "${said.slice(0, 160)}"` : invalid ? `the sign-in form refused the input: "${invalid.slice(0, 120)}"` : "signing in showed no notice");
  }
  await waitForPath(page, /^\/$/, "signing in did not lead back to the home page");
  await see(page.locator('button[aria-label="Open profile drawer"]:visible'), "after signing in the header does not show the customer's account button");
}

/** The signed-in demo customer's context, made by the sign-in flow; flows that need it say so when it failed. */
async function customerPage(t: FlowRun): Promise<Page> {
  if (!state.customer) throw new Needs("needs a signed-in customer: the sign-in flow did not run");
  if (state.customer.failed) throw new Needs(`needs a signed-in customer: sign-in failed (${state.customer.failed})`);
  return t.page(state.customer.context);
}

async function fillCheckoutAddress(page: Page): Promise<void> {
  const fields: [string, string][] = [
    ["billing.firstName", "Ada"],
    ["billing.lastName", "Lovelace"],
    ["billing.address", "12 Analytical Street"],
    ["billing.country", "US"],
    ["billing.state", "CA"],
    ["billing.city", "San Francisco"],
    ["billing.postcode", "94107"],
    ["billing.phone", "4155550100"],
  ];
  await see(page.locator('input[name="billing.firstName"]'), "checkout shows no address form after the email step");
  for (const [name, value] of fields) await page.locator(`input[name="${name}"]`).fill(value);
  // When the form asks for a separate shipping address, the same one.
  if (await page.locator('input[name="shipping.firstName"]').isVisible()) {
    for (const [name, value] of fields) {
      const shipping = page.locator(`input[name="${name.replace("billing.", "shipping.")}"]`);
      if (await shipping.isVisible()) await shipping.fill(value);
    }
  }
}

/** The step button of checkout whose text is `text` (every step's button has the same accessible name). */
const stepButton = (page: Page, text: string) => page.locator('button[aria-label="Proceed to checkout"]:visible').filter({ hasText: text }).last();

/** Chooses the radio option whose text matches `text` (the first one when omitted) in the last radio group shown. */
async function choose(page: Page, what: string, text?: RegExp): Promise<string> {
  // The group of this step may come after the previous step's group is shown: wait for the wanted option first.
  if (text) await page.locator("label:has(input[type=radio])").filter({ hasText: text }).first().waitFor({ state: "visible", timeout: 60_000 }).catch(() => undefined);
  const group = page.getByRole("radiogroup").last();
  await see(group, `checkout shows no ${what} to choose from`);
  const options = group.locator("label:has(input[type=radio])");
  await see(options, `checkout lists no ${what}`);
  const option = text ? options.filter({ hasText: text }) : options;
  if (!(await option.count())) {
    const shown = (await options.allTextContents()).map((s) => s.trim()).join(", ");
    throw new Error(`checkout lists no ${what} matching ${text} (it lists: ${shown || "nothing"})`);
  }
  await option.first().click();
  return ((await option.first().textContent()) ?? "").trim();
}

/** A guest adds the simple product, checks out with `payment` and reaches the success page. */
async function guestCheckout(t: FlowRun, payment: RegExp): Promise<void> {
  const page = await t.page();
  try {
    await addSimpleToCart(page, t.h);
  } catch (e) {
    throw new Needs(`could not put a product in the cart: ${(e as Error).message}`);
  }
  const proceed = await see(page.getByRole("button", { name: /proceed to checkout/i }).filter({ hasText: /proceed to checkout/i }), "the cart has no Proceed to Checkout button");
  await proceed.click();
  await waitForPath(page, /^\/checkout/, "Proceed to Checkout did not open checkout");
  const email = `guest-${Date.now().toString(36)}@example.com`;
  await (await see(page.getByPlaceholder("Enter email address"), "checkout does not ask for an email")).fill(email);
  await stepButton(page, "Next").click();
  await fillCheckoutAddress(page);
  await stepButton(page, "Next").click();
  await choose(page, "shipping method");
  await stepButton(page, "Next").click();
  await choose(page, "payment method", payment);
  await stepButton(page, "Continue").click();
  const place = await see(stepButton(page, "Place Order"), "checkout shows no Place Order button after the payment step");
  await place.click();
  await waitForPath(page, /^\/success/, "placing the order did not open the success page", 120_000);
  await see(page.getByText(/your order\s*#\s*\S+/i), "the success page does not show an order number");
}

/** The demo customer's order, placed through this service's REST API: the orders flow reads it in the storefront. */
async function placeCustomerOrder(h: Harness): Promise<string> {
  const call = async (method: string, path: string, body: unknown, bearer?: string) => {
    const res = await fetch(new URL(path, h.service), {
      method,
      headers: { "X-STOREFRONT-KEY": h.storefrontKey, "Content-Type": "application/json", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Error(`setup: ${method} ${path} answered ${res.status} ${JSON.stringify(json).slice(0, 160)}`);
    return json;
  };
  const login = await call("POST", "/api/shop/customer/login", { email: h.customer.email, password: h.customer.password });
  const token = (login.token ?? login.accessToken) as string | undefined;
  if (!token) throw new Error("setup: the customer login answered no token");
  await call("POST", "/api/shop/cart/add-to-cart", { productId: h.catalog.simple.id, quantity: 1 }, token);
  await call("POST", "/api/shop/checkout/set-billing-address", {
    billingFirstName: h.customer.firstName, billingLastName: h.customer.lastName, billingEmail: h.customer.email,
    billingAddress: "12 Analytical Street", billingCountry: "US", billingState: "CA", billingCity: "San Francisco",
    billingPostcode: "94107", billingPhoneNumber: "4155550100", useForShipping: true,
  }, token);
  await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }, token);
  await call("POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" }, token);
  const placed = await call("POST", "/api/shop/checkout/place-order", {}, token);
  const increment = placed.orderIncrementId ?? placed.orderId;
  if (typeof increment !== "string" && typeof increment !== "number") throw new Error("setup: placing the order answered no order number");
  return String(increment);
}

// ---------------------------------------------------------------------------------------------------------------
// The flows, in the order they run

export const FLOWS: Flow[] = [
  {
    name: "home",
    async run(t) {
      const page = await t.page();
      await open(page, t.h, "/");
      await see(productCards(page), "the home page shows no product");
      const named = await productCards(page).first().getAttribute("aria-label");
      if (!named || named === "View " || /undefined|null/.test(named)) throw new Error(`a product on the home page has no name (${named})`);
    },
  },
  {
    name: "category",
    async run(t) {
      const page = await t.page();
      await open(page, t.h, "/");
      const links = page.locator('a[aria-label^="Browse "][href^="/search/"]:visible');
      await see(links, "the header lists no category");
      const count = await links.count();
      const tried: string[] = [];
      for (let i = 0; i < count; i++) {
        if (i > 0) await open(page, t.h, "/");
        const link = page.locator('a[aria-label^="Browse "][href^="/search/"]:visible').nth(i);
        const href = (await link.getAttribute("href")) ?? "";
        tried.push(href);
        await link.click();
        await waitForPath(page, new RegExp(`^${escape(href)}`), `clicking the category link ${href} did not open it`);
        const shown = await productCards(page).first().waitFor({ state: "visible", timeout: 30_000 }).then(() => true, () => false);
        if (shown) return;
      }
      throw new Error(`no category page shows a product (tried ${tried.join(", ")})`);
    },
  },
  {
    name: "search",
    async run(t) {
      const page = await t.page();
      const { name } = t.h.catalog.simple;
      await search(page, t.h, name);
      await see(page.locator(`a[href^="/product/"][aria-label="View ${name}"]`), `searching "${name}" does not list it`);
    },
  },
  {
    name: "product-simple",
    async run(t) {
      const page = await t.page();
      const { name } = t.h.catalog.simple;
      await openProduct(page, t.h, name);
      await see(page.getByText(/\$\s?\d/), "the product page shows no price");
      await see(mainAddToCart(page), "the product page has no Add to cart button (in stock)");
    },
  },
  {
    name: "product-configurable",
    async run(t) {
      const page = await t.page();
      const { name } = t.h.catalog.configurable;
      await openProduct(page, t.h, name);
      await see(page.locator('button[aria-label="Please select an option"]'), "a configurable product's page does not ask to select an option");
      const groups = page.locator("dl:has(dd button)");
      const count = await groups.count();
      if (!count) throw new Error("the configurable product's page shows no options to choose");
      for (let i = 0; i < count; i++) {
        const option = groups.nth(i).locator("dd button:enabled").first();
        if (!(await option.count())) throw new Error(`option group ${i + 1} has no choosable value`);
        await option.click();
      }
      await see(mainAddToCart(page), "choosing every option did not enable Add to cart");
    },
  },
  {
    name: "add-to-cart",
    async run(t) {
      const page = await t.page();
      t.keep(page);
      const cart: { page: Page; failed?: string } = { page, failed: "it did not finish" };
      state.cart = cart;
      try {
        await addSimpleToCart(page, t.h);
        await see(page.locator('button[aria-label="Open cart"]:visible'), "the header shows no cart button");
        cart.failed = undefined;
      } catch (e) {
        cart.failed = (e as Error).message;
        throw e;
      }
    },
  },
  {
    name: "cart-lines",
    async run(t) {
      const page = await cartPage(t);
      await openCart(page, t.h);
      const line = await see(cartLine(page, t.h.catalog.simple.name), "the cart does not list the product added");
      const img = line.locator("img").first();
      await see(img, "the cart line shows no picture");
      const src = (await img.getAttribute("src")) ?? "";
      if (!src) throw new Error("the cart line's picture has no source");
      const loaded = await img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
      if (!loaded) throw new Error(`the cart line's picture did not load (${src.slice(0, 100)})`);
    },
  },
  {
    name: "cart-quantity",
    async run(t) {
      const page = await cartPage(t);
      await openCart(page, t.h);
      const line = await see(cartLine(page, t.h.catalog.simple.name), "the cart does not list the product added");
      const before = await quantityOf(line);
      await line.locator('button[aria-label="Increase item quantity"]').click();
      const expected = String(Number(before) + 1);
      try {
        await page.waitForFunction(
          ({ name, want }) => {
            const link = document.querySelector(`li a[aria-label="${CSS.escape(name)}"]`);
            const li = link?.closest("li");
            return !!li && Array.from(li.querySelectorAll("span")).some((s) => s.textContent?.trim() === want);
          },
          { name: t.h.catalog.simple.name, want: expected },
          { timeout: 30_000 },
        );
      } catch {
        throw new Error(`the quantity did not go from ${before} to ${expected} (it shows ${await quantityOf(line)})`);
      }
      await openCart(page, t.h);
      const after = await quantityOf(await see(cartLine(page, t.h.catalog.simple.name), "after a reload the cart no longer lists the product"));
      if (after !== expected) throw new Error(`after a reload the quantity is ${after}, not ${expected}`);
    },
  },
  {
    name: "cart-remove",
    async run(t) {
      const page = await cartPage(t);
      await openCart(page, t.h);
      const line = await see(cartLine(page, t.h.catalog.simple.name), "the cart does not list the product added");
      await line.locator('button[aria-label="Remove cart item"]').click();
      try {
        await cartLine(page, t.h.catalog.simple.name).first().waitFor({ state: "detached", timeout: 30_000 });
      } catch {
        throw new Error("removing the line left it in the cart");
      }
      await openCart(page, t.h);
      await page.waitForTimeout(3000);
      if (await cartLine(page, t.h.catalog.simple.name).count()) throw new Error("after a reload the removed line is back");
    },
  },
  {
    name: "checkout-cash-on-delivery",
    run: (t) => guestCheckout(t, /cash on delivery/i),
  },
  {
    name: "checkout-money-transfer",
    run: (t) => guestCheckout(t, /money transfer/i),
  },
  {
    name: "sign-up",
    async run(t) {
      const page = await t.page();
      await open(page, t.h, "/");
      await (await accountMenu(page, false, page.locator('a[aria-label="Go to create account page"]:visible'), "the account menu shows no sign-up link")).click();
      await waitForPath(page, /^\/customer\/register/, "the sign-up link did not open the sign-up page");
      const email = `shopper-${Date.now().toString(36)}@example.com`;
      const password = "Quiet-Harbor-Lantern-42";
      // The footer's newsletter field is an `email` input too: the sign-up form's own fields.
      const form = page.locator('form:has(input[name="firstName"])');
      await (await see(form.locator('input[name="firstName"]'), "the sign-up page has no first name field")).fill("Grace");
      await form.locator('input[name="lastName"]').fill("Hopper");
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill(password);
      await form.locator('input[name="passwordConfirmation"]').fill(password);
      const before = (await toasts(page)).length;
      await form.getByRole("button", { name: /sign up/i }).first().click();
      const said = await toastAfter(page, before);
      if (!/success|created/i.test(said)) throw new Error(said ? `signing up was refused: "${said.slice(0, 160)}"` : "signing up showed no notice");
      await waitForPath(page, /^\/customer\/login/, "signing up did not lead to the sign-in page");
      state.signedUp = { email, password };
      // The account exists: signing in with it works.
      const check = await t.page();
      await signIn(check, t.h, email, password);
    },
  },
  {
    name: "sign-in",
    async run(t) {
      const context = await t.h.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const customer: { context: BrowserContext; failed?: string } = { context, failed: "it did not finish" };
      state.customer = customer;
      try {
        await signIn(await t.page(context), t.h, t.h.customer.email, t.h.customer.password);
        customer.failed = undefined;
      } catch (e) {
        customer.failed = (e as Error).message;
        throw e;
      }
    },
  },
  {
    name: "profile",
    async run(t) {
      const page = await customerPage(t);
      await open(page, t.h, "/");
      await (await accountMenu(page, true, page.getByRole("link", { name: "Profile", exact: true }), "the account drawer shows no Profile link")).click();
      await waitForPath(page, /^\/account\/profile/, "the Profile link did not open the profile");
      await see(page.getByText(t.h.customer.email), `the profile does not show the customer's email ${t.h.customer.email}`);
      await see(page.getByText(t.h.customer.firstName), `the profile does not show the first name ${t.h.customer.firstName}`);
    },
  },
  {
    name: "address",
    async run(t) {
      const page = await customerPage(t);
      await open(page, t.h, "/");
      await (await accountMenu(page, true, page.getByRole("link", { name: "Address", exact: true }), "the account drawer shows no Address link")).click();
      await waitForPath(page, /^\/account\/addresses/, "the Address link did not open the addresses");
      await (await see(page.locator('a[href="/account/addresses/create"]:visible'), "the addresses page has no Add Address link")).click();
      await waitForPath(page, /^\/account\/addresses\/create/, "Add Address did not open the form");
      const street = `${Math.floor(Math.random() * 900 + 100)} Compat Lane`;
      const fields: [string, string][] = [
        ["firstName", "Jane"], ["lastName", "Doe"], ["address1", street], ["country", "US"], ["state", "CA"],
        ["city", "Oakland"], ["postcode", "94607"], ["phone", "5105550123"],
      ];
      await see(page.locator('input[name="firstName"]'), "the address form has no first name field");
      for (const [name, value] of fields) await page.locator(`input[name="${name}"]`).fill(value);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await waitForPath(page, /^\/account\/addresses\/?$/, "saving the address did not lead back to the addresses");
      const card = page.locator("div.rounded-md").filter({ hasText: street }).filter({ has: page.locator("h3") });
      await see(card, `the addresses page does not list the new address (${street})`);
      // Edit it: the card's menu, Edit, a new city.
      await card.first().locator("button").first().click();
      await (await see(page.getByRole("button", { name: "Edit", exact: true }), "the address card's menu has no Edit")).click();
      await waitForPath(page, /^\/account\/addresses\/edit\//, "Edit did not open the address form");
      const city = page.locator('input[name="city"]');
      await see(city, "the edit form has no city field");
      try {
        await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="address1"]')?.value !== "", undefined, { timeout: 30_000 });
      } catch {
        throw new Error("the edit form does not show the saved address");
      }
      await city.fill("Berkeley");
      await page.getByRole("button", { name: "Update", exact: true }).click();
      await waitForPath(page, /^\/account\/addresses\/?$/, "updating the address did not lead back to the addresses");
      await see(page.locator("div.rounded-md").filter({ hasText: street }).filter({ hasText: "Berkeley" }), "the addresses page does not show the edited city");
    },
  },
  {
    name: "orders",
    async run(t) {
      const page = await customerPage(t);
      const increment = await placeCustomerOrder(t.h);
      await open(page, t.h, "/");
      await (await accountMenu(page, true, page.getByRole("link", { name: "Profile", exact: true }), "the account drawer shows no Profile link")).click();
      await waitForPath(page, /^\/account\/profile/, "the Profile link did not open the account");
      await (await see(page.locator('a[href="/account/orders"]:visible'), "the account has no Orders link")).click();
      await waitForPath(page, /^\/account\/orders/, "the Orders link did not open the orders");
      const row = await see(page.getByText(increment, { exact: true }), `the orders list does not show order #${increment}`);
      const view = page.locator('a[href^="/account/orders/view/"]:visible').first();
      await see(view, "the orders list has no link to an order's detail");
      void row;
      await view.click();
      await waitForPath(page, /^\/account\/orders\/view\//, "the order link did not open its detail");
      await see(page.getByText(new RegExp(`#\\s*${escape(increment)}`)), `the order detail does not show #${increment}`);
      await see(page.getByText(t.h.catalog.simple.name), `the order detail does not list ${t.h.catalog.simple.name}`);
    },
  },
  {
    name: "wishlist",
    async run(t) {
      const page = await customerPage(t);
      await openProduct(page, t.h, t.h.catalog.simple.name);
      await (await see(page.locator('button[title="Add to wishlist"]'), "the product page has no Add to wishlist button")).click();
      await see(page.locator('button[title="Remove from wishlist"]'), "adding to the wishlist did not mark the product as wished", 30_000);
      await (await accountMenu(page, true, page.getByRole("link", { name: "Wishlist", exact: true }), "the account drawer shows no Wishlist link")).click();
      await waitForPath(page, /^\/account\/wishlist/, "the Wishlist link did not open the wishlist");
      await see(page.getByText(t.h.catalog.simple.name), `the wishlist does not list ${t.h.catalog.simple.name}`);
    },
  },
  {
    name: "compare",
    async run(t) {
      const page = await customerPage(t);
      await openProduct(page, t.h, t.h.catalog.simple.name);
      await (await see(page.locator('button[title="Add to comparison list"]'), "the product page has no Add to comparison list button")).click();
      await see(page.locator('button[title="Remove from comparison list"]'), "adding to the comparison list did not mark the product as compared", 30_000);
      await (await accountMenu(page, true, page.getByRole("link", { name: "Compare", exact: true }), "the account drawer shows no Compare link")).click();
      await waitForPath(page, /^\/compare/, "the Compare link did not open the comparison");
      await see(page.getByText(t.h.catalog.simple.name), `the comparison does not list ${t.h.catalog.simple.name}`);
    },
  },
  {
    name: "newsletter",
    async run(t) {
      const page = await t.page();
      await open(page, t.h, "/");
      const box = await see(page.locator('input[aria-label="Email Address"]:visible'), "the footer has no newsletter email field");
      await box.scrollIntoViewIfNeeded();
      await box.fill(`reader-${Date.now().toString(36)}@example.com`);
      const before = (await toasts(page)).length;
      const mark = t.h.calls.length;
      await page.getByRole("button", { name: "Subscribe", exact: true }).first().click();
      const said = await toastAfter(page, before, 30_000);
      if (!/subscribed/i.test(said) || /fail|error|invalid/i.test(said)) throw new Error(said ? `subscribing was refused: "${said.slice(0, 160)}"` : "subscribing showed no notice");
      // The storefront shows its notice whatever the answer: the subscription is made only if this service took it.
      const calls = t.h.calls.slice(mark).filter((c) => c.operation === "SubscribeToNewsletter");
      if (!calls.length) throw new Error("subscribing sent this service no SubscribeToNewsletter");
      const refused = calls.find((c) => c.status >= 400 || c.errors.length);
      if (refused) throw new Error(`this service refused the subscription: ${refused.errors[0] ?? `HTTP ${refused.status}`}`);
    },
  },
  {
    name: "sign-out",
    async run(t) {
      // Its own session, so that signing out ends no other flow's.
      const context = await t.h.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await t.page(context);
      try {
        await signIn(page, t.h, t.h.customer.email, t.h.customer.password);
      } catch (e) {
        throw new Needs(`could not sign in first: ${(e as Error).message}`);
      }
      await (await accountMenu(page, true, page.getByRole("button", { name: "Logout", exact: true }), "the account drawer shows no Logout button")).click();
      await waitForPath(page, /^\/customer\/login/, "signing out did not lead to the sign-in page");
      await open(page, t.h, "/");
      await see(page.locator('button[aria-label="Open account"]:visible'), "after signing out the header still shows a signed-in customer");
    },
  },
];

/** The guest page of the cart flows, made by add-to-cart. */
async function cartPage(t: FlowRun): Promise<Page> {
  if (!state.cart) throw new Needs("needs a cart: the add-to-cart flow did not run");
  if (state.cart.failed) throw new Needs(`needs a cart: add-to-cart failed (${state.cart.failed})`);
  return t.page(state.cart.page.context());
}
