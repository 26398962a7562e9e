// What the checkout no longer reads twice (issue 17), on both transports: a new guest cart is answered from what
// was inserted, exactly as reading it answers; place-order reads the cart once, in the transaction that places
// the order or opens the gateway session, and a retry finds the order there; the purchases of a downloadable line
// are written in link order on every database.
import { beforeAll, describe, expect, it } from "vitest";
import { counted } from "../support/statements.ts";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { fill, freshDownloadable, guestCart } from "../support/cart-fixtures.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** The statements that read a whole cart (lib/cart/state.ts). */
const cartReads = (statements: string[]) => statements.filter((s) => s.includes(`from "Cart" as "c"`));

/** A guest cart of one fresh product, through address and flat-rate shipping to `paymentMethod`; its credentials. */
async function readyToPay(via: Via, paymentMethod: string) {
  const product = await freshProduct({ qty: 5, price: "12" });
  const { token } = await guestCart(via, key);
  const opts = { key, bearer: token };
  await fill(via, opts, [{ productId: product, quantity: 1 }]);
  expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod }, opts)).status).toBe(200);
  return opts;
}

describe.each(VIAS)("reads once over %s", (via) => {
  it("answers a new guest cart with one statement, as reading it back answers", async () => {
    const { statements, result: opened } = await counted(() => invoke(via, "createCartToken", {}, { key }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(statements.filter((s) => s.includes(`"Cart"`)).map((s) => s.trim().slice(0, 20))).toEqual([`insert into "Cart" (`]);
    const read = await invoke(via, "createReadCart", {}, { key, bearer: opened.body.cartToken });
    expect(read.status).toBe(200);
    // The token's answer is the cart's record with its own `_id` and message.
    const { _id: _i, message: _m, ...fromInsert } = opened.body;
    const { message: _r, ...fromRead } = read.body;
    expect(fromInsert).toEqual(fromRead);
  });

  it("reads the cart once to place the order, and once to answer a retry with it", async () => {
    const opts = await readyToPay(via, "cashondelivery");
    const placed = await counted(() => invoke(via, "createCheckoutOrder", {}, opts));
    expect(placed.result.status, JSON.stringify(placed.result.body)).toBe(200);
    expect(cartReads(placed.statements)).toHaveLength(1);
    const retry = await counted(() => invoke(via, "createCheckoutOrder", {}, opts));
    expect(retry.result.body).toMatchObject({ orderId: placed.result.body.orderId, orderIncrementId: placed.result.body.orderIncrementId });
    expect(cartReads(retry.statements)).toHaveLength(1);
  });

  it("reads the cart once to open a gateway session, each time it is asked", async () => {
    const opts = await readyToPay(via, "paypal_standard");
    for (let i = 0; i < 2; i++) {
      const { statements, result } = await counted(() => invoke(via, "createCheckoutOrder", {}, opts));
      expect(result.body, JSON.stringify(result.body)).toMatchObject({ redirect: true, orderId: null });
      expect(result.body.redirectUrl).toMatch(/\/payment-gateway\/[\w-]+$/);
      expect(cartReads(statements)).toHaveLength(1);
    }
  });

  it("writes the purchases of a line with several links in link order", async () => {
    const book = await freshDownloadable("20", ["1", "2", "3"]);
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    await fill(via, opts, [{ productId: book.id, links: [...book.links].reverse() }]);
    expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
    expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "moneytransfer" }, opts)).status).toBe(200);
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(200);
    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { cartId: id } });
    const purchases = await db.downloadablePurchase.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(purchases.map((p) => [p.linkId, p.name])).toEqual(book.links.map((l, i) => [l, `Link ${i + 1}`]));
  });
});
