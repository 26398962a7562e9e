// Admin create and update of grouped and bundle products on both transports: the associated products and the
// options are written with the product and replaced on update; children must be existing simple or virtual
// products other than the product itself, and a grouped or bundle product keeps no stock (422 otherwise).
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";
import { freshProduct } from "../support/checkout.ts";
import { freshDownloadable } from "../support/cart-fixtures.ts";

let token: string;
let simples: number[];
let virtual: number;
let book: number;
beforeAll(async () => {
  token = await adminToken();
  simples = [await freshProduct({ price: "10" }), await freshProduct({ price: "20" }), await freshProduct({ price: "30" })];
  virtual = await freshProduct({ price: "5", type: "virtual" });
  book = (await freshDownloadable("9", ["0"])).id;
});

function product(type: "grouped" | "bundle", extra: Record<string, unknown> = {}) {
  const sku = unique(type === "grouped" ? "GRP" : "BND").toUpperCase();
  // Disabled, so the shop's catalog suites running beside this one never list it.
  return { sku, type, status: false, price: 0, translations: [{ locale: "en", name: `Set ${sku}`, urlKey: sku.toLowerCase() }], ...extra };
}

const bundleOptions = () => [
  {
    label: "Main", type: "radio", isRequired: true, position: 1,
    translations: [{ locale: "fr", label: "Principal" }],
    products: [{ productId: simples[0], qty: 1, isDefault: true }, { productId: simples[1], qty: 2, isUserDefined: true }],
  },
  { label: "Extras", type: "checkbox", isRequired: false, position: 2, products: [{ productId: virtual }] },
];

