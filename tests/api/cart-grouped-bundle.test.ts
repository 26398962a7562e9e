// Grouped and bundle products in the cart, on both transports: a grouped product adds a line per associated
// product; a bundle adds one line priced from its chosen products, with the choice stored on the line and shown in
// the cart; every bad choice is a 422 naming its field and writes nothing. Also the catalog detail of both.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { freshBundle, freshGrouped, type Bundle, type Grouped } from "../support/composite-fixtures.ts";

let key: string;
let outfit: Grouped;
let kit: Bundle;
let other: Bundle;
beforeAll(async () => {
  key = await storefrontKey();
  outfit = await freshGrouped([
    { price: "20", qty: 10, defaultQty: 1 },
    { price: "50", qty: 10, defaultQty: 2 },
    { price: "80", qty: 0, defaultQty: 0 },
  ]);
  kit = await freshBundle([
    // Phone: required radio, the second one dearer, one unit per kit.
    { type: "radio", isRequired: true, label: "Phone", products: [{ price: "300", qty: 10, isDefault: true }, { price: "400", qty: 3 }] },
    // Protection: optional checkbox; the case's quantity is the shopper's to set, the cable comes two per kit.
    { type: "checkbox", isRequired: false, label: "Protection", products: [{ price: "10", qty: 10, isUserDefined: true }, { price: "5", qty: 10, perBundle: 2 }] },
    // Audio: optional multiselect, one product sold out.
    { type: "multiselect", isRequired: false, label: "Audio", products: [{ price: "100", qty: 10 }, { price: "60", qty: 0 }] },
    // Required select.
    { type: "select", isRequired: true, label: "Charger", products: [{ price: "20", qty: 10, isDefault: true }, { price: "30", qty: 10, isUserDefined: true }] },
  ]);
  other = await freshBundle([{ type: "radio", isRequired: true, products: [{ price: "1", qty: 5 }] }]);
});

const opt = (i: number) => kit.options[i];
const pick = (i: number, j: number) => kit.options[i].products[j].id;

describe.each(VIAS)("grouped products over %s", (via) => {
  it("adds each associated product given a quantity as its own line, never the grouped product itself", async () => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: outfit.id, groupedQty: { [outfit.children[0]]: 2, [outfit.children[1]]: 1, [outfit.children[2]]: 0 } }, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map((i: { productId: number; quantity: number; type: string }) => [i.productId, i.quantity, i.type])).toEqual([
      [outfit.children[0], 2, "simple"],
      [outfit.children[1], 1, "simple"],
    ]);
    expect(r.body).toMatchObject({ itemsCount: 2, itemsQty: 3, subtotal: 90 });
    const row = await cartRow(id);
    expect(row.items.map((i) => [i.productId, i.quantity])).toEqual([[outfit.children[0], 2], [outfit.children[1], 1]]);
    expect(row.items.some((i) => i.productId === outfit.id)).toBe(false);
  });

  it("takes the group's default quantities when no groupedQty is sent, and adds to lines already there", async () => {
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    await fill(via, opts, [{ productId: outfit.children[0], quantity: 1 }]);
    const r = await invoke(via, "createAddProductInCart", { productId: outfit.id }, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await cartRow(id)).items.map((i) => [i.productId, i.quantity])).toEqual([[outfit.children[0], 2], [outfit.children[1], 2]]);
  });

  const refused: [string, () => Record<string, unknown>, RegExp][] = [
    ["a product that is not in the group", () => ({ groupedQty: { [other.id]: 1 } }), /not part of this grouped product/],
    ["only zero quantities", () => ({ groupedQty: { [outfit.children[0]]: 0 } }), /at least one/],
    ["a negative quantity", () => ({ groupedQty: { [outfit.children[0]]: -1 } }), /whole number/],
    ["a fractional quantity", () => ({ groupedQty: { [outfit.children[0]]: "1.5" } }), /whole number/],
    ["a key that is not an id", () => ({ groupedQty: { shirt: 1 } }), /not an id/],
    ["a sold-out product", () => ({ groupedQty: { [outfit.children[0]]: 1, [outfit.children[2]]: 1 } }), /out of stock/],
    ["more than the stock", () => ({ groupedQty: { [outfit.children[1]]: 11 } }), /Only 10/],
  ];
  it.each(refused)("refuses %s with 422 and writes nothing", async (_name, input, message) => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: outfit.id, ...input() }, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.message).toMatch(message);
    expect((await cartRow(id)).items).toHaveLength(0);
  });
});

