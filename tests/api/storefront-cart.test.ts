// The family's storefront building a cart over GraphQL, with the variable types and values its code sends: the
// guest cart's numeric id as `cartId: Int`, bundle and grouped choices as JSON text in `String` variables, links as
// an `Iterable` list, booking fields on products that are no booking products, a line's `Number(id)` sent back as
// `cartItemId: Int!`, the line's `baseImage` read as JSON text of sized URLs, and merging the guest cart by its
// `Int` id on sign-in. Attackers: another shopper's cart id or line id is refused and nothing changes.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, graphql, storefrontKey } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { cartRow, freshDownloadable, PNG } from "../support/cart-fixtures.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";
import { publicImageRoute } from "../../lib/storage/public.ts";
import { freshBundle, freshGrouped } from "../support/composite-fixtures.ts";
import { BASE } from "../support/app.ts";

// Documents in the shapes the storefront declares (its variable types; its selections, abridged).
const LINE = "id cartId productId name price baseImage sku quantity type productUrlKey canChangeQty";
const OPEN = `mutation Open { createCartToken(input: {}) { cartToken { id cartToken customerId success message sessionToken isGuest } } }`;
const ADD = `mutation Add($cartId: Int, $productId: Int!, $quantity: Int!, $bundleOptions: String, $bundleOptionQty: String,
  $links: Iterable, $booking: String, $bookingNote: String) {
  createAddProductInCart(input: { cartId: $cartId, productId: $productId, quantity: $quantity, bundleOptions: $bundleOptions,
    bundleOptionQty: $bundleOptionQty, links: $links, booking: $booking, bookingNote: $bookingNote }) {
    addProductInCart { id cartToken itemsCount itemsQty subtotal grandTotal success message sessionToken isGuest items { edges { node { ${LINE} } } } }
  }
}`;
const ADD_GROUPED = `mutation AddGrouped($cartId: Int, $productId: Int!, $quantity: Int!, $groupedQty: String) {
  createAddProductInCart(input: { cartId: $cartId, productId: $productId, quantity: $quantity, groupedQty: $groupedQty }) {
    addProductInCart { id itemsCount itemsQty success items { edges { node { ${LINE} } } } }
  }
}`;
const UPDATE = `mutation Update($cartItemId: Int!, $quantity: Int!) {
  createUpdateCartItem(input: { cartItemId: $cartItemId, quantity: $quantity }) { updateCartItem { id itemsQty grandTotal items { edges { node { ${LINE} } } } } }
}`;
const REMOVE = `mutation Remove($cartItemId: Int!) {
  createRemoveCartItem(input: { cartItemId: $cartItemId }) { removeCartItem { id cartToken itemsQty items { totalCount edges { node { ${LINE} } } } } }
}`;
const READ = `mutation Read { createReadCart(input: {}) { readCart { id itemsCount itemsQty isGuest items { edges { node { ${LINE} } } } } } }`;
const MERGE = `mutation Merge($cartId: Int!) { createMergeCart(input: { cartId: $cartId }) { mergeCart { id items { edges { node { ${LINE} } } } } } }`;
const MERGE_WITH_TOKEN = `mutation Merge($cartId: Int!, $cartToken: String) {
  createMergeCart(input: { cartId: $cartId, cartToken: $cartToken }) { mergeCart { id itemsQty items { edges { node { id productId quantity } } } } }
}`;

type Node = { id: string | number; cartId: number; productId: number; quantity: number; baseImage: string | null; type: string };
const nodes = (cart: { items: { edges: { node: Node }[] } }) => cart.items.edges.map((e) => e.node);

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** A guest cart as the storefront opens it: the token it keeps as bearer and the id it keeps as `Number(id)`. */
async function openGuestCart() {
  const r = await graphql(OPEN, {}, { key });
  const cart = r.body.data!.createCartToken.cartToken;
  expect(cart).toMatchObject({ isGuest: true, success: true });
  expect(cart.sessionToken).toBe(cart.cartToken);
  const id = Number(cart.id);
  expect(Number.isInteger(id)).toBe(true);
  return { token: cart.sessionToken as string, id };
}

/** The variables the storefront's add-to-cart sends for a simple product: unset choices are absent, `cartId` null for a customer. */
const simpleAdd = (productId: number, quantity: number, cartId: number | null) => ({ productId, quantity, cartId, token: "unused-by-the-server" });

/** The status a GraphQL answer stands for: the domain's `extensions.status`, else the HTTP status. */
const statusOf = (r: { status: number; body: { errors?: { extensions?: { status?: number } }[] } }) => r.body.errors?.[0]?.extensions?.status ?? r.status;

