// Adding each product type: configurable (superAttribute by id or code, selectedConfigurableOption),
// downloadable (links priced in), virtual; with the 422s for an incomplete or foreign choice, on both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { productId } from "../support/checkout.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { cartRow, fill, freshConfigurable, freshDownloadable, freshVirtual, guestCart, type Configurable } from "../support/cart-fixtures.ts";

let key: string;
let shirt: Configurable;
beforeAll(async () => {
  key = await storefrontKey();
  shirt = await freshConfigurable(
    [
      { color: "Red", size: "S", qty: 5, price: "30" },
      { color: "Red", size: "M", qty: 2, price: "32" },
      { color: "Blue", size: "S", qty: 0, price: "30" },
    ],
    "30",
  );
});

describe.each(VIAS)("configurable products over %s", (via) => {
  it("adds the variant chosen by attribute id, by attribute code and by selectedConfigurableOption to one line", async () => {
    const red = shirt.variants["Red/S"];
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const byId = await invoke(via, "createAddProductInCart", { productId: shirt.id, quantity: 1, superAttribute: { [shirt.colorId]: red.color, [shirt.sizeId]: red.size } }, opts);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    const line = byId.body.items[0];
    expect(line).toMatchObject({ productId: shirt.id, type: "configurable", quantity: 1, price: 30 });
    expect(line.options).toMatchObject({ variantId: red.id, attributes: { color: red.color, size: red.size } });

    const byCode = await invoke(via, "createAddProductInCart", { productId: shirt.id, quantity: 1, superAttribute: { color: red.color, size: String(red.size) } }, opts);
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    const byOption = await invoke(via, "createAddProductInCart", { productId: shirt.id, quantity: 1, selectedConfigurableOption: red.id }, opts);
    expect(byOption.status, JSON.stringify(byOption.body)).toBe(200);
    expect(byOption.body).toMatchObject({ itemsCount: 1, itemsQty: 3, subtotal: 90 });

    const row = await cartRow(id);
    expect(row.items).toHaveLength(1);
    expect(row.items[0]).toMatchObject({ productId: shirt.id, quantity: 3 });
    expect((row.items[0].additional as { variantId: number }).variantId).toBe(red.id);
    const db = await getDb();
    expect(row.items[0].sku).toBe((await db.product.findUniqueOrThrow({ where: { id: red.id } })).sku);
  });

  it("keeps another variant on its own line at its own price", async () => {
    const { token } = await guestCart(via, key);
    const cart = await fill(via, { key, bearer: token }, [
      { productId: shirt.id, quantity: 1, selectedConfigurableOption: shirt.variants["Red/S"].id },
      { productId: shirt.id, quantity: 1, selectedConfigurableOption: shirt.variants["Red/M"].id },
    ]);
    expect(cart.items.map((i: { price: number }) => i.price)).toEqual([30, 32]);
    expect(cart).toMatchObject({ itemsCount: 2, subtotal: 62, haveStockableItems: true });
  });

  const refused: [string, () => Record<string, unknown>, RegExp | null][] = [
    ["no choice at all", () => ({ productId: shirt.id }), /color/i],
    ["a missing size", () => ({ productId: shirt.id, superAttribute: { color: shirt.variants["Red/S"].color } }), /size/i],
    ["a combination no variant has", () => ({ productId: shirt.id, superAttribute: { color: shirt.variants["Blue/S"].color, size: shirt.variants["Red/M"].size } }), null],
    ["a non-numeric option", () => ({ productId: shirt.id, superAttribute: { color: "red", size: "S" } }), null],
    ["a selectedConfigurableOption that is not its variant", () => ({ productId: shirt.id, selectedConfigurableOption: shirt.id }), null],
    ["a variant added directly", () => ({ productId: shirt.variants["Red/S"].id }), /configurable/i],
    ["a sold-out variant", () => ({ productId: shirt.id, selectedConfigurableOption: shirt.variants["Blue/S"].id }), /out of stock/i],
    ["more of a variant than it has", () => ({ productId: shirt.id, quantity: 3, selectedConfigurableOption: shirt.variants["Red/M"].id }), /2/],
  ];
  it.each(refused)("refuses %s with 422 and writes nothing", async (_name, input, message) => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", input(), { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    if (message) expect(r.message).toMatch(message);
    expect((await cartRow(id)).items).toHaveLength(0);
  });

  it("counts what the variant's line already holds when the same variant is added again", async () => {
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const choice = { productId: shirt.id, superAttribute: { color: shirt.variants["Red/M"].color, size: shirt.variants["Red/M"].size } };
    expect((await invoke(via, "createAddProductInCart", { ...choice, quantity: 2 }, opts)).status).toBe(200);
    const again = await invoke(via, "createAddProductInCart", { ...choice, quantity: 1 }, opts);
    expect(again.status, JSON.stringify(again.body)).toBe(422);
    const row = await cartRow(id);
    expect(row.items.map((i) => i.quantity)).toEqual([2]);
  });

  it("checks a variant's own stock when the line's quantity changes", async () => {
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const cart = await fill(via, opts, [{ productId: shirt.id, quantity: 1, selectedConfigurableOption: shirt.variants["Red/M"].id }]);
    expect((await invoke(via, "createUpdateCartItem", { cartItemId: cart.items[0].id, quantity: 3 }, opts)).status).toBe(422);
    expect((await invoke(via, "createUpdateCartItem", { cartItemId: cart.items[0].id, quantity: 2 }, opts)).status).toBe(200);
    expect((await cartRow(id)).items[0].quantity).toBe(2);
  });

  it("works with the demo catalog's configurable T-shirt, whose Black/XL is sold out", async () => {
    const db = await getDb();
    const parent = await productId("CFG-TSHIRT");
    const options = await db.attributeOption.findMany({ where: { attribute: { code: { in: ["color", "size"] } } }, include: { attribute: true } });
    const opt = (code: string, name: string) => options.find((o) => o.attribute.code === code && o.adminName === name)!.id;
    const { token } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const soldOut = await invoke(via, "createAddProductInCart", { productId: parent, superAttribute: { color: opt("color", "Black"), size: opt("size", "XL") } }, opts);
    expect(soldOut.status).toBe(422);
    const ok = await invoke(via, "createAddProductInCart", { productId: parent, superAttribute: { color: opt("color", "Red"), size: opt("size", "XL") } }, opts);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.items[0]).toMatchObject({ sku: "CFG-TSHIRT-RED-XL", price: 27 });
  });
});

