// A gateway session pays for what it showed (issue 28, item 2). Opening one keeps the amount (decimal), currency and
// lines its page shows; any change to the cart afterwards (lines, quantities, coupon, address, shipping, currency, a
// merge) supersedes the cart's open sessions in the change's own transaction, and paying a superseded session, or
// one whose cart no longer matches what it stored, is a 409 that creates nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, freshCoupon, guestCart } from "../support/cart-fixtures.ts";
import { gatewayPage, returnFromGateway, sessionOf } from "../support/gateway.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

type Opts = { key: string; bearer: string; headers?: Record<string, string> };

/** A cart of 2 × A (30) and 1 × B (10), flatrate shipping, paypal_standard, sent to the gateway by place-order. */
async function atGateway(via: Via, opts: { customerToken?: string; coupon?: string } = {}) {
  const a = await freshProduct({ qty: 5, price: "30" });
  const b = await freshProduct({ qty: 5, price: "10" });
  const guest = opts.customerToken ? null : await guestCart(via, key);
  const o: Opts = { key, bearer: opts.customerToken ?? guest!.token };
  const filled = await fill(via, o, [{ productId: a, quantity: 2 }, { productId: b, quantity: 1 }]);
  const cartId: number = guest?.id ?? filled.id;
  if (opts.coupon) expect((await invoke(via, "createApplyCoupon", { couponCode: opts.coupon }, o)).status).toBe(200);
  expect((await invoke(via, "createCheckoutAddress", ADDRESS, o)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, o)).status).toBe(200);
  expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard" }, o)).status).toBe(200);
  const placed = await invoke(via, "createCheckoutOrder", {}, o);
  expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ redirect: true });
  return { a, b, opts: o, cartId, gatewayUrl: placed.body.redirectUrl as string };
}

/** What paying must leave alone: the cart with its lines, orders, invoices, stock. */
async function untouched(cartId: number, products: number[]) {
  const db = await getDb();
  const { updatedAt: _u, items, ...cart } = await cartRow(cartId);
  return {
    cart,
    items: items.map(({ updatedAt: _i, ...i }) => i),
    orders: await db.order.count({ where: { cartId } }),
    invoices: await db.invoice.count({ where: { order: { cartId } } }),
    stock: await Promise.all(products.map((p) => stock(p))),
  };
}

const lineOf = async (cartId: number, productId: number) => (await cartRow(cartId)).items.find((i) => i.productId === productId)!.id;