async function lines(cartId: number) {
  return (await cartRow(cartId)).items.map((i) => [i.productId, i.quantity]);
}

describe("a guest's cart, as the storefront drives it", () => {
  it("adds with the cart's own id, reads numeric line ids, changes and removes a line by Number(id)", async () => {
    const product = await freshProduct({ qty: 10, price: "12.50" });
    const cart = await openGuestCart();
    const added = await graphql(ADD, simpleAdd(product, 2, cart.id), { key, bearer: cart.token });
    expect(added.body.errors).toBeUndefined();
    const body = added.body.data!.createAddProductInCart.addProductInCart;
    expect(body).toMatchObject({ success: true, itemsCount: 1, itemsQty: 2, subtotal: 25, isGuest: true, cartToken: cart.token });
    const [line] = nodes(body);
    // A line's id is its number (as the family's documentation shows it), so Number(id) is the line's id.
    const lineId = Number(line.id);
    const row = await cartRow(cart.id);
    expect(row.items.map((i) => i.id)).toEqual([lineId]);
    expect(line).toMatchObject({ cartId: cart.id, productId: product, quantity: 2, type: "simple", canChangeQty: true });

    const read = await graphql(READ, {}, { key, bearer: cart.token });
    expect(nodes(read.body.data!.createReadCart.readCart).map((n) => Number(n.id))).toEqual([lineId]);

    const updated = await graphql(UPDATE, { cartItemId: lineId, quantity: 3 }, { key, bearer: cart.token });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data!.createUpdateCartItem.updateCartItem).toMatchObject({ itemsQty: 3, grandTotal: 37.5 });
    expect(await lines(cart.id)).toEqual([[product, 3]]);

    const removed = await graphql(REMOVE, { cartItemId: lineId }, { key, bearer: cart.token });
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data!.createRemoveCartItem.removeCartItem).toMatchObject({ itemsQty: 0, items: { totalCount: 0 } });
    expect(await lines(cart.id)).toEqual([]);
  });

  it("answers a line's baseImage as JSON text of sized URLs of the product's first image, null without one", async () => {
    const pictured = await freshProduct({ qty: 5 });
    const plain = await freshProduct({ qty: 5 });
    const db = await getDb();
    await db.productImage.create({ data: { productId: pictured, path: `product/${pictured}/front.png`, position: 1 } });
    await db.productImage.create({ data: { productId: pictured, path: `product/${pictured}/back.png`, position: 2 } });
    const cart = await openGuestCart();
    await graphql(ADD, simpleAdd(pictured, 1, cart.id), { key, bearer: cart.token });
    const r = await graphql(ADD, simpleAdd(plain, 1, cart.id), { key, bearer: cart.token });
    const [withImage, without] = nodes(r.body.data!.createAddProductInCart.addProductInCart);
    const url = `${BASE}/storage/product/${pictured}/front.png`;
    expect(JSON.parse(withImage.baseImage!)).toEqual({ small_image_url: url, medium_image_url: url, large_image_url: url, original_image_url: url });
    expect(without.baseImage).toBeNull();
  });

  it("takes bundle choices and quantities as JSON text in String variables", async () => {
    const kit = await freshBundle([
      { type: "radio", isRequired: true, label: "Body", products: [{ price: "100", qty: 5 }, { price: "150", qty: 5 }] },
      { type: "select", isRequired: true, label: "Lens", products: [{ price: "40", qty: 5, isUserDefined: true }] },
    ]);
    const [body, lens] = kit.options;
    const cart = await openGuestCart();
    // What the storefront sends: ids as text inside the JSON, as its form keeps them.
    const r = await graphql(ADD, {
      ...simpleAdd(kit.id, 1, cart.id),
      bundleOptions: JSON.stringify({ [body.id]: [String(body.products[1].id)], [lens.id]: [String(lens.products[0].id)] }),
      bundleOptionQty: JSON.stringify({ [lens.id]: 2 }),
    }, { key, bearer: cart.token });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const [line] = nodes(r.body.data!.createAddProductInCart.addProductInCart);
    expect(line).toMatchObject({ productId: kit.id, type: "bundle", quantity: 1 });
    // 150 + 2 × 40.
    expect(Number((await cartRow(cart.id)).items[0].basePrice)).toBe(230);
  });

  it("takes a grouped product's quantities as JSON text", async () => {
    const set = await freshGrouped([{ price: "10", qty: 5 }, { price: "20", qty: 5 }]);
    const cart = await openGuestCart();
    const r = await graphql(ADD_GROUPED, { ...simpleAdd(set.id, 1, cart.id), groupedQty: JSON.stringify({ [set.children[0]]: 2, [set.children[1]]: 1 }) }, { key, bearer: cart.token });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    expect(await lines(cart.id)).toEqual([[set.children[0], 2], [set.children[1], 1]]);
  });

  it("takes downloadable links as an Iterable list, and as JSON text of one", async () => {
    const book = await freshDownloadable("20", ["5", "7"]);
    const cart = await openGuestCart();
    const asList = await graphql(ADD, { ...simpleAdd(book.id, 1, cart.id), links: [book.links[1]] }, { key, bearer: cart.token });
    expect(asList.body.errors, JSON.stringify(asList.body.errors)).toBeUndefined();
    const other = await openGuestCart();
    const asText = await graphql(ADD, { ...simpleAdd(book.id, 1, other.id), links: JSON.stringify(book.links) }, { key, bearer: other.token });
    expect(asText.body.errors, JSON.stringify(asText.body.errors)).toBeUndefined();
    expect((await cartRow(cart.id)).items[0].additional).toMatchObject({ links: [book.links[1]] });
    expect((await cartRow(other.id)).items[0].additional).toMatchObject({ links: book.links });
  });

  it("ignores booking fields on a product that is no booking product, as the family does", async () => {
    const product = await freshProduct({ qty: 5, price: "8" });
    const cart = await openGuestCart();
    const r = await graphql(ADD, {
      ...simpleAdd(product, 1, cart.id),
      booking: JSON.stringify({ type: "appointment", date: "2030-01-02", slot: "10:00-11:00" }),
      bookingNote: "window seat",
    }, { key, bearer: cart.token });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const row = await cartRow(cart.id);
    expect(row.items.map((i) => [i.productId, i.quantity])).toEqual([[product, 1]]);
    expect(JSON.stringify(row.items[0].additional ?? {})).not.toMatch(/appointment|window seat/);
  });

  it.each([
    ["bundle choices that are not JSON", { bundleOptions: "{not json" }],
    ["bundle choices that are a JSON list", { bundleOptions: "[1,2]" }],
    ["links that are not ids", { links: ["x"] }],
  ])("refuses %s with 422 and writes nothing", async (_name, extra) => {
    const product = await freshProduct({ qty: 5 });
    const cart = await openGuestCart();
    const r = await graphql(ADD, { ...simpleAdd(product, 1, cart.id), ...extra }, { key, bearer: cart.token });
    expect(statusOf(r)).toBe(422);
    expect(await lines(cart.id)).toEqual([]);
  });
});

