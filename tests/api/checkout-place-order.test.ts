// Placing an order with an onsite method (cash on delivery, money transfer), on both transports: the answer,
// the order and its totals, stock, coupon usage, downloadable purchases and the closed cart, all written in one
// transaction (a failure part-way writes nothing).
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, setStock, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, freshCoupon, freshDownloadable, guestCart } from "../support/cart-fixtures.ts";
import { makeOrder } from "../support/admin.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

interface Setup {
  via: Via;
  opts: { key: string; bearer: string; headers?: Record<string, string> };
  cartId: number;
  product: number;
  coupon: Awaited<ReturnType<typeof freshCoupon>>;
  book: Awaited<ReturnType<typeof freshDownloadable>>;
}

/** A cart of 2 × 30 (stock 5) and a downloadable (20 + 5 link), a fresh 10% coupon, address and flatrate saved. */
async function readyCart(via: Via, bearer?: string, payment = "cashondelivery"): Promise<Setup> {
  const product = await freshProduct({ qty: 5, price: "30" });
  const book = await freshDownloadable("20", ["5"]);
  const coupon = await freshCoupon({ type: "percent", amount: "10" });
  const cart = bearer ? null : await guestCart(via, key);
  const opts = { key, bearer: bearer ?? cart!.token };
  const body = await fill(via, opts, [{ productId: product, quantity: 2 }, { productId: book.id, links: book.links }]);
  expect((await invoke(via, "createApplyCoupon", { couponCode: coupon.code }, opts)).status).toBe(200);
  const { billingEmail: _e, ...customerAddress } = ADDRESS;
  expect((await invoke(via, "createCheckoutAddress", bearer ? customerAddress : ADDRESS, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
  const pay = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: payment }, opts);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  expect(pay.body).toMatchObject({ success: true, paymentMethod: payment, paymentGatewayUrl: null, paymentData: null });
  return { via, opts, cartId: body.id, product, coupon, book };
}

async function orderOf(cartId: number) {
  const db = await getDb();
  return db.order.findUnique({ where: { cartId }, include: { items: { orderBy: { id: "asc" } }, addresses: true, payment: true } });
}

describe.each(VIAS)("placing an order over %s", (via) => {
  it.each(["cashondelivery", "moneytransfer"])("places a guest order paid by %s and writes everything together", async (method) => {
    const s = await readyCart(via, undefined, method);
    const cart = (await invoke(via, "createReadCart", {}, s.opts)).body;
    // 2 × 30 + 25 = 85; 10% off = 8.50; flatrate 10 → 86.50.
    expect(cart).toMatchObject({ subtotal: 85, discountAmount: 8.5, shippingAmount: 10, grandTotal: 86.5, paymentMethod: method });

    const placed = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ redirect: false, redirectUrl: null, success: true, cartToken: s.opts.bearer });
    expect(placed.body.orderId).toBeGreaterThan(0);

    const order = (await orderOf(s.cartId))!;
    expect(order).toMatchObject({
      id: placed.body.orderId, incrementId: placed.body.orderIncrementId, status: "pending", isGuest: true, customerId: null,
      customerEmail: "ada@example.com", couponCode: s.coupon.code, shippingMethod: "flatrate_flatrate", orderCurrencyCode: "USD",
      totalItemCount: 2, totalQtyOrdered: 3,
    });
    expect([order.baseSubTotal, order.baseDiscountAmount, order.baseShippingAmount, order.baseTaxAmount, order.baseGrandTotal].map(Number)).toEqual([85, 8.5, 10, 0, 86.5]);
    expect([order.subTotal, order.discountAmount, order.shippingAmount, order.grandTotal].map(Number)).toEqual([85, 8.5, 10, 86.5]);
    expect(order.items.map((i) => [i.productId, i.type, i.qtyOrdered, Number(i.price)])).toEqual([[s.product, "simple", 2, 30], [s.book.id, "downloadable", 1, 25]]);
    expect(order.addresses.map((a) => a.addressType).sort()).toEqual(["billing", "shipping"]);
    expect(order.payment?.method).toBe(method);

    const db = await getDb();
    expect(await stock(s.product)).toBe(3);
    expect((await db.coupon.findUniqueOrThrow({ where: { id: s.coupon.id } })).timesUsed).toBe(1);
    expect(await db.couponUsage.findMany({ where: { couponId: s.coupon.id }, select: { orderId: true, customerId: true } })).toEqual([{ orderId: order.id, customerId: null }]);
    const purchases = await db.downloadablePurchase.findMany({ where: { orderId: order.id } });
    expect(purchases.map((p) => [p.linkId, p.orderItemId, p.status, p.downloadBought])).toEqual([[s.book.links[0], order.items[1].id, "pending", 2]]);
    expect((await cartRow(s.cartId)).isActive).toBe(false);

    // The closed cart: reading it is a 409; placing again answers the same order.
    expect((await invoke(via, "createReadCart", {}, s.opts)).status).toBe(409);
    const again = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(again.body).toMatchObject({ orderId: order.id, orderIncrementId: order.incrementId });
    expect(await db.order.count({ where: { cartId: s.cartId } })).toBe(1);
    expect(await stock(s.product)).toBe(3);
  });

  it("places a customer's order, with their purchases, and opens a new cart afterwards", async () => {
    const me = await customer(key);
    const s = await readyCart(via, me.token, "moneytransfer");
    const placed = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ redirect: false, cartToken: null });
    const order = (await orderOf(s.cartId))!;
    expect(order).toMatchObject({ id: placed.body.orderId, customerId: me.id, isGuest: false, customerEmail: me.email, status: "pending" });
    const db = await getDb();
    expect(await db.couponUsage.findMany({ where: { couponId: s.coupon.id }, select: { orderId: true, customerId: true } })).toEqual([{ orderId: order.id, customerId: me.id }]);
    expect(await db.downloadablePurchase.count({ where: { orderId: order.id, customerId: me.id } })).toBe(1);

    const next = await invoke(via, "createReadCart", {}, { key, bearer: me.token });
    expect(next.status).toBe(200);
    expect(next.body.id).not.toBe(s.cartId);
    expect(next.body.itemsCount).toBe(0);
  });

  it("records the order in EUR when placed with X-CURRENCY: EUR", async () => {
    const s = await readyCart(via);
    const placed = await invoke(via, "createCheckoutOrder", {}, { ...s.opts, headers: { "X-CURRENCY": "EUR" } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = (await orderOf(s.cartId))!;
    expect(order).toMatchObject({ orderCurrencyCode: "EUR", baseCurrencyCode: "USD" });
    expect(Number(order.exchangeRate)).toBe(0.92);
    expect([order.baseGrandTotal, order.grandTotal, order.baseSubTotal, order.subTotal, order.shippingAmount, order.discountAmount].map(Number)).toEqual([86.5, 79.58, 85, 78.2, 9.2, 7.82]);
    expect(Number(order.items[0].price)).toBe(27.6);
  });

  it("writes nothing when the stock ran out after the cart was filled (422)", async () => {
    const s = await readyCart(via);
    await setStock(s.product, 1);
    const r = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(await orderOf(s.cartId)).toBeNull();
    expect(await stock(s.product)).toBe(1);
    expect((await cartRow(s.cartId)).isActive).toBe(true);
    const db = await getDb();
    expect((await db.coupon.findUniqueOrThrow({ where: { id: s.coupon.id } })).timesUsed).toBe(0);
  });

  it("rolls back the stock decrement when the coupon was used up meanwhile (422)", async () => {
    const s = await readyCart(via);
    const db = await getDb();
    await db.coupon.update({ where: { id: s.coupon.id }, data: { usageLimit: 4, timesUsed: 4 } });
    const r = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(await orderOf(s.cartId)).toBeNull();
    expect(await stock(s.product)).toBe(5);
    expect((await db.coupon.findUniqueOrThrow({ where: { id: s.coupon.id } })).timesUsed).toBe(4);
    expect(await db.couponUsage.count({ where: { couponId: s.coupon.id } })).toBe(0);
    expect((await cartRow(s.cartId)).isActive).toBe(true);
  });

  it.each([
    ["switched off", { status: false }, /not valid/],
    ["past its end", { endsAt: new Date(Date.now() - 60_000) }, /expired/],
    ["not started", { startsAt: new Date(Date.now() + 3_600_000) }, /not active yet/],
    ["above its minimum", { minSubtotal: "1000" }, /at least 1000\.00/],
  ])("re-checks the coupon as the order is made: one %s meanwhile is a 422 and nothing is written", async (_why, change, message) => {
    const s = await readyCart(via);
    const db = await getDb();
    await db.coupon.update({ where: { id: s.coupon.id }, data: change });
    const r = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.fields.couponCode?.[0]).toMatch(message);
    expect(await orderOf(s.cartId)).toBeNull();
    expect(await stock(s.product)).toBe(5);
    expect((await db.coupon.findUniqueOrThrow({ where: { id: s.coupon.id } })).timesUsed).toBe(0);
    expect((await cartRow(s.cartId)).isActive).toBe(true);
  });

  it("re-checks a customer's uses of a coupon as the order is made", async () => {
    const me = await customer(key);
    const s = await readyCart(via, me.token);
    const db = await getDb();
    // Used up by this customer since it went on the cart (another order of theirs, say).
    const other = await makeOrder({ lines: [{ productId: s.product, qty: 1, price: 30 }], customerId: me.id });
    await db.coupon.update({ where: { id: s.coupon.id }, data: { usagePerCustomer: 1 } });
    await db.couponUsage.create({ data: { couponId: s.coupon.id, customerId: me.id, orderId: other.id } });
    const r = await invoke(via, "createCheckoutOrder", {}, s.opts);
    expect(r.status).toBe(422);
    expect(r.fields.couponCode?.[0]).toMatch(/already used/);
    expect(await orderOf(s.cartId)).toBeNull();
    expect(await stock(s.product)).toBe(5);
  });

  it("answers 409 for a cart whose payment method was never chosen, and leaves it open", async () => {
    const product = await freshProduct({ qty: 5, price: "30" });
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    await fill(via, opts, [{ productId: product, quantity: 1 }]);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts);
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);
    expect(await orderOf(id)).toBeNull();
    expect(await stock(product)).toBe(5);
  });
});