describe.each(VIAS)("downloadable and virtual products over %s", (via) => {
  it("prices a downloadable line with its chosen links and does not ship it", async () => {
    const book = await freshDownloadable("20", ["0", "3.50", "6"]);
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const r = await invoke(via, "createAddProductInCart", { productId: book.id, quantity: 1, links: [book.links[2], book.links[1]] }, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items[0]).toMatchObject({ type: "downloadable", price: 29.5, total: 29.5, canChangeQty: false, options: { links: [book.links[1], book.links[2]] } });
    expect(r.body).toMatchObject({ subtotal: 29.5, grandTotal: 29.5, haveStockableItems: false });
    const row = await cartRow(id);
    expect(row.items[0]).toMatchObject({ type: "downloadable", productId: book.id });
    expect(Number(row.items[0].basePrice)).toBe(29.5);
    expect((row.items[0].additional as { links: number[] }).links).toEqual([book.links[1], book.links[2]]);
    // A downloadable line's quantity is fixed.
    expect((await invoke(via, "createUpdateCartItem", { cartItemId: r.body.items[0].id, quantity: 2 }, opts)).status).toBe(422);
  });

  it("prices the demo TypeScript handbook at its base price with its free PDF link", async () => {
    const db = await getDb();
    const id = await productId("DL-TS-HANDBOOK");
    const pdf = await db.downloadableLink.findFirstOrThrow({ where: { productId: id, title: "PDF edition" } });
    const { token } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: id, links: [pdf.id] }, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items[0]).toMatchObject({ sku: "DL-TS-HANDBOOK", price: 29 });
  });

  it("refuses a downloadable without links, or with another product's link, with 422", async () => {
    const book = await freshDownloadable("20", ["1"]);
    const other = await freshDownloadable("9", ["1"]);
    const { token, id } = await guestCart(via, key);
    const opts = { key, bearer: token };
    for (const input of [{ productId: book.id }, { productId: book.id, links: [] }, { productId: book.id, links: [other.links[0]] }, { productId: book.id, links: [book.links[0], other.links[0]] }]) {
      const r = await invoke(via, "createAddProductInCart", input, opts);
      expect(r.status, JSON.stringify({ input, body: r.body })).toBe(422);
    }
    expect((await cartRow(id)).items).toHaveLength(0);
  });

  it("adds a virtual product that needs no shipping", async () => {
    const virtual = await freshVirtual("15");
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createAddProductInCart", { productId: virtual, quantity: 2 }, { key, bearer: token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ itemsQty: 2, subtotal: 30, haveStockableItems: false });
    expect(r.body.items[0]).toMatchObject({ type: "virtual", canChangeQty: true });
    expect((await cartRow(id)).items[0]).toMatchObject({ type: "virtual", quantity: 2 });
  });
});
