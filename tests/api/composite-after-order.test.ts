// Grouped and bundle products after the order, on both transports: a reorder puts the same bundle choice (options,
// quantities, price) back in the cart and a grouped product's lines as the lines they were; a bundle of virtual
// products checks out without shipping and is never shipped; a bundle line is refunded and returned like any line.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, stock } from "../support/checkout.ts";
import { invoke, must, VIAS, type Via } from "../support/invoke.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { freshBundle, freshGrouped, type Bundle } from "../support/composite-fixtures.ts";
import { raise, returnable, type Shopper } from "../support/returns.ts";
import { createReorderOrder } from "../../lib/orders/customer-operations.ts";

let key: string;
let admin: string;
beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});

type Auth = { key: string; bearer: string };

/** Fills the cart of `auth` with `items` and checks it out (flat rate unless `ship` is false, cash on delivery). */
async function order(via: Via, auth: Auth, items: Record<string, unknown>[], ship = true): Promise<number> {
  await fill(via, auth, items);
  must(await invoke(via, "createCheckoutAddress", ADDRESS, auth));
  if (ship) must(await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, auth));
  must(await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, auth));
  const placed = await invoke(via, "createCheckoutOrder", {}, auth);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.orderId as number;
}

/** A kit: a required radio (a 100 phone, its default, or a 150 tablet), a checkbox of a 10 cable (2 per kit) and a 25 virtual warranty. */
const kitOf = () =>
  freshBundle([
    { type: "radio", isRequired: true, products: [{ price: "100", qty: 20, isDefault: true }, { price: "150", qty: 20, isUserDefined: true }] },
    { type: "checkbox", isRequired: false, products: [{ price: "10", qty: 40, perBundle: 2 }, { price: "25", qty: 100, type: "virtual" }] },
  ]);

const productsOf = (kit: Bundle) => [...kit.options[0].products, ...kit.options[1].products].map((p) => p.productId);

/** The tablet (not the default) three times per kit, both extras: 3 × 150 + 2 × 10 + 25 = 495 a kit. */
const tabletKit = (kit: Bundle, quantity: number) => ({
  productId: kit.id,
  quantity,
  bundleOptions: { [kit.options[0].id]: kit.options[0].products[1].id, [kit.options[1].id]: kit.options[1].products.map((p) => p.id) },
  bundleOptionQty: { [kit.options[0].id]: 3 },
});

type Child = { optionId: number; optionProductId: number; productId: number; qty: number };
const choiceOf = (additional: unknown) => ((additional as { bundle: Child[] }).bundle ?? []).map((c) => [c.optionId, c.optionProductId, c.productId, c.qty]);

