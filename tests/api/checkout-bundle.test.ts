// Placing an order with a bundle, on both transports: the totals carry the bundle's price, each of its products'
// stock drops by its units per bundle × the line's quantity exactly once, an oversell of any of them is refused
// like a simple product's (nothing written), and the order (one line with its choice) can be invoiced and shipped
// through the Admin API, or canceled, which puts each of its products back.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, setStock, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { adminToken } from "../support/admin.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { freshBundle, freshGrouped, type Bundle } from "../support/composite-fixtures.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});

/** A kit: a required radio (a 100 phone, 5 in stock) and a checkbox of a 10 cable (2 per kit, 9 in stock) and a 25 virtual warranty. */
const kitOf = () =>
  freshBundle([
    { type: "radio", isRequired: true, products: [{ price: "100", qty: 5 }] },
    { type: "checkbox", isRequired: false, products: [{ price: "10", qty: 9, perBundle: 2 }, { price: "25", qty: 100, type: "virtual" }] },
  ]);

const everything = (kit: Bundle) => ({
  productId: kit.id,
  bundleOptions: { [kit.options[0].id]: [kit.options[0].products[0].id], [kit.options[1].id]: kit.options[1].products.map((p) => p.id) },
});

async function ready(via: Via, items: Record<string, unknown>[]) {
  const cart = await guestCart(via, key);
  const opts = { key, bearer: cart.token };
  await fill(via, opts, items);
  expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, opts)).status).toBe(200);
  return { ...cart, opts };
}

describe.each(VIAS)("an order with a bundle over %s", (via) => {
  it("totals the bundle, takes each product's stock once, and records the choice on one order line", async () => {
    const kit = await kitOf();
    const [phone, cable, warranty] = [kit.options[0].products[0].productId, ...kit.options[1].products.map((p) => p.productId)];
    const c = await ready(via, [{ ...everything(kit), quantity: 2 }]);
    const cart = (await invoke(via, "createReadCart", {}, c.opts)).body;
    // (100 + 2 × 10 + 25) × 2 = 290; flatrate 10 per unit shipped.
    expect(cart).toMatchObject({ subtotal: 290, itemsQty: 2 });
    expect(cart.grandTotal).toBe(290 + cart.shippingAmount);
    expect(cart.shippingAmount).toBeGreaterThan(0);

    const placed = await invoke(via, "createCheckoutOrder", {}, c.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect([await stock(phone), await stock(cable), await stock(warranty)]).toEqual([3, 5, 100]);
    // A retry answers the same order and takes nothing more.
    expect((await invoke(via, "createCheckoutOrder", {}, c.opts)).body.orderId).toBe(placed.body.orderId);
    expect([await stock(phone), await stock(cable)]).toEqual([3, 5]);

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: placed.body.orderId }, include: { items: true } });
    expect(Number(order.baseSubTotal)).toBe(290);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ productId: kit.id, type: "bundle", qtyOrdered: 2 });
    expect(Number(order.items[0].price)).toBe(145);
    const recorded = (order.items[0].additional as { bundle: { productId: number; qty: number }[] }).bundle;
    expect(recorded.map((b) => [b.productId, b.qty])).toEqual([[phone, 1], [cable, 2], [warranty, 1]]);

    // The back office invoices and ships it like any other line.
    const invoiced = await invoke(via, "invoiceAdminOrder", { id: order.id }, { bearer: admin });
    expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(201);
    const shipped = await invoke(via, "shipAdminOrder", { id: order.id, carrierTitle: "UPS", trackNumber: "1Z-BUNDLE" }, { bearer: admin });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);
    const after = await db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect([after.qtyInvoiced, after.qtyShipped]).toEqual([2, 2]);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("completed");
  });

  it("puts each of the bundle's products back in stock when the store cancels the order", async () => {
    const kit = await kitOf();
    const [phone, cable, warranty] = [kit.options[0].products[0].productId, ...kit.options[1].products.map((p) => p.productId)];
    const c = await ready(via, [{ ...everything(kit), quantity: 2 }]);
    const placed = await invoke(via, "createCheckoutOrder", {}, c.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect([await stock(phone), await stock(cable), await stock(warranty)]).toEqual([3, 5, 100]);
    const canceled = await invoke(via, "cancelAdminOrder", { id: placed.body.orderId }, { bearer: admin });
    expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);
    // Two kits: two phones and four cables back; the virtual warranty holds no stock.
    expect([await stock(phone), await stock(cable), await stock(warranty)]).toEqual([5, 9, 100]);
    const line = await (await getDb()).orderItem.findFirstOrThrow({ where: { orderId: placed.body.orderId } });
    expect(line.qtyCanceled).toBe(2);
  });

  it("refuses the order when one of the bundle's products sold out since, and writes nothing", async () => {
    const kit = await kitOf();
    const [phone, cable] = [kit.options[0].products[0].productId, kit.options[1].products[0].productId];
    const c = await ready(via, [{ ...everything(kit), quantity: 2 }]);
    await setStock(cable, 3); // two kits need four cables
    const placed = await invoke(via, "createCheckoutOrder", {}, c.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(422);
    expect(placed.message).toMatch(/no longer in stock/);
    const db = await getDb();
    expect(await db.order.count({ where: { cartId: c.id } })).toBe(0);
    expect([await stock(phone), await stock(cable)]).toEqual([5, 3]);
    expect((await cartRow(c.id)).isActive).toBe(true);
  });

  it("places the lines a grouped product added like any simple lines", async () => {
    const outfit = await freshGrouped([{ price: "20", qty: 4 }, { price: "30", qty: 4 }]);
    const c = await ready(via, [{ productId: outfit.id, groupedQty: { [outfit.children[0]]: 1, [outfit.children[1]]: 3 } }]);
    const placed = await invoke(via, "createCheckoutOrder", {}, c.opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect([await stock(outfit.children[0]), await stock(outfit.children[1])]).toEqual([3, 1]);
    const items = await (await getDb()).orderItem.findMany({ where: { orderId: placed.body.orderId }, orderBy: { id: "asc" } });
    expect(items.map((i) => [i.productId, i.qtyOrdered])).toEqual([[outfit.children[0], 1], [outfit.children[1], 3]]);
  });
});

describe("two shoppers racing for a bundle's last product", () => {
  it("lets one order take it and refuses the other", async () => {
    const kit = await kitOf();
    const phone = kit.options[0].products[0].productId;
    await setStock(phone, 1);
    const a = await ready("rest", [everything(kit)]);
    const b = await ready("rest", [everything(kit)]);
    const results = await Promise.all([a, b].map((c) => invoke("rest", "createCheckoutOrder", {}, c.opts)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await stock(phone)).toBe(0);
  });
});