describe.each(VIAS)("bundle products over %s", (via) => {
  it("adds one line priced from the chosen products, with the choice on the line and in the cart", async () => {
    const { token, id } = await guestCart(via, key);
    const choice = {
      productId: kit.id,
      quantity: 2,
      bundleOptions: { [opt(0).id]: [pick(0, 1)], [opt(1).id]: [pick(1, 0), pick(1, 1)], [opt(2).id]: [pick(2, 0)], [opt(3).id]: pick(3, 1) },
      bundleOptionQty: { [opt(3).id]: 2 },
    };
    const r = await invoke(via, "createAddProductInCart", choice, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 400 + 10 + 2 × 5 + 100 + 2 × 30 = 580 per kit.
    expect(r.body.items).toHaveLength(1);
    const line = r.body.items[0];
    expect(line).toMatchObject({ productId: kit.id, type: "bundle", quantity: 2, price: 580, total: 1160 });
    expect(r.body).toMatchObject({ itemsCount: 1, itemsQty: 2, subtotal: 1160, grandTotal: 1160, haveStockableItems: true });
    const shown = line.options.bundle.map((c: { optionProductId: number; qty: number; label: string }) => [c.optionProductId, c.qty]);
    expect(shown).toEqual([[pick(0, 1), 1], [pick(1, 0), 1], [pick(1, 1), 2], [pick(2, 0), 1], [pick(3, 1), 2]]);
    expect(line.options.bundle[0].label).toBe("Phone");
    expect(line.options.bundleOptions).toEqual({ [opt(0).id]: [pick(0, 1)], [opt(1).id]: [pick(1, 0), pick(1, 1)], [opt(2).id]: [pick(2, 0)], [opt(3).id]: [pick(3, 1)] });

    const row = await cartRow(id);
    expect(row.items).toHaveLength(1);
    expect(row.items[0]).toMatchObject({ productId: kit.id, type: "bundle", quantity: 2 });
    expect(Number(row.items[0].basePrice)).toBe(580);
    expect(Number(row.baseSubtotal)).toBe(1160);
    const stored = row.items[0].additional as { bundle: { productId: number; qty: number }[] };
    expect(stored.bundle.map((c) => c.productId)).toEqual([opt(0).products[1].productId, opt(1).products[0].productId, opt(1).products[1].productId, opt(2).products[0].productId, opt(3).products[1].productId]);

    // Reading the cart shows the same line; the same choice again adds to it, another choice is another line.
    const read = await invoke(via, "createReadCart", {}, { key, bearer: token });
    expect(read.body.items[0]).toMatchObject({ price: 580, quantity: 2 });
    expect((await invoke(via, "createAddProductInCart", { ...choice, quantity: 1 }, { key, bearer: token })).status).toBe(200);
    const minimal = await invoke(via, "createAddProductInCart", { productId: kit.id, bundleOptions: { [opt(0).id]: pick(0, 0), [opt(3).id]: [pick(3, 0)] } }, { key, bearer: token });
    expect(minimal.status, JSON.stringify(minimal.body)).toBe(200);
    expect(minimal.body.items.map((i: { quantity: number; price: number }) => [i.quantity, i.price])).toEqual([[3, 580], [1, 320]]);
    expect((await cartRow(id)).items.map((i) => i.quantity)).toEqual([3, 1]);
  });

  it("checks each product's stock against the line's quantity times its units per bundle when the quantity changes", async () => {
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    // The dear phone has 3 in stock; the cable (2 per kit) has 10.
    const cart = await fill(via, opts, [{ productId: kit.id, bundleOptions: { [opt(0).id]: [pick(0, 1)], [opt(1).id]: [pick(1, 1)], [opt(3).id]: [pick(3, 0)] } }]);
    const lineId = cart.items[0].id;
    const tooMany = await invoke(via, "createUpdateCartItem", { cartItemId: lineId, quantity: 4 }, opts);
    expect(tooMany.status, JSON.stringify(tooMany.body)).toBe(422);
    expect(tooMany.message).toMatch(/Only 3/);
    const ok = await invoke(via, "createUpdateCartItem", { cartItemId: lineId, quantity: 3 }, opts);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // 400 + 2 × 5 + 20 = 430 per kit.
    expect(ok.body).toMatchObject({ itemsQty: 3, subtotal: 1290 });
    expect((await cartRow(id)).items[0].quantity).toBe(3);
    // Two cables per kit, ten in stock: five kits fit, six do not.
    const cableOnly = await fill(via, opts, [{ productId: kit.id, bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(1).id]: [pick(1, 1)], [opt(3).id]: [pick(3, 0)] }, quantity: 5 }]);
    expect(cableOnly.items).toHaveLength(2);
    const six = await invoke(via, "createUpdateCartItem", { cartItemId: cableOnly.items[1].id, quantity: 6 }, opts);
    expect(six.status).toBe(422);
    expect(six.message).toMatch(/Only 10 of .* left in stock; 12 requested/);
  });

  const refused: [string, () => Record<string, unknown>, string, RegExp][] = [
    ["no choice at all", () => ({}), "bundleOptions", /Phone/],
    ["a required option left out", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)] } }), "bundleOptions", /Charger/],
    ["two products for a radio option", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0), pick(0, 1)], [opt(3).id]: [pick(3, 0)] } }), "bundleOptions", /exactly one/],
    ["two products for a select option", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 0), pick(3, 1)] } }), "bundleOptions", /exactly one/],
    ["an option of another bundle", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 0)], [other.options[0].id]: [other.options[0].products[0].id] } }), "bundleOptions", /not an option of this bundle/],
    ["a product of another option", () => ({ bundleOptions: { [opt(0).id]: [pick(1, 0)], [opt(3).id]: [pick(3, 0)] } }), "bundleOptions", /not a product of the option/],
    ["an option key that is not an id", () => ({ bundleOptions: { phone: [pick(0, 0)] } }), "bundleOptions", /not an id/],
    ["a quantity for a product that does not let it be set", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 0)] }, bundleOptionQty: { [opt(3).id]: 3 } }), "bundleOptionQty", /cannot be changed/],
    ["a quantity for an option not chosen", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 0)] }, bundleOptionQty: { [opt(2).id]: 1 } }), "bundleOptionQty", /before its quantity/],
    ["a quantity of 0", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 1)] }, bundleOptionQty: { [opt(3).id]: 0 } }), "bundleOptionQty", /whole number/],
    ["a quantity for an unknown option", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(3).id]: [pick(3, 0)] }, bundleOptionQty: { 99999999: 1 } }), "bundleOptionQty", /not an option/],
    ["a sold-out product", () => ({ bundleOptions: { [opt(0).id]: [pick(0, 0)], [opt(2).id]: [pick(2, 1)], [opt(3).id]: [pick(3, 0)] } }), "quantity", /out of stock/],
    ["more bundles than a product's stock", () => ({ quantity: 4, bundleOptions: { [opt(0).id]: [pick(0, 1)], [opt(3).id]: [pick(3, 0)] } }), "quantity", /Only 3/],
  ];
  it.each(refused)("refuses %s with 422 naming the field and writes nothing", async (_name, input, field, message) => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: kit.id, ...input() }, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.message).toMatch(message);
    expect(JSON.stringify(r.body)).toContain(field);
    expect((await cartRow(id)).items).toHaveLength(0);
  });
});