describe.each(VIAS)("reordering grouped and bundle lines over %s", (via) => {
  it("puts the bundle back with its chosen products and quantities, at the same price, and the grouped lines as they were", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const kit = await kitOf();
    const outfit = await freshGrouped([{ price: "20", qty: 10 }, { price: "30", qty: 10 }]);
    const orderId = await order(via, auth, [tabletKit(kit, 2), { productId: outfit.id, groupedQty: { [outfit.children[0]]: 1, [outfit.children[1]]: 3 } }]);
    const db = await getDb();
    const lines = await db.orderItem.findMany({ where: { orderId }, orderBy: { id: "asc" } });
    expect(lines.map((l) => [l.productId, l.type, l.qtyOrdered, Number(l.price)])).toEqual([
      [kit.id, "bundle", 2, 495], [outfit.children[0], "simple", 1, 20], [outfit.children[1], "simple", 3, 30],
    ]);

    const body = must(await invoke(via, createReorderOrder, { id: orderId }, auth));
    expect(body).toMatchObject({ success: true, itemsAddedCount: 3, notAdded: [] });
    expect(body.added.map((a: { orderItemId: number; productId: number; quantity: number }) => [a.orderItemId, a.productId, a.quantity])).toEqual(
      lines.map((l) => [l.id, l.productId, l.qtyOrdered]),
    );
    const cart = await cartRow(body.cartId);
    expect(cart.customerId).toBe(me.id);
    expect(cart.items.map((i) => [i.productId, i.type, i.quantity, Number(i.basePrice)])).toEqual([
      [kit.id, "bundle", 2, 495], [outfit.children[0], "simple", 1, 20], [outfit.children[1], "simple", 3, 30],
    ]);
    expect(choiceOf(cart.items[0].additional)).toEqual(choiceOf(lines[0].additional));
    expect(choiceOf(cart.items[0].additional)).toEqual([
      [kit.options[0].id, kit.options[0].products[1].id, kit.options[0].products[1].productId, 3],
      [kit.options[1].id, kit.options[1].products[0].id, kit.options[1].products[0].productId, 2],
      [kit.options[1].id, kit.options[1].products[1].id, kit.options[1].products[1].productId, 1],
    ]);
    expect(Number(cart.baseSubtotal)).toBe(2 * 495 + 20 + 90);

    // The shopper's cart answer shows the same line.
    const read = must(await invoke(via, "createReadCart", {}, auth));
    expect(read.items[0]).toMatchObject({ productId: kit.id, quantity: 2, price: 495, total: 990 });
    expect(read.items[0].options.bundleOptionQty).toEqual({ [kit.options[0].id]: 3 });
  });

  it("puts the bundle back after its options were saved again, under their new ids", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const kit = await kitOf();
    const orderId = await order(via, auth, [tabletKit(kit, 1)]);
    const [phone, tablet] = kit.options[0].products.map((p) => p.productId);
    const [cable, warranty] = kit.options[1].products.map((p) => p.productId);
    // The same options, saved again by the back office: the option rows and their product rows are new.
    const saved = await asAdmin(via, admin, "updateAdminProduct", {
      id: kit.id,
      bundleOptions: [
        { label: "Device", type: "radio", isRequired: true, products: [{ productId: phone, isDefault: true }, { productId: tablet, isUserDefined: true }] },
        { label: "Extras", type: "checkbox", isRequired: false, products: [{ productId: cable, qty: 2 }, { productId: warranty }] },
      ],
    });
    expect(saved.status, JSON.stringify(saved.raw)).toBe(200);
    const db = await getDb();
    const options = await db.productBundleOption.findMany({ where: { productId: kit.id }, orderBy: { position: "asc" }, include: { products: { orderBy: { position: "asc" } } } });
    expect(options.map((o) => o.id)).not.toContain(kit.options[0].id);

    const body = must(await invoke(via, createReorderOrder, { id: orderId }, auth));
    expect(body).toMatchObject({ success: true, itemsAddedCount: 1, notAdded: [] });
    const cart = await cartRow(body.cartId);
    expect(cart.items.map((i) => [i.productId, i.quantity, Number(i.basePrice)])).toEqual([[kit.id, 1, 495]]);
    expect(choiceOf(cart.items[0].additional)).toEqual([
      [options[0].id, options[0].products[1].id, tablet, 3],
      [options[1].id, options[1].products[0].id, cable, 2],
      [options[1].id, options[1].products[1].id, warranty, 1],
    ]);
  });

  it("reports a bundle whose chosen product is no longer sold, and adds nothing for it", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    const kit = await kitOf();
    const orderId = await order(via, auth, [tabletKit(kit, 1)]);
    const db = await getDb();
    await db.product.update({ where: { id: kit.options[0].products[1].productId }, data: { status: false } });
    const body = must(await invoke(via, createReorderOrder, { id: orderId }, auth));
    expect(body).toMatchObject({ success: false, added: [] });
    expect(body.notAdded).toEqual([expect.objectContaining({ productId: kit.id, quantity: 1, reason: expect.stringMatching(/not available/) })]);
    expect((await cartRow(body.cartId)).items).toEqual([]);
  });
});

