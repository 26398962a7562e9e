// Wishlist and compare list on REST and GraphQL: add or toggle, list, one, move to cart, delete, delete all;
// bad input and isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { testProduct } from "../support/orders.ts";
import { deleteWishlist, moveWishlistToCart, toggleWishlist, wishlist, wishlists } from "../../lib/wishlist/operations.ts";
import { compareItems, createCompareItem, createDeleteAllCompareItems, deleteCompareItem } from "../../lib/compare/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const wished = async (customerId: number) => (await getDb()).wishlistItem.findMany({ where: { customerId }, orderBy: { id: "asc" } });
const compared = async (customerId: number) => (await getDb()).compareItem.findMany({ where: { customerId }, orderBy: { id: "asc" } });

describe.each(VIAS)("wishlist over %s", (via) => {
  it("adds a product, shows it with its product row, and a second toggle removes it", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const product = await testProduct({ price: "15" });
    const added = must(await invoke(via, toggleWishlist, { productId: product.id }, auth));
    expect(added).toMatchObject({ productId: product.id, isWishlisted: true, success: true, product: { id: product.id, sku: product.sku, price: 15 } });
    expect((await wished(me.id)).map((w) => w.productId)).toEqual([product.id]);
    const one = must(await invoke(via, wishlist, { id: added.id }, auth));
    expect(one).toMatchObject({ id: added.id, productId: product.id, product: { formattedPrice: "$15.00" } });
    const list = await invoke(via, wishlists, {}, auth);
    expect(must(list).map((w: { id: number }) => w.id)).toEqual([added.id]);
    expect(list.total).toBe(1);
    const removed = must(await invoke(via, toggleWishlist, { productId: product.id }, auth));
    expect(removed).toMatchObject({ isWishlisted: false, message: expect.stringMatching(/removed/i) });
    expect(await wished(me.id)).toEqual([]);
  });

  it.each([
    ["a product that does not exist", { productId: 987654321 }, 404],
    ["a disabled product", "disabled", 404],
    ["a product id that is no id", { productId: "abc" }, 422],
    ["no product id", {}, 422],
  ])("refuses %s and writes nothing", async (_name, input, status) => {
    const me = await customer(key);
    let body = input as Record<string, unknown>;
    if (input === "disabled") body = { productId: (await (await getDb()).product.update({ where: { id: (await testProduct()).id }, data: { status: false } })).id };
    const res = await invoke(via, toggleWishlist, body, { key, bearer: me.token });
    // GraphQL refuses a missing or non-numeric Int itself, before the operation runs.
    expect(res.status).toBe(via === "graphql" && status === 422 ? 400 : status);
    expect(await wished(me.id)).toEqual([]);
  });

  it("moves an entry into the cart and off the wishlist", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const product = await testProduct({ qty: 5 });
    const entry = must(await invoke(via, toggleWishlist, { productId: product.id }, auth));
    const body = must(await invoke(via, moveWishlistToCart, { wishlistItemId: entry.id, quantity: 2 }, auth));
    expect(body).toMatchObject({ wishlistItemId: entry.id, productId: product.id, quantity: 2, success: true });
    const cart = await (await getDb()).cart.findUniqueOrThrow({ where: { id: body.cartId }, include: { items: true } });
    expect(cart.customerId).toBe(me.id);
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([[product.id, 2]]);
    expect(await wished(me.id)).toEqual([]);
  });

  it("keeps an entry the cart refuses (not enough stock) and answers 422", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const product = await testProduct({ qty: 1 });
    const entry = must(await invoke(via, toggleWishlist, { productId: product.id }, auth));
    const res = await invoke(via, moveWishlistToCart, { wishlistItemId: entry.id, quantity: 3 }, auth);
    expect(res.status).toBe(422);
    expect((await wished(me.id)).map((w) => w.id)).toEqual([entry.id]);
    expect((await invoke(via, moveWishlistToCart, { wishlistItemId: entry.id, quantity: 0 }, auth)).status).toBe(422);
  });

  it("deletes one entry", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const a = must(await invoke(via, toggleWishlist, { productId: (await testProduct()).id }, auth));
    const b = must(await invoke(via, toggleWishlist, { productId: (await testProduct()).id }, auth));
    expect(must(await invoke(via, deleteWishlist, { id: a.id }, auth))).toMatchObject({ id: a.id, success: true });
    expect((await wished(me.id)).map((w) => w.id)).toEqual([b.id]);
    expect((await invoke(via, deleteWishlist, { id: a.id }, auth)).status).toBe(404);
  });

  it("answers 404 for another customer's entry and leaves it untouched", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const theirs = must(await invoke(via, toggleWishlist, { productId: (await testProduct()).id }, { key, bearer: other.token }));
    const auth = { key, bearer: me.token };
    expect((await invoke(via, wishlist, { id: theirs.id }, auth)).status).toBe(404);
    expect((await invoke(via, deleteWishlist, { id: theirs.id }, auth)).status).toBe(404);
    expect((await invoke(via, moveWishlistToCart, { wishlistItemId: theirs.id }, auth)).status).toBe(404);
    expect(must(await invoke(via, wishlists, {}, auth))).toEqual([]);
    expect((await wished(other.id)).map((w) => w.id)).toEqual([theirs.id]);
    expect(await (await getDb()).cart.count({ where: { customerId: me.id } })).toBe(0);
  });

  it("needs a customer", async () => {
    expect((await invoke(via, wishlists, {}, { key })).status).toBe(401);
  });
});

