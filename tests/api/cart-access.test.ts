// Who a cart call acts for (guest bearer, `cart_token` in the body, customer bearer) and the line operations
// add, update and remove with their stock and ownership rules, from one table on REST and GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { createHash, randomUUID } from "node:crypto";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const tokenField = (via: Via) => (via === "rest" ? "cart_token" : "cartToken");

describe.each(VIAS)("cart credentials over %s", (via) => {
  it("opens a guest cart whose token is the bearer; only the token's hash is stored", async () => {
    const r = await invoke(via, "createCartToken", {}, { key });
    expect(r.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body).toMatchObject({ isGuest: true, success: true });
    expect(r.body.cartToken).toMatch(/^[0-9a-f-]{36}$/);
    const row = await cartRow(r.body.id);
    expect(row).toMatchObject({ isGuest: true, customerId: null, isActive: true, itemsCount: 0 });
    expect(row.tokenHash).toBe(createHash("sha256").update(r.body.cartToken).digest("hex"));

    const read = await invoke(via, "createReadCart", {}, { key, bearer: r.body.cartToken });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: r.body.id, cartToken: r.body.cartToken, isGuest: true, itemsCount: 0, itemsQty: 0, items: [], grandTotal: 0 });
  });

  it("acts on the cart named by the token in the body when there is no bearer", async () => {
    const product = await freshProduct({ qty: 10, price: "12" });
    const cart = await guestCart(via, key);
    const added = await invoke(via, "createAddProductInCart", { productId: product, quantity: 2, [tokenField(via)]: cart.token }, { key });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ id: cart.id, cartToken: cart.token, itemsQty: 2, subtotal: 24 });
    const read = await invoke(via, "createReadCart", { [tokenField(via)]: cart.token }, { key });
    expect(read.body.items).toHaveLength(1);
    const row = await cartRow(cart.id);
    expect(row.items.map((i) => [i.productId, i.quantity])).toEqual([[product, 2]]);
  });

  it("gives a customer their own cart without any cart token", async () => {
    const me = await customer(key);
    const product = await freshProduct({ qty: 10, price: "12" });
    const opts = { key, bearer: me.token };
    const token = await invoke(via, "createCartToken", {}, opts);
    expect(token.body).toMatchObject({ cartToken: null, isGuest: false });
    const added = await invoke(via, "createAddProductInCart", { productId: product, quantity: 1 }, opts);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ id: token.body.id, customerId: me.id, isGuest: false, cartToken: null, itemsQty: 1 });
    const db = await getDb();
    const carts = await db.cart.findMany({ where: { customerId: me.id, isActive: true }, include: { items: true } });
    expect(carts).toHaveLength(1);
    expect(carts[0].items.map((i) => i.productId)).toEqual([product]);
  });

  const refused: [string, (cart: { token: string }) => { bearer?: string; body?: Record<string, unknown> }, number][] = [
    ["no credential at all", () => ({}), 401],
    ["a bearer that names no cart (unknown UUID)", () => ({ bearer: randomUUID() }), 401],
    ["a garbage bearer", () => ({ bearer: "not-a-token" }), 401],
    ["an unknown token in the body", () => ({ body: { [tokenField(via)]: randomUUID() } }), 401],
    ["a customer's legacy apiToken", () => ({ bearer: "apiToken" }), 401],
  ];
  it.each(refused)("refuses %s with %i", async (_name, make, status) => {
    const cart = await guestCart(via, key);
    const cred = make(cart);
    const bearer = cred.bearer === "apiToken" ? (await customer(key)).apiToken : cred.bearer;
    const r = await invoke(via, "createReadCart", cred.body ?? {}, { key, bearer });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
  });

  it("keeps each customer in their own cart", async () => {
    const [a, b] = [await customer(key), await customer(key)];
    const [pa, pb] = [await freshProduct({ qty: 5 }), await freshProduct({ qty: 5 })];
    const cartA = await fill(via, { key, bearer: a.token }, [{ productId: pa, quantity: 1 }]);
    const cartB = await fill(via, { key, bearer: b.token }, [{ productId: pb, quantity: 1 }]);
    expect(cartA.id).not.toBe(cartB.id);
    const readA = await invoke(via, "createReadCart", {}, { key, bearer: a.token });
    expect(readA.body.items.map((i: { productId: number }) => i.productId)).toEqual([pa]);
    // B's line is not A's to change: it is not found in A's cart, and B's line is untouched.
    const r = await invoke(via, "createUpdateCartItem", { cartItemId: cartB.items[0].id, quantity: 3 }, { key, bearer: a.token });
    expect(r.status).toBe(404);
    expect((await cartRow(cartB.id)).items[0].quantity).toBe(1);
  });
});