describe.each(VIAS)("a bundle of virtual products over %s", (via) => {
  const licences = () =>
    freshBundle([
      { type: "radio", isRequired: true, products: [{ price: "30", qty: 0, type: "virtual" }] },
      { type: "checkbox", isRequired: false, products: [{ price: "5", qty: 0, type: "virtual", perBundle: 2 }] },
    ]);
  const all = (b: Bundle) => ({ productId: b.id, quantity: 2, bundleOptions: { [b.options[0].id]: [b.options[0].products[0].id], [b.options[1].id]: [b.options[1].products[0].id] } });

  it("checks out without a shipping method, costs no shipping, and is complete once invoiced", async () => {
    const bundle = await licences();
    const cart = await guestCart(via, key);
    const auth = { key, bearer: cart.token };
    const filled = await fill(via, auth, [all(bundle)]);
    expect(filled).toMatchObject({ subtotal: 80, haveStockableItems: false });
    must(await invoke(via, "createCheckoutAddress", ADDRESS, auth));
    const refused = await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, auth);
    expect(refused.status).toBe(422);
    expect((await cartRow(cart.id)).shippingMethod).toBeNull();
    const paid = must(await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, auth));
    expect(paid).toBeTruthy();
    const placed = await invoke(via, "createCheckoutOrder", {}, auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const db = await getDb();
    const row = await db.order.findUniqueOrThrow({ where: { id: placed.body.orderId }, include: { items: true } });
    expect(row.shippingMethod).toBeNull();
    expect([Number(row.baseShippingAmount), Number(row.baseGrandTotal)]).toEqual([0, 80]);
    const detail = must(await asAdmin(via, admin, "adminOrder", { id: row.id }));
    expect(detail.items[0]).toMatchObject({ type: "bundle", qtyToShip: 0, qtyToInvoice: 2 });
    // Nothing to ship: a shipment is refused, and the invoice completes the order.
    expect((await asAdmin(via, admin, "shipAdminOrder", { id: row.id, carrierTitle: "UPS", trackNumber: "1Z" })).status).toBe(409);
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: row.id })).status).toBe(201);
    expect((await db.order.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("completed");
  });

  it("still asks for shipping when one of the bundle's chosen products is a simple one", async () => {
    const bundle = await freshBundle([
      { type: "radio", isRequired: true, products: [{ price: "30", qty: 0, type: "virtual" }] },
      { type: "checkbox", isRequired: false, products: [{ price: "5", qty: 10 }] },
    ]);
    const cart = await guestCart(via, key);
    const auth = { key, bearer: cart.token };
    expect(await fill(via, auth, [all(bundle)])).toMatchObject({ haveStockableItems: true });
    must(await invoke(via, "createCheckoutAddress", ADDRESS, auth));
    const early = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, auth);
    expect(early.status).toBe(409);
    expect(early.message).toMatch(/shipping method/);
    must(await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, auth));
    expect(Number((await cartRow(cart.id)).baseShippingAmount)).toBeGreaterThan(0);
  });
});

