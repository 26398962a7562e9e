// No request issues one query per row (issue 9). Every list operation of the Shop and Admin APIs, on both
// transports, is asked for one row and for a full page; the SQL statements each request sends are counted
// through the observed driver adapter (lib/db/observe.ts). A request may send at most MAX_STATEMENTS, and a full
// page no more than a page of one row. Caches start cold for every counted request, so the count is the work a
// request does when nothing is cached (held reads, lib/db/held-reads.ts, included).
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import { onStatement } from "../../lib/db/observe.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";
import { forgetHeldReads } from "../../lib/db/held-reads.ts";
import { forgetVerifiedKeys } from "../../lib/storefront-keys/index.ts";
import { invoke, must, operationNamed, VIAS, type InvokeOptions, type Result, type Via } from "../support/invoke.ts";
import { call, cartToken, getDb, unique } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { freshDownloadable } from "../support/cart-fixtures.ts";
import { placedOrder, raise, shopper, type Shopper } from "../support/returns.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { webhookReceiver } from "../support/webhook-receiver.ts";
import { deliverWebhooks } from "../../lib/events/webhooks.ts";
import { jobQueue } from "../../lib/jobs/queue.ts";
import { mailRelay } from "../../lib/mail/jobs.ts";

/** Statements one list request may send, whatever the page size: credentials, settings, count, page, relations. */
const MAX_STATEMENTS = 20;
/**
 * A product's parts (`/api/shop/products/{id}/images` …, lib/catalog/product-parts.ts) read only their part: the
 * storefront key, the part with the product's standing, and for the variants of a configurable product their values.
 */
const PRODUCT_PART_STATEMENTS = 3;
/**
 * GraphQL answers whose records are `Product`s, asked for every field: each part GraphQL adds to a product
 * (lib/catalog/product-graph.ts) is read for all the records at once, a fixed number of statements per part asked.
 */
const PRODUCT_GRAPH_STATEMENTS = 40;
const statementBound = (name: string, via?: Via) =>
  ["productImages", "productVariants", "productAttributeValues", "productDownloadableLinks"].includes(name) ? PRODUCT_PART_STATEMENTS
  : via === "graphql" && ["products", "wishlists", "compareItems"].includes(name) ? PRODUCT_GRAPH_STATEMENTS
  : MAX_STATEMENTS;

const isList = (op: AnyOperation) => op.list !== undefined && op.kind === "query";
const paged = (op: AnyOperation) => op.list !== undefined && op.list !== "all";

let who: Shopper;
let cart: string;
let admin: string;
/** Inputs of the operations that require some, filled once the fixtures exist. */
const inputs: Record<string, Record<string, unknown>> = {};

async function fixtures(): Promise<void> {
  who = await shopper();
  const auth = { key: who.key, bearer: who.token };
  const products = await Promise.all([1, 2, 3].map(() => freshProduct({ qty: 100 })));
  const reviews: number[] = [];
  for (const [i, productId] of products.entries()) {
    must(await invoke("rest", "createAddUpdateCustomerAddress", { ...addressOf(i) }, auth));
    must(await invoke("rest", "toggleWishlist", { productId }, auth));
    must(await invoke("rest", "createCompareItem", { productId }, auth));
    reviews.push(must(await invoke("rest", "createProductReview", { productId: products[0], title: `Review ${i}`, comment: "Fine.", rating: 4 }, auth)).id);
  }
  const orders = [];
  for (let i = 0; i < 3; i++) orders.push(await placedOrder(who, [{ qty: 2 }, { qty: 1 }, { qty: 1 }]));
  const returned = await raise("rest", who, orders[0].lines[0].id, 1);
  await raise("rest", who, orders[0].lines[1].id, 1);
  for (let i = 0; i < 3; i++) must(await invoke("rest", "sendCustomerReturnMessage", { id: returned.id, message: `Message ${i}` }, auth));
  must(await invoke("rest", "createEuWithdrawal", { orderId: orders[1].id }, auth));
  must(await invoke("rest", "createEuWithdrawal", { orderId: orders[2].id }, auth));
  must(await invoke("rest", "createGdprRequest", { type: "update", message: "Please fix my name." }, auth));

  cart = await cartToken(who.key);
  for (const productId of products) must(await invoke("rest", "createAddProductInCart", { productId, quantity: 1 }, { key: who.key, bearer: cart }));
  const address = await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, { key: who.key, bearer: cart });
  expect(address.status).toBe(200);

  admin = await adminToken();
  await backOffice(auth, reviews);
  const db = await getDb();
  const country = await db.country.findFirstOrThrow({ where: { states: { some: {} } }, select: { id: true } });
  inputs.countryStates = { countryId: country.id };
  inputs.productReviews = { productId: products[0] };
  for (const part of ["productImages", "productVariants", "productAttributeValues", "productDownloadableLinks", "productReviewsOfProduct"]) {
    inputs[part] = { id: products[0] };
  }
  // Variants are read only for a configurable product: one of the demo store's, with its variants and their values.
  inputs.productVariants = { id: (await db.product.findFirstOrThrow({ where: { type: "configurable", status: true, variants: { some: {} } }, select: { id: true } })).id };
  inputs.returnableItems = { orderId: orders[1].id };
  inputs.customerReturnMessages = { id: returned.id };
}