describe.each(VIAS)("the catalog detail of grouped and bundle products over %s", (via) => {
  it("shows a grouped product's associated products and prices it from the cheapest", async () => {
    const r = await invoke(via, "product", { id: outfit.id }, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ type: "grouped", price: 20, minimumPrice: 20, maximumPrice: 80, inStock: true, bundleOptions: [] });
    expect(r.body.groupedProducts.map((g: { id: number; price: number; qty: number; inStock: boolean }) => [g.id, g.price, g.qty, g.inStock])).toEqual([
      [outfit.children[0], 20, 1, true],
      [outfit.children[1], 50, 2, true],
      [outfit.children[2], 80, 0, false],
    ]);
  });

  it("shows a bundle's options and prices it from its required options", async () => {
    const r = await invoke(via, "product", { id: kit.id }, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Required: phone (default 300, cheapest 300) + charger (default 20): 320; at most 400 + 10 + 10 + 100 + 60 + 30 = 610.
    expect(r.body).toMatchObject({ type: "bundle", price: 320, minimumPrice: 320, maximumPrice: 610, inStock: true, groupedProducts: [] });
    const options = r.body.bundleOptions;
    expect(options.map((o: { id: number; label: string; type: string; isRequired: boolean }) => [o.id, o.label, o.type, o.isRequired])).toEqual([
      [opt(0).id, "Phone", "radio", true],
      [opt(1).id, "Protection", "checkbox", false],
      [opt(2).id, "Audio", "multiselect", false],
      [opt(3).id, "Charger", "select", true],
    ]);
    expect(options[1].products[1]).toMatchObject({ id: pick(1, 1), productId: opt(1).products[1].productId, price: 5, qty: 2, isUserDefined: false, isDefault: false, inStock: true });
    expect(options[2].products[1]).toMatchObject({ id: pick(2, 1), inStock: false });
  });

  it("lists the seeded outfit and starter kit with their children's prices", async () => {
    const db = await getDb();
    for (const sku of ["GRP-CASUAL-OUTFIT", "BND-PHONE-STARTER"]) {
      const p = await db.product.findUnique({ where: { sku } });
      if (!p) continue; // a catalog seeded before these existed
      const r = await invoke(via, "product", { id: p.id }, { key });
      expect(r.status).toBe(200);
      expect(r.body.price).toBeGreaterThan(0);
      expect(r.body.baseImageUrl).toBeTruthy();
      expect(r.body.groupedProducts.length + r.body.bundleOptions.length).toBeGreaterThanOrEqual(3);
    }
  });
});
