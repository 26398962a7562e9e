// The price column of a grouped or bundle product, which the shop's price sort and price filter read, follows its
// products on every write that can move it: creating or changing the composite through the Admin API, and changing
// the price or status of one of its products, or deleting it (lib/catalog/composite.ts `refreshCompositePrices`).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey, unique } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { VIAS, type Via } from "../support/invoke.ts";
import { freshProduct } from "../support/checkout.ts";
import { productPage } from "../support/catalog-fixtures.ts";

let token: string;
let key: string;
beforeAll(async () => {
  token = await adminToken();
  key = await storefrontKey();
});

/** Products whose names carry `word`, so a search for it lists them alone. */
async function create(via: Via, word: string, type: string, price: number, extra: Record<string, unknown> = {}): Promise<number> {
  const sku = unique(type.slice(0, 3)).toUpperCase();
  const made = await asAdmin(via, token, "createAdminProduct", {
    sku, type, price, translations: [{ locale: "en", name: `${word} ${type} ${sku}`, urlKey: sku.toLowerCase() }], ...extra,
  });
  expect(made.status, JSON.stringify(made.raw)).toBe(201);
  return made.data._id ?? made.data.id;
}

/** The ids a search for `word` lists by price, lowest first; with `range`, only those priced within it. */
async function byPrice(via: Via, word: string, range?: [number, number]): Promise<number[]> {
  const filter: Record<string, string> = range ? { price: `${range[0]},${range[1]}` } : {};
  const page = await productPage(via, { rest: { query: word, sort: "price-asc", ...filter }, graphql: { query: word, sortKey: "PRICE", filter: JSON.stringify(filter) } }, { key });
  expect(page.status, JSON.stringify(page.answer.body).slice(0, 300)).toBe(200);
  return page.rows.map((r) => r.id);
}

async function storedPrice(id: number): Promise<number> {
  return Number((await (await getDb()).product.findUniqueOrThrow({ where: { id } })).price);
}

describe.each(VIAS)("the price of grouped and bundle products over %s", (via) => {
  it("prices a bundle made through the Admin API from its products, and follows a product's price, status and deletion", async () => {
    const word = unique("kitword");
    const [low, mid, high] = [await create(via, word, "simple", 15), await create(via, word, "simple", 25), await create(via, word, "simple", 60)];
    const [phone, tablet, cable] = [await freshProduct({ price: "10" }), await freshProduct({ price: "40" }), await freshProduct({ price: "5" })];
    // Required radio at its default (10) + required checkbox of two cables (2 × 5); the optional extra does not count.
    const kit = await create(via, word, "bundle", 999, {
      bundleOptions: [
        { label: "Device", type: "radio", isRequired: true, products: [{ productId: phone, isDefault: true }, { productId: tablet }] },
        { label: "Cables", type: "checkbox", isRequired: true, products: [{ productId: cable, qty: 2 }] },
        { label: "Extra", type: "checkbox", isRequired: false, products: [{ productId: high }] },
      ],
    });
    expect(await storedPrice(kit)).toBe(20);
    expect((await asAdmin(via, token, "adminProduct", { id: kit })).data.price).toBe(20);
    expect(await byPrice(via, word)).toEqual([low, kit, mid, high]);
    expect(await byPrice(via, word, [18, 22])).toEqual([kit]);

    // The default device costs more: 30 + 10.
    expect((await asAdmin(via, token, "updateAdminProduct", { id: phone, price: 30 })).status).toBe(200);
    expect(await storedPrice(kit)).toBe(40);
    expect(await byPrice(via, word)).toEqual([low, mid, kit, high]);
    expect(await byPrice(via, word, [38, 42])).toEqual([kit]);

    // A special price counts while it applies.
    expect((await asAdmin(via, token, "updateAdminProduct", { id: phone, specialPrice: 12 })).status).toBe(200);
    expect(await storedPrice(kit)).toBe(22);

    // Disabled, the default drops out: the cheapest product left (the tablet, 40) + 10.
    expect((await asAdmin(via, token, "updateAdminProduct", { id: phone, status: false })).status).toBe(200);
    expect(await storedPrice(kit)).toBe(50);

    // Deleted, the cables are gone from their option: only the device counts.
    expect((await asAdmin(via, token, "deleteAdminProduct", { id: cable })).status).toBe(200);
    expect(await storedPrice(kit)).toBe(40);

    // Changing the bundle's options prices it again; a price sent for it is not what it costs.
    const changed = await asAdmin(via, token, "updateAdminProduct", {
      id: kit, price: 1, bundleOptions: [{ label: "Only", type: "select", isRequired: true, products: [{ productId: high, qty: 2 }] }],
    });
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    expect(changed.data.price).toBe(120);
    expect(await byPrice(via, word)).toEqual([low, mid, high, kit]);
  });

  it("prices a grouped product from its cheapest product, on create, update and a product's change", async () => {
    const word = unique("setword");
    const [a, b, c] = [await freshProduct({ price: "10" }), await freshProduct({ price: "40" }), await freshProduct({ price: "70" })];
    const reference = await create(via, word, "simple", 30);
    const set = await create(via, word, "grouped", 0, { groupedProducts: [a, b] });
    expect(await storedPrice(set)).toBe(10);
    expect(await byPrice(via, word)).toEqual([set, reference]);

    expect((await asAdmin(via, token, "updateAdminProduct", { id: a, price: 45 })).status).toBe(200);
    expect(await storedPrice(set)).toBe(40);
    expect(await byPrice(via, word)).toEqual([reference, set]);

    expect((await asAdmin(via, token, "deleteAdminProduct", { id: b })).status).toBe(200);
    expect(await storedPrice(set)).toBe(45);

    expect((await asAdmin(via, token, "updateAdminProduct", { id: set, groupedProducts: [c] })).status).toBe(200);
    expect(await storedPrice(set)).toBe(70);
    expect(await byPrice(via, word, [69, 71])).toEqual([set]);
  });

  it("leaves a composite's price alone when a product's write cannot move it, and refuses a bad price with 422", async () => {
    const a = await freshProduct({ price: "10" });
    const set = await create(via, unique("calmword"), "grouped", 0, { groupedProducts: [a] });
    const db = await getDb();
    const before = await db.product.findUniqueOrThrow({ where: { id: set } });
    expect((await asAdmin(via, token, "updateAdminProduct", { id: a, weight: 2 })).status).toBe(200);
    expect((await db.product.findUniqueOrThrow({ where: { id: set } })).updatedAt).toEqual(before.updatedAt);
    const bad = await asAdmin(via, token, "updateAdminProduct", { id: a, price: -3 });
    expect(bad.status).toBe(422);
    expect(await storedPrice(set)).toBe(10);
    expect(await storedPrice(a)).toBe(10);
  });
});
