// Merging a guest cart into a customer's: by createMergeCart with the guest token, and automatically on login
// with the guest token as bearer or as `cartToken`. Quantities add up (capped by stock); the guest cart closes.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, graphql, storefrontKey } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, freshConfigurable, guestCart } from "../support/cart-fixtures.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const lines = (row: Awaited<ReturnType<typeof cartRow>>) => row.items.map((i) => [i.productId, i.quantity]);

/** A customer whose cart holds 1 × A, and a guest cart holding 2 × A and 1 × B. */
async function twoCarts(via: Via) {
  const [a, b] = [await freshProduct({ qty: 10, price: "10" }), await freshProduct({ qty: 10, price: "4" })];
  const me = await customer(key);
  const mine = await fill(via, { key, bearer: me.token }, [{ productId: a, quantity: 1 }]);
  const guest = await guestCart(via, key);
  await fill(via, { key, bearer: guest.token }, [{ productId: a, quantity: 2 }, { productId: b, quantity: 1 }]);
  return { a, b, me, mine, guest };
}

/**
 * The guest token as each transport names it: REST still takes it as `cartId`; GraphQL's `cartId` is the cart's
 * number (an `Int`, as the family's storefront sends it), so the token goes in `cartToken` there.
 */
const byToken = (via: Via, token: string) => (via === "rest" ? { cartId: token } : { cartToken: token });

describe.each(VIAS)("createMergeCart over %s", (via) => {
  it("adds the guest's lines to the customer's cart and closes the guest cart", async () => {
    const { a, b, me, mine, guest } = await twoCarts(via);
    const r = await invoke(via, "createMergeCart", byToken(via, guest.token), { key, bearer: me.token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: mine.id, customerId: me.id, itemsCount: 2, itemsQty: 4, subtotal: 34, cartToken: null });
    expect(lines(await cartRow(mine.id))).toEqual([[a, 3], [b, 1]]);
    expect((await cartRow(guest.id)).isActive).toBe(false);

    // The closed guest cart's token no longer works: 409 on the cart, 422 when merged again.
    expect((await invoke(via, "createReadCart", {}, { key, bearer: guest.token })).status).toBe(409);
    expect((await invoke(via, "createAddProductInCart", { productId: a, quantity: 1 }, { key, bearer: guest.token })).status).toBe(409);
    const again = await invoke(via, "createMergeCart", byToken(via, guest.token), { key, bearer: me.token });
    expect(again.status).toBe(422);
    expect(lines(await cartRow(mine.id))).toEqual([[a, 3], [b, 1]]);
  });

  it.each([
    ["the guest cart's numeric id alone (it proves nothing)", (g: { id: number }) => ({ cartId: g.id })],
    ["the numeric id as text, alone", (g: { id: number }) => (via === "rest" ? { cartId: String(g.id) } : { cartId: g.id })],
    ["an unknown token", () => byToken(via, "00000000-0000-4000-8000-000000000000")],
    ["an empty cartId", () => (via === "rest" ? { cartId: "" } : { cartToken: "" })],
    ["no cartId and no cartToken", () => ({})],
  ])("refuses %s with 422 and moves nothing", async (_name, input) => {
    const { a, me, mine, guest } = await twoCarts(via);
    const r = await invoke(via, "createMergeCart", input(guest), { key, bearer: me.token });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(lines(await cartRow(mine.id))).toEqual([[a, 1]]);
    expect((await cartRow(guest.id)).isActive).toBe(true);
  });

  it("needs a customer bearer: a guest's own token is not enough (401)", async () => {
    const { guest } = await twoCarts(via);
    const other = await guestCart(via, key);
    const r = await invoke(via, "createMergeCart", byToken(via, guest.token), { key, bearer: other.token });
    expect(r.status).toBe(401);
    expect((await cartRow(guest.id)).isActive).toBe(true);
  });

  it("caps a merged line at the stock on hand", async () => {
    const scarce = await freshProduct({ qty: 4, price: "10" });
    const me = await customer(key);
    const mine = await fill(via, { key, bearer: me.token }, [{ productId: scarce, quantity: 2 }]);
    const guest = await guestCart(via, key);
    await fill(via, { key, bearer: guest.token }, [{ productId: scarce, quantity: 3 }]);
    const r = await invoke(via, "createMergeCart", byToken(via, guest.token), { key, bearer: me.token });
    expect(r.status).toBe(200);
    expect(r.body.itemsQty).toBe(4);
    expect(r.body.message).toMatch(/stock/i);
    expect(lines(await cartRow(mine.id))).toEqual([[scarce, 4]]);
  });

  it("adds up configurable lines of the same variant and keeps other variants apart", async () => {
    const shirt = await freshConfigurable([
      { color: "Red", size: "S", qty: 10, price: "30" },
      { color: "Red", size: "M", qty: 10, price: "30" },
    ]);
    const [s, m] = [shirt.variants["Red/S"].id, shirt.variants["Red/M"].id];
    const me = await customer(key);
    const mine = await fill(via, { key, bearer: me.token }, [{ productId: shirt.id, quantity: 1, selectedConfigurableOption: s }]);
    const guest = await guestCart(via, key);
    await fill(via, { key, bearer: guest.token }, [
      { productId: shirt.id, quantity: 2, selectedConfigurableOption: s },
      { productId: shirt.id, quantity: 1, selectedConfigurableOption: m },
    ]);
    await invoke(via, "createMergeCart", byToken(via, guest.token), { key, bearer: me.token });
    const row = await cartRow(mine.id);
    expect(row.items.map((i) => [(i.additional as { variantId: number }).variantId, i.quantity])).toEqual([[s, 3], [m, 1]]);
  });
});