describe.each(VIAS)("refunding and returning a bundle line over %s", (via) => {
  it("refunds a bundle line by units at its price, up to what was invoiced, and closes the order when all is refunded", async () => {
    const kit = await kitOf();
    const cart = await guestCart(via, key);
    const orderId = await order(via, { key, bearer: cart.token }, [tabletKit(kit, 2)]);
    const db = await getDb();
    const line = await db.orderItem.findFirstOrThrow({ where: { orderId } });
    expect((await asAdmin(via, admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: line.id, qty: 1 }] })).status).toBe(409);
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: orderId })).status).toBe(201);
    expect((await asAdmin(via, admin, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z-KIT" })).status).toBe(201);
    const stockBefore = await Promise.all(productsOf(kit).map((id) => stock(id)));

    const tooMany = await asAdmin(via, admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: line.id, qty: 3 }] });
    expect(tooMany.status).toBe(422);
    const one = await asAdmin(via, admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: line.id, qty: 1 }] });
    expect(one.status, JSON.stringify(one.raw)).toBe(201);
    const refunds = await db.refund.findMany({ where: { orderId }, include: { items: true } });
    expect(refunds).toHaveLength(1);
    expect([refunds[0].totalQty, Number(refunds[0].subTotal), Number(refunds[0].grandTotal)]).toEqual([1, 495, 495]);
    expect(refunds[0].items.map((i) => [i.orderItemId, i.qty, Number(i.total)])).toEqual([[line.id, 1, 495]]);
    expect((await db.orderItem.findUniqueOrThrow({ where: { id: line.id } })).qtyRefunded).toBe(1);
    const detail = must(await asAdmin(via, admin, "adminOrder", { id: orderId }));
    expect(detail).toMatchObject({ grandTotalRefunded: 495, status: "completed" });
    expect(detail.items[0]).toMatchObject({ qtyRefunded: 1, qtyToRefund: 1 });
    // A refund moves money, not goods: no product's stock changes, the bundle's as any other line's.
    expect(await Promise.all(productsOf(kit).map((id) => stock(id)))).toEqual(stockBefore);

    // The rest, with the shipping: everything invoiced is refunded and the order is closed.
    const placed = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    const rest = await asAdmin(via, admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: line.id, qty: 1 }], shipping: Number(placed.baseShippingAmount) });
    expect(rest.status, JSON.stringify(rest.raw)).toBe(201);
    const after = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(Number(after.grandTotalRefunded)).toBe(Number(after.grandTotalInvoiced));
    expect(after.status).toBe("closed");
    expect((await db.orderItem.findUniqueOrThrow({ where: { id: line.id } })).qtyRefunded).toBe(2);
    expect((await asAdmin(via, admin, "refundAdminOrder", { id: orderId, items: [{ orderItemId: line.id, qty: 1 }] })).status).toBeGreaterThanOrEqual(400);
  });

  it("lets the customer return shipped bundles and cancel unshipped ones, unit by unit", async () => {
    const me = await customer(key);
    const who: Shopper = { key, id: me.id, token: me.token };
    const auth = { key, bearer: me.token };
    const kit = await kitOf();
    const orderId = await order(via, auth, [tabletKit(kit, 3)]);
    const db = await getDb();
    const line = await db.orderItem.findFirstOrThrow({ where: { orderId } });

    // Not shipped yet: the units can be canceled, not returned.
    expect((await returnable(via, who, orderId)).get(line.id)).toMatchObject({ type: "bundle", qtyOrdered: 3, forCancelQuantity: 3, forReturnQuantity: 0, price: 495 });
    const canceled = await raise(via, who, line.id, 1, { resolutionType: "cancel_items" });
    expect(canceled.item).toMatchObject({ order_item_id: line.id, quantity: 1, resolution: "cancel_items", sku: line.sku });

    // Two shipped (the third is held by the cancel request): they can be returned, at most two.
    expect((await asAdmin(via, admin, "invoiceAdminOrder", { id: orderId })).status).toBe(201);
    const shipped = await asAdmin(via, admin, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z-RMA", items: [{ orderItemId: line.id, qty: 2 }] });
    expect(shipped.status, JSON.stringify(shipped.raw)).toBe(201);
    expect((await returnable(via, who, orderId)).get(line.id)).toMatchObject({ forReturnQuantity: 2, rmaQuantity: 1 });
    await expect(raise(via, who, line.id, 3)).rejects.toThrow(/got 422.*at most 2 unit/);
    const returned = await raise(via, who, line.id, 2);
    expect(returned.item).toMatchObject({ order_item_id: line.id, quantity: 2, resolution: "return", name: line.name });
    expect((await returnable(via, who, orderId)).get(line.id)?.forReturnQuantity ?? 0).toBe(0);
    expect(await db.returnRequest.count({ where: { orderItemId: line.id } })).toBe(2);
  });
});
