// The OpenAPI documents' tags, by what a developer does rather than by URL segment: the Shop API's Catalog, Cart,
// Checkout, Account, Orders, Returns and Privacy; the Admin API's Catalog, Sales, Customers, Content, Reports and
// Settings. An operation's tag comes from its primary path (the first of `rest.paths`), so an alias sits in its
// primary's tag and is marked as the alias it is. The Checkout tag lists its operations in the order a shopper
// calls them. lib/openapi/document.ts asks here; the explorer (lib/ui/api-explorer.tsx) shows the tags in this order.
import type { AnyOperation, Surface } from "../operations/define.ts";

interface TaskTag {
  name: string;
  description: string;
}

/** The tags of each surface, in the order the explorer shows them. */
export const TASK_TAGS: Record<Surface, TaskTag[]> = {
  shop: [
    { name: "Catalog", description: "Browse the store: products and their parts, categories, attributes, reviews of a product, and the store's reference data (channels, locales, currencies, countries and their states, CMS pages, theme)." },
    { name: "Cart", description: "Open a cart (a guest gets a cart token), add, change and remove lines, coupons, customizable-option files, merge a guest cart into a customer's." },
    { name: "Checkout", description: "The checkout steps in the order a shopper takes them: addresses, shipping rate, payment method, place the order. Guests send the cart token as the bearer." },
    { name: "Account", description: "Sign up, sign in and out, passwords, the profile, the address book, wishlist, compare list, the customer's reviews, newsletter and the contact form." },
    { name: "Orders", description: "The customer's orders (cancel, reorder), a guest's order by its token, invoices and their PDFs, shipments, bought downloads." },
    { name: "Returns", description: "Return requests (RMA) with their messages and pictures, returnable items and reasons, and EU withdrawals." },
    { name: "Privacy", description: "GDPR data requests: ask for an export or an erasure, follow, revoke, download the export." },
  ],
  admin: [
    { name: "Catalog", description: "Products (with batch upserts and images), categories, attributes, stock per inventory source, CSV imports." },
    { name: "Sales", description: "Orders and everything done to them (pay, invoice, ship, refund, cancel, hold…), invoices, shipments, refunds, returns and their settings, EU withdrawals, coupons." },
    { name: "Customers", description: "Customers, their addresses and groups, reviews, newsletter subscribers, contact messages, GDPR requests." },
    { name: "Content", description: "CMS pages and URL redirects." },
    { name: "Reports", description: "Sales, product and customer reports, and the product report's export." },
    { name: "Settings", description: "Channels, locales, currencies and rates, countries, payment and shipping methods, configuration, admin users and roles, integration tokens, storefront keys, webhooks and the event log, jobs, sent mail." },
  ],
};

/** Where an operation goes, by the start of its primary path after /api/<surface>/ (the longest match wins). */
const PLACES: Record<Surface, Record<string, string>> = {
  shop: {
    ...places("Catalog", "attributes", "attribute-options", "categories", "category-trees", "products", "channels", "countries", "country-states", "currencies", "locales", "pages", "theme-customizations"),
    ...places("Cart", "cart", "cart-tokens", "add-product-in-cart", "apply-coupon", "merge-carts", "remove-cart-item", "remove-coupon", "update-cart-item"),
    ...places("Checkout", "checkout"),
    ...places("Account", "customers", "customer", "customer-profile", "customer-profile-updates", "customer-profile-deletes", "customer-addresses", "forgot-passwords", "verify-tokens", "newsletters", "customer-newsletter-subscriptions", "contact-us", "wishlists", "delete-all-wishlists", "compare-items", "delete-all-compare-items", "customer-reviews", "product-reviews"),
    ...places("Orders", "customer-orders", "guest-order", "customer-invoices", "customer-order-shipments", "customer-downloadable-products"),
    ...places("Returns", "returns", "return-reasons", "returnable-items", "eu-withdrawals"),
    ...places("Privacy", "gdpr-requests"),
  },
  admin: {
    ...places("Catalog", "catalog", "imports"),
    ...places("Sales", "sales", "eu-withdrawals", "marketing/coupons"),
    ...places("Customers", "customers", "marketing/newsletter-subscribers", "contact-messages", "gdpr-requests"),
    ...places("Content", "cms", "marketing/url-redirects"),
    ...places("Reports", "reporting"),
    ...places("Settings", "settings", "events"),
  },
};

/** Operations whose tag is not their path's: the public review list reads like the catalog, not an account. */
const BY_NAME: Record<Surface, Record<string, string>> = {
  shop: { productReviews: "Catalog" },
  admin: {},
};

function places(tag: string, ...prefixes: string[]): Record<string, string> {
  return Object.fromEntries(prefixes.map((p) => [p, tag]));
}

/** The Checkout tag's operations (REST), in the order a shopper calls them. */
export const CHECKOUT_STEPS = [
  "collectionGetCheckoutAddresses",
  "createCheckoutAddress",
  "collectionShippingRates",
  "createCheckoutShippingMethod",
  "collectionPaymentMethods",
  "createCheckoutPaymentMethod",
  "createCheckoutOrder",
];

/**
 * The task tag of an operation, from its primary path. A path no entry covers keeps its first URL segment, which is
 * no task tag: tests/api/openapi-tags.test.ts fails until the table above places it.
 */
export function taskTagOf(surface: Surface, op: AnyOperation): string {
  const named = BY_NAME[surface][op.name];
  if (named) return named;
  const rest = (op.rest?.paths[0] ?? "").replace(/^\/api\/(shop|admin)\//, "").split("/").filter((s) => !s.startsWith("{"));
  for (let n = rest.length; n > 0; n--) {
    const tag = PLACES[surface][rest.slice(0, n).join("/")];
    if (tag) return tag;
  }
  return rest[0] ?? "api";
}

/**
 * The operations in the order the document lists them: by tag, in the tags' order, the Checkout tag in its steps'
 * order, otherwise as declared.
 */
export function inTaskOrder(surface: Surface, ops: AnyOperation[]): AnyOperation[] {
  const tagRank = (op: AnyOperation) => {
    const at = TASK_TAGS[surface].findIndex((t) => t.name === taskTagOf(surface, op));
    return at < 0 ? TASK_TAGS[surface].length : at;
  };
  const stepRank = (op: AnyOperation) => {
    const at = CHECKOUT_STEPS.indexOf(op.name);
    return at < 0 ? CHECKOUT_STEPS.length : at;
  };
  return ops
    .map((op, index) => ({ op, index, tag: tagRank(op), step: stepRank(op) }))
    .sort((a, b) => a.tag - b.tag || a.step - b.step || a.index - b.index)
    .map((o) => o.op);
}

/**
 * What marks the `index`-th path of an operation (0 is its primary) as an alias: a summary naming the primary,
 * the primary's summary as the description, and `x-alias-of`, the primary's operationId. Nothing for the primary.
 */
export function aliasMarks(op: AnyOperation, index: number): Record<string, unknown> {
  if (index === 0 || !op.rest) return {};
  const primary = `${op.rest.method} ${op.rest.paths[0]}`;
  return {
    summary: `Alias of ${primary}`,
    description: `The same operation as \`${op.name}\` (${primary}), at another address kept for clients that call it here. ${op.summary}`,
    "x-alias-of": op.name,
  };
}