describe.each(VIAS)("a gateway session over %s", (via) => {
  it("keeps the amount, currency and lines its page shows, and pays exactly that", async () => {
    const { a, b, cartId, gatewayUrl } = await atGateway(via);
    const cart = await cartRow(cartId);
    const session = await sessionOf(gatewayUrl);
    // 2 × 30 + 10, and flatrate 10.
    expect(session.amount?.toString()).toBe("80");
    expect(session.currencyCode).toBe("USD");
    expect(session.lines).toEqual([
      { productId: a, sku: cart.items[0].sku, quantity: 2, basePrice: "30" },
      { productId: b, sku: cart.items[1].sku, quantity: 1, basePrice: "10" },
    ]);
    expect(await gatewayPage(gatewayUrl)).toMatch(/data-testid="amount">\$80\.00</);

    const back = await returnFromGateway(gatewayUrl, "success");
    expect(back.status, JSON.stringify(back.body)).toBe(303);
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { cartId } });
    expect([order.grandTotal, order.grandTotalInvoiced].map(String)).toEqual(["80", "80"]);
    expect(await sessionOf(gatewayUrl)).toMatchObject({ status: "completed", orderId: order.id });
  });

  const changes: [string, (s: Awaited<ReturnType<typeof atGateway>>) => Promise<unknown>][] = [
    ["an item added", (s) => invoke(via, "createAddProductInCart", { productId: s.b, quantity: 1 }, s.opts)],
    ["a quantity changed", async (s) => invoke(via, "createUpdateCartItem", { cartItemId: await lineOf(s.cartId, s.a), quantity: 1 }, s.opts)],
    ["an item removed", async (s) => invoke(via, "createRemoveCartItem", { cartItemId: await lineOf(s.cartId, s.b) }, s.opts)],
    ["a coupon applied", async (s) => invoke(via, "createApplyCoupon", { couponCode: (await freshCoupon({ amount: "10" })).code }, s.opts)],
    ["the address saved again", (s) => invoke(via, "createCheckoutAddress", { ...ADDRESS, billingCity: "Oakland" }, s.opts)],
    ["the shipping method chosen again", (s) => invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, s.opts)],
    ["the cart re-priced in another currency", async (s) =>
      invoke(via, "createUpdateCartItem", { cartItemId: await lineOf(s.cartId, s.a), quantity: 2 }, { ...s.opts, headers: { "X-Currency": "EUR" } })],
  ];

  it.each(changes)("refuses to pay with 409 after %s, creating nothing", async (_label, change) => {
    const s = await atGateway(via);
    const res = (await change(s)) as { status: number; body: unknown };
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Superseded in the change's own transaction.
    expect((await sessionOf(s.gatewayUrl)).status).toBe("superseded");
    const before = await untouched(s.cartId, [s.a, s.b]);
    const back = await returnFromGateway(s.gatewayUrl, "success");
    expect(back.status).toBe(409);
    expect(back.body.message).toMatch(/cart changed/);
    expect(await untouched(s.cartId, [s.a, s.b])).toEqual(before);
    expect(before).toMatchObject({ orders: 0, invoices: 0, stock: [5, 5] });
    expect(await gatewayPage(s.gatewayUrl)).toContain("Payment expired");
  });

  it("refuses to pay with 409 after the coupon the page showed was removed", async () => {
    const coupon = await freshCoupon({ amount: "10" });
    const s = await atGateway(via, { coupon: coupon.code });
    expect((await sessionOf(s.gatewayUrl)).amount?.toString()).toBe("73"); // 70 − 10 %, + 10
    expect((await invoke(via, "createRemoveCoupon", {}, s.opts)).status).toBe(200);
    const before = await untouched(s.cartId, [s.a, s.b]);
    expect((await returnFromGateway(s.gatewayUrl, "success")).status).toBe(409);
    expect(await untouched(s.cartId, [s.a, s.b])).toEqual(before);
    expect(before.orders).toBe(0);
  });

  it("refuses to pay with 409 for a guest cart merged into a customer's, and for the customer's own session", async () => {
    const me = await customer(key);
    const mine = await atGateway(via, { customerToken: me.token });
    const guest = await atGateway(via);
    // The guest token names the cart to merge (GraphQL: `cartToken`, as `cartId` is the cart's number there).
    const merged = await invoke(via, "createMergeCart", { cartToken: guest.opts.bearer }, { key, bearer: me.token });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    for (const s of [guest, mine]) {
      expect((await sessionOf(s.gatewayUrl)).status).toBe("superseded");
      expect((await returnFromGateway(s.gatewayUrl, "success")).status).toBe(409);
      expect(await (await getDb()).order.count({ where: { cartId: s.cartId } })).toBe(0);
    }
    expect((await cartRow(mine.cartId)).items.map((i) => i.quantity)).toEqual([2, 1, 2, 1]);
  });
});

describe("a gateway session whose cart changed without a cart step", () => {
  // Every cart step supersedes the sessions; the comparison on paying holds even for a change that went around them.
  it.each([
    ["a line's quantity", { items: { updateMany: { where: {}, data: { quantity: 1 } } } }],
    ["the cart's currency", { currencyCode: "EUR" }],
    ["the grand total", { baseGrandTotal: "1" }],
  ] as const)("refuses to pay with 409 when %s differs from what the page showed", async (_label, change) => {
    const s = await atGateway("rest");
    await (await getDb()).cart.update({ where: { id: s.cartId }, data: change });
    expect(await gatewayPage(s.gatewayUrl)).toMatch(/data-testid="amount">\$80\.00</);
    const before = await untouched(s.cartId, [s.a, s.b]);
    const back = await returnFromGateway(s.gatewayUrl, "success");
    expect(back.status, JSON.stringify(back.body)).toBe(409);
    expect(await untouched(s.cartId, [s.a, s.b])).toEqual(before);
    expect(before).toMatchObject({ orders: 0, invoices: 0, stock: [5, 5] });
    // Marked, so the page stops offering to pay.
    expect((await sessionOf(s.gatewayUrl)).status).toBe("superseded");
  });

  it("cannot pay a session opened before sessions kept what they showed", async () => {
    const s = await atGateway("rest");
    const db = await getDb();
    await db.$executeRaw`UPDATE "PaymentSession" SET "amount" = NULL, "currencyCode" = NULL, "lines" = NULL WHERE "cartId" = ${s.cartId}`;
    expect((await returnFromGateway(s.gatewayUrl, "success")).status).toBe(409);
    expect(await db.order.count({ where: { cartId: s.cartId } })).toBe(0);
  });
});