const LOGIN = `mutation($input: createCustomerLoginInput!) { createCustomerLogin(input: $input) { customerLogin { token message success } } }`;

async function login(via: Via, email: string, password: string, opts: { bearer?: string; cartToken?: string }) {
  const input = { email, password, ...(opts.cartToken ? { cartToken: opts.cartToken } : {}) };
  if (via === "rest") {
    const r = await call("POST", "/api/shop/customer/login", input, { key, bearer: opts.bearer });
    return { status: r.status, token: r.body.token as string, message: r.body.message as string };
  }
  const r = await graphql(LOGIN, { input }, { key, bearer: opts.bearer });
  const out = r.body.data?.createCustomerLogin?.customerLogin;
  return { status: r.body.errors ? 400 : 200, token: out?.token as string, message: out?.message as string };
}

describe.each(VIAS)("merge on login over %s", (via) => {
  it.each([
    ["the guest token as the login call's bearer", "bearer"],
    ["the guest token as cartToken in the body", "body"],
  ] as const)("merges the guest cart held before logging in, named by %s", async (_name, how) => {
    const { a, b, me, mine, guest } = await twoCarts(via);
    const r = await login(via, me.email, me.password, how === "bearer" ? { bearer: guest.token } : { cartToken: guest.token });
    expect(r.status).toBe(200);
    expect(r.message).toMatch(/merged/i);
    expect(lines(await cartRow(mine.id))).toEqual([[a, 3], [b, 1]]);
    expect((await cartRow(guest.id)).isActive).toBe(false);
    const read = await invoke(via, "createReadCart", {}, { key, bearer: r.token });
    expect(read.body).toMatchObject({ id: mine.id, itemsQty: 4 });
    expect((await invoke(via, "createReadCart", {}, { key, bearer: guest.token })).status).toBe(409);
  });

  it("gives a customer without a cart the guest's lines", async () => {
    const product = await freshProduct({ qty: 10, price: "10" });
    const me = await customer(key);
    const guest = await guestCart(via, key);
    await fill(via, { key, bearer: guest.token }, [{ productId: product, quantity: 2 }]);
    const r = await login(via, me.email, me.password, { bearer: guest.token });
    expect(r.status).toBe(200);
    const db = await getDb();
    const carts = await db.cart.findMany({ where: { customerId: me.id, isActive: true }, include: { items: true } });
    expect(carts).toHaveLength(1);
    expect(carts[0].items.map((i) => [i.productId, i.quantity])).toEqual([[product, 2]]);
  });

  it("logs in without merging when no guest cart is named", async () => {
    const { a, me, mine, guest } = await twoCarts(via);
    const r = await login(via, me.email, me.password, {});
    expect(r.status).toBe(200);
    expect(r.message).not.toMatch(/merged/i);
    expect(lines(await cartRow(mine.id))).toEqual([[a, 1]]);
    expect((await cartRow(guest.id)).isActive).toBe(true);
  });
});