describe.each(VIAS)("compare list over %s", (via) => {
  it("adds products, lists them, refuses a duplicate, deletes one and then all", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const [p1, p2, p3] = [await testProduct(), await testProduct(), await testProduct()];
    const a = must(await invoke(via, createCompareItem, { productId: p1.id }, auth), 201);
    expect(a).toMatchObject({ productId: p1.id, product: { id: p1.id, sku: p1.sku } });
    must(await invoke(via, createCompareItem, { productId: p2.id }, auth), 201);
    must(await invoke(via, createCompareItem, { productId: p3.id }, auth), 201);
    const dup = await invoke(via, createCompareItem, { productId: p1.id }, auth);
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toHaveProperty("productId");
    const list = await invoke(via, compareItems, {}, auth);
    expect(must(list).map((c: { productId: number }) => c.productId)).toEqual([p1.id, p2.id, p3.id]);
    expect(list.total).toBe(3);
    expect(must(await invoke(via, deleteCompareItem, { id: a.id }, auth))).toMatchObject({ id: a.id, success: true });
    expect((await compared(me.id)).map((c) => c.productId)).toEqual([p2.id, p3.id]);
    expect(must(await invoke(via, createDeleteAllCompareItems, {}, auth))).toEqual({ message: expect.any(String), deletedCount: 2 });
    expect(await compared(me.id)).toEqual([]);
    expect(must(await invoke(via, createDeleteAllCompareItems, {}, auth)).deletedCount).toBe(0);
  });

  it("refuses a product that does not exist", async () => {
    const me = await customer(key);
    expect((await invoke(via, createCompareItem, { productId: 987654321 }, { key, bearer: me.token })).status).toBe(404);
    expect(await compared(me.id)).toEqual([]);
  });

  it("answers 404 for another customer's entry; delete-all clears only the caller's list", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const theirs = must(await invoke(via, createCompareItem, { productId: (await testProduct()).id }, { key, bearer: other.token }), 201);
    const auth = { key, bearer: me.token };
    expect((await invoke(via, deleteCompareItem, { id: theirs.id }, auth)).status).toBe(404);
    expect(must(await invoke(via, createDeleteAllCompareItems, {}, auth)).deletedCount).toBe(0);
    expect(must(await invoke(via, compareItems, {}, auth))).toEqual([]);
    expect((await compared(other.id)).map((c) => c.id)).toEqual([theirs.id]);
  });
});

describe("wishlist REST paths", () => {
  it("takes snake_case and answers a toggle with 200", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const res = await call("POST", "/api/shop/wishlists", { product_id: product.id }, { key, bearer: me.token });
    expect(res.status).toBe(200);
    const moved = await call("POST", "/api/shop/wishlists/move-to-cart", { wishlist_item_id: res.body.id }, { key, bearer: me.token });
    expect(moved.status).toBe(200);
    expect(moved.body.quantity).toBe(1);
  });
});