describe("a signed-in customer's cart, as the storefront drives it", () => {
  it("adds with cartId null, changes the line by Number(id)", async () => {
    const product = await freshProduct({ qty: 10, price: "4" });
    const me = await customer(key);
    const added = await graphql(ADD, simpleAdd(product, 1, null), { key, bearer: me.token });
    expect(added.body.errors).toBeUndefined();
    const cart = added.body.data!.createAddProductInCart.addProductInCart;
    expect(cart).toMatchObject({ isGuest: false, cartToken: null, itemsQty: 1 });
    const lineId = Number(nodes(cart)[0].id);
    const updated = await graphql(UPDATE, { cartItemId: lineId, quantity: 4 }, { key, bearer: me.token });
    expect(updated.body.errors).toBeUndefined();
    expect(await lines(Number(cart.id.split("/").pop()))).toEqual([[product, 4]]);
  });
});

describe("another shopper's cart or line: refused, nothing changes (actor × target)", () => {
  type Shopper = { bearer: string; cartId: number; lineId: number; productId: number };

  async function guestShopper(): Promise<Shopper> {
    const productId = await freshProduct({ qty: 20, price: "3" });
    const cart = await openGuestCart();
    const r = await graphql(ADD, simpleAdd(productId, 1, cart.id), { key, bearer: cart.token });
    return { bearer: cart.token, cartId: cart.id, lineId: Number(nodes(r.body.data!.createAddProductInCart.addProductInCart)[0].id), productId };
  }
  async function customerShopper(): Promise<Shopper> {
    const productId = await freshProduct({ qty: 20, price: "3" });
    const me = await customer(key);
    const r = await graphql(ADD, simpleAdd(productId, 1, null), { key, bearer: me.token });
    const cart = r.body.data!.createAddProductInCart.addProductInCart;
    return { bearer: me.token, cartId: Number(String(cart.id).split("/").pop()), lineId: Number(nodes(cart)[0].id), productId };
  }
  const kinds = { guest: guestShopper, customer: customerShopper };
  const pairs = (["guest", "customer"] as const).flatMap((actor) => (["guest", "customer"] as const).map((target) => [actor, target] as const));

  it.each(pairs)("%s actor, %s target", async (actorKind, targetKind) => {
    const actor = await kinds[actorKind]();
    const target = await kinds[targetKind]();
    const before = { actor: await lines(actor.cartId), target: await lines(target.cartId) };

    // Adding with the target's cart id: 404, no line anywhere.
    const add = await graphql(ADD, simpleAdd(actor.productId, 5, target.cartId), { key, bearer: actor.bearer });
    expect(statusOf(add)).toBe(404);
    // Changing and removing the target's line by its id: 404.
    const update = await graphql(UPDATE, { cartItemId: target.lineId, quantity: 9 }, { key, bearer: actor.bearer });
    expect(statusOf(update)).toBe(404);
    const remove = await graphql(REMOVE, { cartItemId: target.lineId }, { key, bearer: actor.bearer });
    expect(statusOf(remove)).toBe(404);

    expect(await lines(actor.cartId)).toEqual(before.actor);
    expect(await lines(target.cartId)).toEqual(before.target);
  });
});

