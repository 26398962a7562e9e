// Concurrency at place-order: a double submit of one cart makes one order and both answers name it; shoppers
// racing for the last units get exactly as many orders as there are units, the rest a 422, and stock never
// goes below zero. Both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, guestCartWith, readyToPlace, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { freshCoupon } from "../support/cart-fixtures.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const place = (via: Via, bearer: string) => invoke(via, "createCheckoutOrder", {}, { key, bearer });

/** A guest cart (set up over REST) holding `quantity` of `product`, ready to place with cash on delivery. */
async function readyCart(product: number, quantity = 1) {
  const token = await guestCartWith(key, [{ productId: product, quantity }]);
  await readyToPlace(key, token);
  return token;
}

const cartIdOf = async (token: string) => (await invoke("rest", "createReadCart", {}, { key, bearer: token })).body.id as number;

describe.each(VIAS)("double submit over %s", (via) => {
  it("places one order when the same cart is submitted twice at once, and both answers name it", async () => {
    const product = await freshProduct({ qty: 5, price: "20" });
    const token = await readyCart(product, 2);
    const cartId = await cartIdOf(token);
    const [a, b] = await Promise.all([place(via, token), place(via, token)]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.orderId).toBeGreaterThan(0);
    expect(b.body.orderId).toBe(a.body.orderId);
    expect(b.body.orderIncrementId).toBe(a.body.orderIncrementId);
    expect(await (await getDb()).order.count({ where: { cartId } })).toBe(1);
    expect(await stock(product)).toBe(3);
  });

  it("places one order for five submits at once", async () => {
    const product = await freshProduct({ qty: 5, price: "20" });
    const token = await readyCart(product, 1);
    const cartId = await cartIdOf(token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(via, token)));
    expect(answers.map((r) => r.status), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.orderId)).size).toBe(1);
    expect(await (await getDb()).order.count({ where: { cartId } })).toBe(1);
    expect(await stock(product)).toBe(4);
  });

  it("answers a retry after the order was placed with the same order", async () => {
    const product = await freshProduct({ qty: 5, price: "20" });
    const token = await readyCart(product, 1);
    const first = await place(via, token);
    expect(first.status).toBe(200);
    const retry = await place(via, token);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ orderId: first.body.orderId, orderIncrementId: first.body.orderIncrementId, redirect: false });
    expect(await stock(product)).toBe(4);
  });
});

describe.each(VIAS)("racing for the last unit over %s", (via) => {
  it("lets exactly one of two carts holding the last unit order it; the other gets 422", async () => {
    const product = await freshProduct({ qty: 1, price: "20" });
    const [t1, t2] = [await readyCart(product), await readyCart(product)];
    const answers = await Promise.all([place(via, t1), place(via, t2)]);
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 422]);
    const loser = answers.find((r) => r.status === 422)!;
    expect(loser.message).toMatch(/stock/i);
    expect(await stock(product)).toBe(0);
    const db = await getDb();
    const winner = answers.find((r) => r.status === 200)!;
    expect(await db.orderItem.count({ where: { productId: product } })).toBe(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: winner.body.orderId } })).status).toBe("pending");
    // The losing cart stays open with its line, for the shopper to change.
    const losingToken = answers[0] === loser ? t1 : t2;
    expect((await invoke(via, "createReadCart", {}, { key, bearer: losingToken })).status).toBe(200);
  });

  it("sells three units to exactly three of six racing carts and never goes below zero", async () => {
    const product = await freshProduct({ qty: 3, price: "20" });
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) tokens.push(await readyCart(product));
    const answers = await Promise.all(tokens.map((t) => place(via, t)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 200, 200, 422, 422, 422]);
    expect(await stock(product)).toBe(0);
    const db = await getDb();
    const sold = await db.orderItem.aggregate({ where: { productId: product }, _sum: { qtyOrdered: true } });
    expect(sold._sum.qtyOrdered).toBe(3);
  });

  it("never oversells when carts ask for more than one unit each", async () => {
    const product = await freshProduct({ qty: 5, price: "20" });
    const tokens = [await readyCart(product, 3), await readyCart(product, 3), await readyCart(product, 2)];
    const answers = await Promise.all(tokens.map((t) => place(via, t)));
    const db = await getDb();
    const sold = (await db.orderItem.aggregate({ where: { productId: product }, _sum: { qtyOrdered: true } }))._sum.qtyOrdered ?? 0;
    expect(answers.every((r) => r.status === 200 || r.status === 422), JSON.stringify(answers.map((r) => r.body))).toBe(true);
    // Five units cover the first cart whichever it is: at least one order is placed.
    expect(answers.some((r) => r.status === 200), JSON.stringify(answers.map((r) => r.body))).toBe(true);
    expect(sold).toBeGreaterThan(0);
    expect(sold).toBeLessThanOrEqual(5);
    expect(await stock(product)).toBe(5 - sold);
    expect(await stock(product)).toBeGreaterThanOrEqual(0);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(await db.order.count({ where: { items: { some: { productId: product } } } }));
  });

  it("gives a coupon's last use to exactly one of two racing orders; the other writes nothing", async () => {
    const product = await freshProduct({ qty: 10, price: "20" });
    const coupon = await freshCoupon({ type: "fixed", amount: "5", usageLimit: 1 });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const token = await guestCartWith(key, [{ productId: product, quantity: 1 }], false);
      expect((await invoke("rest", "createApplyCoupon", { couponCode: coupon.code }, { key, bearer: token })).status).toBe(200);
      expect((await invoke("rest", "createCheckoutAddress", ADDRESS, { key, bearer: token })).status).toBe(200);
      await readyToPlace(key, token);
      tokens.push(token);
    }
    const answers = await Promise.all(tokens.map((t) => place(via, t)));
    expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 422]);
    const db = await getDb();
    expect((await db.coupon.findUniqueOrThrow({ where: { id: coupon.id } })).timesUsed).toBe(1);
    expect(await db.couponUsage.count({ where: { couponId: coupon.id } })).toBe(1);
    // The losing order's stock decrement was rolled back with it.
    expect(await stock(product)).toBe(9);
  });
});