/**
 * Rows for the lists only the store's side fills, made as a shopper and the back office would: an order of two
 * simple lines and a downloadable one (two links: two downloads), invoiced, shipped and refunded in two steps each;
 * the reviews approved (the shop lists approved ones only); two URL redirects, two newsletter sign-ups, two imports,
 * two contact enquiries, two return form fields, two notes on the customer, two webhook subscriptions with their
 * deliveries, two jobs waiting.
 * Names are unique so a database kept between runs (PostgreSQL) takes them again.
 */
async function backOffice(auth: InvokeOptions, reviews: number[]): Promise<void> {
  const [a, b] = await Promise.all([1, 2].map(() => freshProduct({ qty: 10 })));
  const book = await freshDownloadable("20", ["0", "5"]);
  for (const item of [{ productId: a, quantity: 2 }, { productId: b, quantity: 1 }, { productId: book.id, links: book.links }]) {
    must(await invoke("rest", "createAddProductInCart", item, auth));
  }
  const { billingEmail: _email, ...address } = ADDRESS;
  must(await invoke("rest", "createCheckoutAddress", address, auth));
  must(await invoke("rest", "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, auth));
  must(await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, auth));
  const id = must(await invoke("rest", "createCheckoutOrder", {}, auth)).orderId as number;

  const store = async (op: string, input: Record<string, unknown>) => must(await asAdmin("rest", admin, op, input));
  const lines = (await store("adminOrder", { id })).items as { id: number; productId: number }[];
  const first = [{ orderItemId: lines.find((l) => l.productId === a)!.id, qty: 1 }];
  // Part of the first line, then the rest: two invoices, two shipments, two refunds.
  for (const op of ["invoiceAdminOrder", "shipAdminOrder", "refundAdminOrder"]) {
    const tracking = op === "shipAdminOrder" ? { carrierTitle: "UPS", trackNumber: unique("1Z") } : {};
    await store(op, { id, items: first, ...tracking });
    await store(op, { id, ...tracking });
  }

  for (const review of reviews) await store("approveAdminReview", { id: review });
  const imports: number[] = [];
  for (let i = 0; i < 2; i++) {
    await store("createAdminUrlRedirect", { fromPath: `/${unique("old")}`, toPath: "/new" });
    must(await invoke("rest", "createContactUs", { name: "Ann", email: `${unique("ask")}@example.com`, message: "Hello" }, { key: auth.key }));
    await store("createAdminReturnCustomField", { code: `f_${unique().toLowerCase()}`, label: `Field ${i}`, type: "text" });
    await store("createAdminCustomerNote", { customerId: who.id, note: `Note ${i}.` });
    must(await invoke("rest", "createNewsletter", { customerEmail: `${unique("news")}@example.com` }, { key: auth.key }));
    const sku = unique("PERF").toUpperCase();
    const csv = `sku,name,url_key,price,qty,status\n${sku},Imported mug,${sku.toLowerCase()},9.99,5,0\n`;
    imports.push((await store("createAdminImport", { type: "products", file: new Blob([csv], { type: "text/csv" }) })).id);
  }
  await store("runAdminImport", { id: imports[0] }); // one applied, one still a dry run
  // Two jobs waiting in the queue (a mail relay round, due later), so the jobs list has rows when this file runs alone.
  const queue = await jobQueue();
  for (let i = 0; i < 2; i++) await queue.add(mailRelay, {}, { at: new Date(Date.now() + 3_600_000), key: unique("perf-relay") });

  // Two webhook subscriptions from the start of the log, each sent its events once (a receiver on this machine).
  const receiver = await webhookReceiver();
  const allowed = process.env.OUTBOUND_ALLOWED_NETWORKS;
  process.env.OUTBOUND_ALLOWED_NETWORKS = "127.0.0.1/32";
  try {
    const hooks: number[] = [];
    for (let i = 0; i < 2; i++) hooks.push((await store("createAdminWebhook", { url: receiver.url, types: ["order.*"], after: "0" })).id);
    await deliverWebhooks(new Date(), hooks);
    inputs.adminWebhookDeliveries = { id: hooks[0] };
  } finally {
    if (allowed === undefined) delete process.env.OUTBOUND_ALLOWED_NETWORKS;
    else process.env.OUTBOUND_ALLOWED_NETWORKS = allowed;
    await receiver.close();
  }
}

function addressOf(i: number) {
  return { firstName: "Ada", lastName: `Lovelace ${i}`, address: `${i} Analytical Street`, country: "US", state: "CA", city: "San Francisco", postcode: "94107", phone: "555-0100", email: "ada@example.com" };
}

function credentials(o: AnyOperation): InvokeOptions {
  if (o.surface === "admin") return { bearer: admin };
  if (o.access === "customer") return { key: who.key, bearer: who.token };
  if (o.access === "cart") return { key: who.key, bearer: cart };
  return { key: who.key };
}

/** A list query over either transport (GraphQL selects every field of the output, tests/support/invoke.ts). */
function ask(via: Via, o: AnyOperation, input: Record<string, unknown>, opts: InvokeOptions, perPage?: number): Promise<Result> {
  return invoke(via, o, input, perPage === undefined ? opts : { ...opts, perPage });
}

/** Statements sent while `request` runs, every cache cold. */
async function counted(request: () => Promise<Result>): Promise<{ statements: string[]; result: Result }> {
  forgetCatalogReads();
  forgetHeldReads();
  forgetVerifiedKeys();
  const statements: string[] = [];
  const stop = onStatement((sql) => statements.push(sql));
  try {
    return { statements, result: await request() };
  } finally {
    stop();
  }
}

const settle = () => new Promise((r) => setTimeout(r, 30)); // "last used" stamps are written off the request path

const lists = [...shopOperations, ...adminOperations].filter(isList);
const cases = lists.flatMap((o) => VIAS.filter((via) => via === "rest" ? !!o.rest : o.graphql !== false).map((via) => [o.surface, o.name, via] as const));

describe("queries per list request", () => {
  beforeAll(fixtures, 180_000);

  it("covers every list operation of both APIs", () => {
    expect(lists.length).toBeGreaterThan(20);
    const required = (o: AnyOperation) =>
      o.input instanceof z.ZodObject ? Object.entries(o.input.shape).filter(([, s]) => !(s as z.ZodType).safeParse(undefined).success) : [];
    const missing = lists.filter((o) => required(o).length && !inputs[o.name]).map((o) => o.name);
    expect(missing, "list operations whose required input this test does not supply").toEqual([]);
  });

  it.each(cases)("%s %s over %s: a fixed number of statements, whatever the page size", async (_surface, name, via: Via) => {
    const o = operationNamed(name);
    const opts = credentials(o);
    const input = inputs[name] ?? {};
    const one = () => ask(via, o, input, opts, paged(o) ? 1 : undefined);
    must(await one()); // warm: schema, settings, "last used" stamps
    await settle();
    const small = await counted(one);
    must(small.result);
    await settle();
    expect(small.statements.length, `${name} sent:\n${small.statements.join("\n")}`).toBeLessThanOrEqual(statementBound(name, via));
    if (!paged(o)) return;
    const full = await counted(() => ask(via, o, input, opts, (o.list as { maxPerPage: number }).maxPerPage));
    const body = must(full.result);
    const rows = Array.isArray(body) ? body.length : Array.isArray(body?.data) ? body.data.length : 0;
    // An empty page costs nothing per row, so it would pass whatever the code did.
    expect(rows, `${name}: the full page is empty`).toBeGreaterThan(0);
    expect(full.statements.length, `${name} (${rows} rows) sent:\n${full.statements.join("\n")}`).toBeLessThanOrEqual(statementBound(name, via));
    expect(full.statements.length, `${name}: ${rows} rows cost more statements than one`).toBeLessThanOrEqual(small.statements.length);
  });
});