describe("merging the guest cart on sign-in", () => {
  async function guestWithLine() {
    const product = await freshProduct({ qty: 10, price: "6" });
    const cart = await openGuestCart();
    await graphql(ADD, simpleAdd(product, 2, cart.id), { key, bearer: cart.token });
    return { ...cart, product };
  }

  it("refuses the storefront's bare Int id (it proves nothing) with 422 and moves nothing", async () => {
    const guest = await guestWithLine();
    const me = await customer(key);
    const r = await graphql(MERGE, { cartId: guest.id, token: me.token }, { key, bearer: me.token });
    expect(statusOf(r)).toBe(422);
    expect(r.body.errors![0].message).toMatch(/token/);
    expect((await cartRow(guest.id)).isActive).toBe(true);
    expect(await lines(guest.id)).toEqual([[guest.product, 2]]);
  });

  it("merges by the Int id beside the cart's token, and refuses a token of another cart with 404", async () => {
    const guest = await guestWithLine();
    const stranger = await guestWithLine();
    const me = await customer(key);
    const wrong = await graphql(MERGE_WITH_TOKEN, { cartId: stranger.id, cartToken: guest.token }, { key, bearer: me.token });
    expect(statusOf(wrong)).toBe(404);
    expect((await cartRow(guest.id)).isActive).toBe(true);
    expect((await cartRow(stranger.id)).isActive).toBe(true);

    const r = await graphql(MERGE_WITH_TOKEN, { cartId: guest.id, cartToken: guest.token }, { key, bearer: me.token });
    expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
    const merged = r.body.data!.createMergeCart.mergeCart;
    expect(merged.items.edges.map((e: { node: Node }) => [e.node.productId, e.node.quantity])).toEqual([[guest.product, 2]]);
    expect((await cartRow(guest.id)).isActive).toBe(false);
    expect(await lines(stranger.id)).toEqual([[stranger.product, 2]]);
  });
});

describe("home-page images, as the storefront builds their URLs", () => {
  it("answers a stored image path from the store's root (`storage/…`), the path the store serves it at", async () => {
    const db = await getDb();
    // A banner of its own on disk, so the answer's path can be fetched as the storefront would.
    const folder = 900_000_000 + process.pid;
    const stored = `category/${folder}/banner.png`;
    await mkdir(path.join(STORAGE_DIR, "category", String(folder)), { recursive: true });
    await writeFile(path.join(STORAGE_DIR, stored), PNG);
    const block = await db.themeCustomization.create({
      data: {
        channelId: 1, type: "image_carousel", name: "Storefront images test", sortOrder: 999,
        translations: { create: [{ locale: "en", options: JSON.stringify({ images: [
          { title: "Stored", link: "/search", image: stored },
          { title: "Elsewhere", link: "", image: "https://cdn.example.com/x.png" },
        ] }) }] },
      },
    });
    try {
      const r = await graphql(`query($id: ID!) { themeCustomization(id: $id) { translation { options } } }`, { id: String(block.id) }, { key });
      const images = (JSON.parse(r.body.data!.themeCustomization.translation.options) as { images: { image: string }[] }).images.map((i) => i.image);
      expect(images).toEqual([`storage/${stored}`, "https://cdn.example.com/x.png"]);
      // The storefront puts its API's origin before a relative path: `/storage/<path>` is the store's public image route.
      const [root, ...segments] = images[0].split("/");
      expect(root).toBe("storage");
      const served = await publicImageRoute(new Request(`${BASE}/${images[0]}`), { params: Promise.resolve({ path: segments }) });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
    } finally {
      await db.themeCustomization.delete({ where: { id: block.id } });
      await rm(path.join(STORAGE_DIR, "category", String(folder)), { recursive: true, force: true });
    }
  });
});