describe.each(VIAS)("cart lines over %s", (via) => {
  it("adds the same simple product to one line whose quantity adds up", async () => {
    const product = await freshProduct({ qty: 10, price: "7.50" });
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    await fill(via, opts, [{ productId: product, quantity: 2 }]);
    const second = await invoke(via, "createAddProductInCart", { productId: product, quantity: 3 }, opts);
    expect(second.body).toMatchObject({ itemsCount: 1, itemsQty: 5, subtotal: 37.5, grandTotal: 37.5 });
    expect(second.body.items[0]).toMatchObject({ productId: product, quantity: 5, price: 7.5, total: 37.5, type: "simple", canChangeQty: true });
    const row = await cartRow(id);
    expect(row.items).toHaveLength(1);
    expect(row.items[0].quantity).toBe(5);
    expect(Number(row.baseSubtotal)).toBe(37.5);
  });

  it("defaults the quantity to 1 and refuses a quantity below 1", async () => {
    const product = await freshProduct({ qty: 10 });
    const { token, id } = await guestCart(via, key);
    const one = await invoke(via, "createAddProductInCart", { productId: product }, { key, bearer: token });
    expect(one.body.itemsQty).toBe(1);
    for (const quantity of [0, -2]) {
      const r = await invoke(via, "createAddProductInCart", { productId: product, quantity }, { key, bearer: token });
      expect(r.status).toBe(422);
    }
    expect((await cartRow(id)).items[0].quantity).toBe(1);
  });

  it("refuses an unknown product with 422", async () => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: 999_999_999, quantity: 1 }, { key, bearer: token });
    expect(r.status).toBe(422);
    expect((await cartRow(id)).items).toHaveLength(0);
  });

  it("refuses more than is on hand with 422 and writes nothing", async () => {
    const product = await freshProduct({ qty: 3 });
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const tooMany = await invoke(via, "createAddProductInCart", { productId: product, quantity: 4 }, opts);
    expect(tooMany.status).toBe(422);
    expect(tooMany.message).toMatch(/3/);
    expect((await cartRow(id)).items).toHaveLength(0);
    // On top of a line already there: 2 + 2 > 3.
    await fill(via, opts, [{ productId: product, quantity: 2 }]);
    expect((await invoke(via, "createAddProductInCart", { productId: product, quantity: 2 }, opts)).status).toBe(422);
    const row = await cartRow(id);
    expect(row.items.map((i) => i.quantity)).toEqual([2]);
    expect(row.itemsQty).toBe(2);
  });

  it("refuses an out-of-stock product with 422", async () => {
    const product = await freshProduct({ qty: 0 });
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: product, quantity: 1 }, { key, bearer: token });
    expect(r.status).toBe(422);
    expect(r.message).toMatch(/out of stock/i);
    expect((await cartRow(id)).items).toHaveLength(0);
  });

  it("changes a line's quantity within stock", async () => {
    const product = await freshProduct({ qty: 5, price: "10" });
    const other = await guestCart(via, key);
    const otherCart = await fill(via, { key, bearer: other.token }, [{ productId: product, quantity: 1 }]);
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const cart = await fill(via, opts, [{ productId: product, quantity: 1 }]);
    const itemId = cart.items[0].id;

    const ok = await invoke(via, "createUpdateCartItem", { cartItemId: itemId, quantity: 4 }, opts);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ itemsQty: 4, subtotal: 40, grandTotal: 40 });
    expect((await cartRow(id)).items[0].quantity).toBe(4);

    const cases: [string, Record<string, unknown>, number][] = [
      ["more than on hand", { cartItemId: itemId, quantity: 6 }, 422],
      ["zero", { cartItemId: itemId, quantity: 0 }, 422],
      ["an unknown line", { cartItemId: 999_999_999, quantity: 1 }, 404],
      ["another cart's line", { cartItemId: otherCart.items[0].id, quantity: 2 }, 404],
    ];
    for (const [name, input, status] of cases) {
      const r = await invoke(via, "createUpdateCartItem", input, opts);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(status);
    }
    expect((await cartRow(id)).items[0].quantity).toBe(4);
    expect((await cartRow(other.id)).items[0].quantity).toBe(1);
  });

  it("removes a line, and only the caller's", async () => {
    const [p1, p2] = [await freshProduct({ qty: 5, price: "10" }), await freshProduct({ qty: 5, price: "5" })];
    const other = await guestCart(via, key);
    const otherCart = await fill(via, { key, bearer: other.token }, [{ productId: p1, quantity: 1 }]);
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const cart = await fill(via, opts, [{ productId: p1, quantity: 1 }, { productId: p2, quantity: 2 }]);
    expect(cart).toMatchObject({ itemsCount: 2, subtotal: 20 });

    expect((await invoke(via, "createRemoveCartItem", { cartItemId: otherCart.items[0].id }, opts)).status).toBe(404);
    expect((await invoke(via, "createRemoveCartItem", { cartItemId: 999_999_999 }, opts)).status).toBe(404);
    expect((await cartRow(other.id)).items).toHaveLength(1);

    const removed = await invoke(via, "createRemoveCartItem", { cartItemId: cart.items[0].id }, opts);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ itemsCount: 1, itemsQty: 2, subtotal: 10, grandTotal: 10 });
    const row = await cartRow(id);
    expect(row.items.map((i) => i.productId)).toEqual([p2]);
    expect(Number(row.baseGrandTotal)).toBe(10);
  });
});

describe("cart over REST only", () => {
  it("accepts snake_case product_id and the upstream alias path", async () => {
    const product = await freshProduct({ qty: 5, price: "3" });
    const token = (await guestCart("rest", key)).token;
    const r = await call("POST", "/api/shop/add-product-in-cart", { product_id: product, quantity: 2 }, { key, bearer: token });
    expect(r.status).toBe(200);
    expect(r.body.itemsQty).toBe(2);
  });

  it("needs the storefront key", async () => {
    const token = (await guestCart("rest", key)).token;
    const r = await call("POST", "/api/shop/cart", {}, { bearer: token });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("missing_key");
  });
});