describe.each(VIAS)("grouped and bundle products in the admin over %s", (via) => {
  it("creates a grouped product with its associated products and replaces them on update", async () => {
    const input = product("grouped", { groupedProducts: [{ productId: simples[1], qty: 2, position: 1 }, { productId: simples[0], qty: 1, position: 0 }] });
    const made = await asAdmin(via, token, "createAdminProduct", input);
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    expect(made.data).toMatchObject({ type: "grouped", inventories: [] });
    expect(made.data.groupedProducts).toEqual([{ productId: simples[0], qty: 1, position: 0 }, { productId: simples[1], qty: 2, position: 1 }]);
    const id = made.data._id ?? made.data.id;
    const db = await getDb();
    expect(await db.productGroupedLink.count({ where: { productId: id } })).toBe(2);

    // The family's plain list of ids (`grouped_products` over REST), each at quantity 1, replaces the set.
    const updated = via === "rest"
      ? await asAdmin(via, token, "updateAdminProduct", { id, grouped_products: [simples[2], virtual] })
      : await asAdmin(via, token, "updateAdminProduct", { id, groupedProducts: [simples[2], virtual] });
    expect(updated.status, JSON.stringify(updated.raw)).toBe(200);
    const links = await db.productGroupedLink.findMany({ where: { productId: id }, orderBy: { position: "asc" } });
    expect(links.map((l) => [l.associatedProductId, l.qty, l.position])).toEqual([[simples[2], 1, 0], [virtual, 1, 1]]);
    // An update that does not name them leaves them as they are.
    expect((await asAdmin(via, token, "updateAdminProduct", { id, price: 1 })).status).toBe(200);
    expect(await db.productGroupedLink.count({ where: { productId: id } })).toBe(2);
  });

  it("creates a bundle with its options and replaces them on update", async () => {
    const made = await asAdmin(via, token, "createAdminProduct", product("bundle", { bundleOptions: bundleOptions() }));
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    const options = made.data.bundleOptions;
    expect(options.map((o: { label: string; type: string; isRequired: boolean; position: number }) => [o.label, o.type, o.isRequired, o.position])).toEqual([
      ["Main", "radio", true, 1],
      ["Extras", "checkbox", false, 2],
    ]);
    expect(options[0].translations).toEqual([{ locale: "en", label: "Main" }, { locale: "fr", label: "Principal" }]);
    expect(options[0].products.map((p: { productId: number; qty: number; isDefault: boolean; isUserDefined: boolean }) => [p.productId, p.qty, p.isDefault, p.isUserDefined])).toEqual([
      [simples[0], 1, true, false],
      [simples[1], 2, false, true],
    ]);
    const id = made.data._id ?? made.data.id;
    const db = await getDb();
    expect(await db.productBundleOptionProduct.count({ where: { option: { productId: id } } })).toBe(3);

    const updated = await asAdmin(via, token, "updateAdminProduct", {
      id, bundleOptions: [{ label: "Only", type: "multiselect", isRequired: true, products: [{ productId: simples[2], qty: 3 }] }],
    });
    expect(updated.status, JSON.stringify(updated.raw)).toBe(200);
    const stored = await db.productBundleOption.findMany({ where: { productId: id }, include: { products: true, translations: true } });
    expect(stored.map((o) => [o.type, o.isRequired, o.translations.map((t) => t.label), o.products.map((p) => [p.productId, p.qty])])).toEqual([
      ["multiselect", true, ["Only"], [[simples[2], 3]]],
    ]);
  });

  it("refuses bad grouped and bundle products with 422 naming the field, and writes nothing", async () => {
    const option = (products: unknown[], extra: Record<string, unknown> = {}) => [{ label: "O", type: "radio", isRequired: true, products, ...extra }];
    const cases: [string, Record<string, unknown>, string][] = [
      ["a grouped product of an unknown product", product("grouped", { groupedProducts: [{ productId: 99999999 }] }), "groupedProducts.0.productId"],
      ["a grouped product of a downloadable", product("grouped", { groupedProducts: [{ productId: book }] }), "groupedProducts.0.productId"],
      ["a product named twice", product("grouped", { groupedProducts: [{ productId: simples[0] }, { productId: simples[0] }] }), "groupedProducts.1"],
      ["grouped ids of an unknown product", product("grouped", { groupedProducts: [99999999] }), "groupedProducts.0"],
      ["associated products on a bundle", product("bundle", { groupedProducts: [{ productId: simples[0] }] }), "groupedProducts"],
      ["options on a grouped product", product("grouped", { bundleOptions: bundleOptions() }), "bundleOptions"],
      ["stock of its own", product("grouped", { inventories: [{ channelId: 1, qty: 5 }] }), "inventories"],
      ["an option of an unknown product", product("bundle", { bundleOptions: option([{ productId: 99999999 }]) }), "bundleOptions.0.products.0.productId"],
      ["an option of a downloadable", product("bundle", { bundleOptions: option([{ productId: book }]) }), "bundleOptions.0.products.0.productId"],
      ["an option without products", product("bundle", { bundleOptions: option([]) }), "bundleOptions.0.products"],
      ["an unknown option type", product("bundle", { bundleOptions: option([{ productId: simples[0] }], { type: "dropdown" }) }), "bundleOptions.0.type"],
      ["two defaults of a radio", product("bundle", { bundleOptions: option([{ productId: simples[0], isDefault: true }, { productId: simples[1], isDefault: true }]) }), "bundleOptions.0.products"],
      ["an unknown label locale", product("bundle", { bundleOptions: option([{ productId: simples[0] }], { translations: [{ locale: "xx", label: "X" }] }) }), "bundleOptions.0.translations.0.locale"],
      ["associated products on a simple product", { ...product("grouped"), type: "simple", groupedProducts: [{ productId: simples[0] }] }, "groupedProducts"],
    ];
    const db = await getDb();
    for (const [label, input, field] of cases) {
      const res = await asAdmin(via, token, "createAdminProduct", input);
      expect(res.status, `${label}: ${JSON.stringify(res.raw)}`).toBe(422);
      expect(Object.keys(res.fields), `${label}: ${JSON.stringify(res.raw)}`).toContain(field);
      expect(await db.product.count({ where: { sku: input.sku as string } }), label).toBe(0);
    }
  });

  it("refuses a grouped or bundle product made of itself", async () => {
    const made = await asAdmin(via, token, "createAdminProduct", product("grouped", { groupedProducts: [{ productId: simples[0] }] }));
    const id = made.data._id ?? made.data.id;
    const self = await asAdmin(via, token, "updateAdminProduct", { id, groupedProducts: [{ productId: id }] });
    expect(self.status).toBe(422);
    expect(self.message).toMatch(/part of itself/);
    const db = await getDb();
    expect((await db.productGroupedLink.findMany({ where: { productId: id } })).map((l) => l.associatedProductId)).toEqual([simples[0]]);

    const bundle = await asAdmin(via, token, "createAdminProduct", product("bundle", { bundleOptions: bundleOptions() }));
    const bundleId = bundle.data._id ?? bundle.data.id;
    // A bundle is not a simple or virtual product: no grouped product can hold it.
    const nested = await asAdmin(via, token, "updateAdminProduct", { id, groupedProducts: [{ productId: bundleId }] });
    expect(nested.status).toBe(422);
    expect(Object.keys(nested.fields)).toContain("groupedProducts.0.productId");
    expect(await db.productGroupedLink.count({ where: { productId: id } })).toBe(1);
  });
});
