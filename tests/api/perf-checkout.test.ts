// A guest checkout costs a bounded number of SQL statements (issue 17): one buyer, one item, the seven requests
// the bench sends (cart token, add, address, shipping methods, shipping method, payment method, place order),
// counted through the observed driver adapter (lib/db/observe.ts) like tests/api/perf-queries.test.ts counts
// lists. The count is the work of a checkout with warm settings and a cold catalog cache, so it holds whatever
// the cache lifetimes are; and the order it makes is whole: its line, its total, the stock taken.
import { beforeAll, describe, expect, it } from "vitest";
import { counted } from "../support/statements.ts";
import { forgetCatalogReads } from "../../lib/catalog/cache.ts";
import { call, cartToken, getDb, storefrontKey, type Answer } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";

/**
 * Statements one guest checkout (all seven requests) may send. On PostgreSQL each of the four cart steps that write
 * also sends `SET LOCAL synchronous_commit = off` (lib/db/sql/expressions.ts, `cartTransaction`): one more round trip
 * that saves waiting for the disk at its commit. Placing the order sends two for the change feed (lib/events): the
 * one INSERT of all its events (order.placed and the stock rows taken) and the one UPDATE moving its products'
 * updatedAt.
 */
const MAX_STATEMENTS = 36 + (process.env.DATABASE_URL?.startsWith("postgres") ? 4 : 0);

let key: string;


const settle = () => new Promise((r) => setTimeout(r, 30)); // "last used" stamps are written off the request path

/**
 * The storefront key's rows: the gate holds a verified key for STOREFRONT_KEY_CACHE_MS (1 s), so a checkout slower
 * than that on a busy machine verifies it again mid-way, and its "last used" stamp lands whenever it lands. Neither
 * is the checkout's work.
 */
const keyBookkeeping = (sql: string) => /[`"]StorefrontKey[`"]/.test(sql);

/** The seven requests of a guest checkout of one product; each step's statements. */
async function checkout(productId: number, quantity: number) {
  const steps: { step: string; statements: string[]; answer: Answer }[] = [];
  let token = "";
  const step = async (name: string, method: string, path: string, body?: unknown) => {
    const { statements, result } = await counted(() => call(method, path, body, { key, bearer: token || null }), keyBookkeeping);
    expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
    steps.push({ step: name, statements, answer: result });
    return result;
  };
  forgetCatalogReads();
  token = (await step("cart token", "POST", "/api/shop/cart-tokens", {})).body.cartToken as string;
  await step("add to cart", "POST", "/api/shop/cart/add-to-cart", { productId, quantity });
  await step("address", "POST", "/api/shop/checkout/set-billing-address", ADDRESS);
  await step("shipping methods", "GET", "/api/shop/checkout/get-shipping-methods");
  await step("shipping method", "POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" });
  await step("payment method", "POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" });
  const placed = await step("place order", "POST", "/api/shop/checkout/place-order", {});
  return { steps, token, orderId: placed.body.orderId as number };
}

const report = (steps: { step: string; statements: string[] }[]) =>
  steps.map((s) => `${s.step}: ${s.statements.length}\n  ${s.statements.map((q) => q.slice(0, 160)).join("\n  ")}`).join("\n");

describe("statements per guest checkout", () => {
  beforeAll(async () => {
    key = await storefrontKey();
    // Warm: settings, the storefront key, the GraphQL-free REST path; the counted checkout starts after one.
    const warm = await freshProduct({ qty: 10 });
    await checkout(warm, 1);
    await settle();
  }, 60_000);

  it(`sends at most ${MAX_STATEMENTS} statements for the seven requests, and places a whole order`, async () => {
    const productId = await freshProduct({ qty: 10, price: "25" });
    const { steps, orderId } = await checkout(productId, 2);
    const total = steps.reduce((n, s) => n + s.statements.length, 0);
    if (process.env.SHOW_STATEMENTS) console.log(`${total} statements\n${report(steps)}`);
    expect(total, report(steps)).toBeLessThanOrEqual(MAX_STATEMENTS);

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { items: true, addresses: true, payment: true } });
    expect(order.items.map((i) => [i.productId, i.qtyOrdered, Number(i.baseTotal)])).toEqual([[productId, 2, 50]]);
    expect(order.shippingMethod).toBe("flatrate_flatrate");
    expect(Number(order.baseGrandTotal)).toBe(50 + Number(order.baseShippingAmount));
    expect(order.addresses.map((a) => a.addressType).sort()).toEqual(["billing", "shipping"]);
    expect(order.payment?.method).toBe("cashondelivery");
    expect(await stock(productId)).toBe(8);
  });

  it("answers each step as before: the cart after adding, the rates after the address, the same order on a retry", async () => {
    const productId = await freshProduct({ qty: 5, price: "10" });
    const { steps, token, orderId } = await checkout(productId, 1);
    const added = steps.find((s) => s.step === "add to cart")!.answer.body;
    expect(added.items.map((i: { productId: number; quantity: number }) => [i.productId, i.quantity])).toEqual([[productId, 1]]);
    expect(added.subtotal).toBe(10);
    const rates = steps.find((s) => s.step === "shipping methods")!.answer.body as { code: string }[];
    expect(rates.map((r) => r.code)).toContain("flatrate_flatrate");
    const again = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(await stock(productId)).toBe(4);
  });

  it("a second product added costs no more statements per step than the first did, beyond its own line", async () => {
    const [a, b] = await Promise.all([freshProduct({ qty: 5 }), freshProduct({ qty: 5 })]);
    const token = await cartToken(key);
    const add = (productId: number) => counted(() => call("POST", "/api/shop/cart/add-to-cart", { productId, quantity: 1 }, { key, bearer: token }));
    const first = await add(a);
    const second = await add(b);
    expect(second.result.status).toBe(200);
    expect(second.result.body.items).toHaveLength(2);
    expect(second.statements.length, `first:\n${first.statements.join("\n")}\nsecond:\n${second.statements.join("\n")}`).toBeLessThanOrEqual(first.statements.length + 1);
  });

  it("reads a guest's cart row once per request, by its token: the gate's read also tells whether the cart is open", async () => {
    const productId = await freshProduct({ qty: 5 });
    const token = await cartToken(key);
    const added = await call("POST", "/api/shop/cart/add-to-cart", { productId, quantity: 1 }, { key, bearer: token });
    const itemId = (added.body.items as { id: number }[])[0].id;
    for (const [name, request] of [
      ["read", () => call("POST", "/api/shop/cart", {}, { key, bearer: token })],
      ["update", () => call("PUT", "/api/shop/cart/update-cart-item", { cartItemId: itemId, quantity: 2 }, { key, bearer: token })],
    ] as const) {
      const { statements, result } = await counted(request, keyBookkeeping);
      expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBe(200);
      // The gate's read by token is the only one that asks whether the cart is open; the work's own read of the
      // cart with its lines follows (and a change checks again in its transaction, lib/cart/state.ts).
      const tokenReads = statements.filter((q) => /\bfrom\s+"Cart"\s+where\s+"tokenHash"/i.test(q));
      const openChecks = statements.filter((q) => /^select\s+"isActive"\s+from\s+"Cart"/i.test(q));
      expect([tokenReads.length, openChecks.length], `${name}:\n${statements.join("\n")}`).toEqual([1, 0]);
    }
  });
});
