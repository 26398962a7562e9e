// The checkout sequence (SPEC.md): every 409 rule, lists empty until an address is saved, the flat address
// input and its 422s, shipping rates (flatrate per order, free from 100, per item through quoteFrom), and a
// new address or a changed cart resetting the chosen methods. Both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, freshDownloadable, freshVirtual, guestCart } from "../support/cart-fixtures.ts";
import { quoteFrom, quoteHeld } from "../../lib/checkout/shipping.ts";
import { Decimal } from "../../lib/money.ts";
import { getSql } from "../../lib/db/client.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** A guest cart over `via` holding `qty` × a fresh product at `price`. */
async function cartWith(via: Via, price = "40", qty = 1) {
  const product = await freshProduct({ qty: 50, price });
  const cart = await guestCart(via, key);
  const opts = { key, bearer: cart.token };
  const body = await fill(via, opts, [{ productId: product, quantity: qty }]);
  return { ...cart, opts, product, body };
}

const SHIP = { shippingMethod: "flatrate_flatrate" };
const PAY = { paymentMethod: "cashondelivery" };
const codes = (r: { body: { code: string }[] }) => r.body.map((x) => x.code);

describe.each(VIAS)("checkout sequence over %s", (via) => {
  it("answers 409 to every step on an empty cart", async () => {
    const { token } = await guestCart(via, key);
    const opts = { key, bearer: token };
    const steps: [string, Record<string, unknown>][] = [
      ["createCheckoutAddress", ADDRESS],
      ["collectionShippingRates", {}],
      ["createCheckoutShippingMethod", SHIP],
      ["collectionPaymentMethods", {}],
      ["createCheckoutPaymentMethod", PAY],
      ["createCheckoutOrder", {}],
    ];
    for (const [name, input] of steps) {
      const r = await invoke(via, name, input, opts);
      expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(409);
    }
  });

  it("answers 409 to every step taken before the one it needs, and lists nothing before an address", async () => {
    const { id, opts } = await cartWith(via);
    expect((await invoke(via, "collectionShippingRates", {}, opts)).body).toEqual([]);
    expect((await invoke(via, "collectionPaymentMethods", {}, opts)).body).toEqual([]);
    expect((await invoke(via, "createCheckoutShippingMethod", SHIP, opts)).status).toBe(409);
    expect((await invoke(via, "createCheckoutPaymentMethod", PAY, opts)).status).toBe(409);
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);

    expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
    expect((await invoke(via, "createCheckoutPaymentMethod", PAY, opts)).status).toBe(409);
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);

    expect((await invoke(via, "createCheckoutShippingMethod", SHIP, opts)).status).toBe(200);
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);
    const row = await cartRow(id);
    expect(row).toMatchObject({ shippingMethod: "flatrate_flatrate", paymentMethod: null, isActive: true });
    expect(await (await getDb()).order.count({ where: { cartId: id } })).toBe(0);
  });

  it("lists flatrate and the payment methods once the address is saved", async () => {
    const { opts } = await cartWith(via, "40", 3);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    const rates = await invoke(via, "collectionShippingRates", {}, opts);
    expect(rates.body).toEqual([
      expect.objectContaining({ code: "flatrate_flatrate", method: "flatrate_flatrate", carrier: "flatrate", carrierTitle: "Flat Rate", price: 10, basePrice: 10, formattedPrice: "$10.00" }),
      expect.objectContaining({ code: "free_free", price: 0 }),
    ]);
    const methods = await invoke(via, "collectionPaymentMethods", {}, opts);
    expect(methods.body.map((m: { method: string; offsite: boolean; isAllowed: boolean }) => [m.method, m.offsite, m.isAllowed])).toEqual([
      ["cashondelivery", false, true],
      ["moneytransfer", false, true],
      ["paypal_standard", true, true],
    ]);
    // per_order: three units still cost one flat 10.
    const set = await invoke(via, "createCheckoutShippingMethod", SHIP, opts);
    expect(set.body).toMatchObject({ success: true, shippingMethod: "flatrate_flatrate" });
    expect((await invoke(via, "createReadCart", {}, opts)).body).toMatchObject({ subtotal: 120, shippingAmount: 10, grandTotal: 130 });
  });

  it.each([
    ["99.99", ["flatrate_flatrate"]],
    ["100", ["flatrate_flatrate", "free_free"]],
  ])("offers free shipping from a subtotal of 100 (subtotal %s)", async (price, expected) => {
    const { opts } = await cartWith(via, price);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    expect(codes(await invoke(via, "collectionShippingRates", {}, opts))).toEqual(expected);
    if (!expected.includes("free_free")) expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "free_free" }, opts)).status).toBe(422);
  });

  it("refuses a shipping or payment method the cart does not offer with 422", async () => {
    const { id, opts } = await cartWith(via);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "teleport_teleport" }, opts)).status).toBe(422);
    await invoke(via, "createCheckoutShippingMethod", SHIP, opts);
    expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "bitcoin" }, opts)).status).toBe(422);
    expect((await cartRow(id)).paymentMethod).toBeNull();
  });

  it("resets the chosen shipping and payment methods when a new address is saved", async () => {
    const { id, opts } = await cartWith(via);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    await invoke(via, "createCheckoutShippingMethod", SHIP, opts);
    await invoke(via, "createCheckoutPaymentMethod", PAY, opts);
    expect(await cartRow(id)).toMatchObject({ shippingMethod: "flatrate_flatrate", paymentMethod: "cashondelivery" });

    const again = await invoke(via, "createCheckoutAddress", { ...ADDRESS, billingCity: "Oakland" }, opts);
    expect(again.status).toBe(200);
    expect(again.body.cart).toMatchObject({ selectedShippingRate: null, paymentMethod: null, shippingAmount: 0, grandTotal: 40 });
    expect(again.body.cart.billingAddress).toMatchObject({ city: "Oakland" });
    expect(await cartRow(id)).toMatchObject({ shippingMethod: null, paymentMethod: null, paymentMethodTitle: null });
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);
  });

  it("drops free shipping, and the payment method after it, when the subtotal falls below 100", async () => {
    const { id, opts, body } = await cartWith(via, "60", 2);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "free_free" }, opts);
    await invoke(via, "createCheckoutPaymentMethod", PAY, opts);
    const lowered = await invoke(via, "createUpdateCartItem", { cartItemId: body.items[0].id, quantity: 1 }, opts);
    expect(lowered.body).toMatchObject({ selectedShippingRate: null, paymentMethod: null });
    expect(await cartRow(id)).toMatchObject({ shippingMethod: null, paymentMethod: null });
    expect((await invoke(via, "createCheckoutOrder", {}, opts)).status).toBe(409);
  });

  it("walks the whole sequence with the cart token in the body or query instead of the bearer", async () => {
    const { id, token } = await cartWith(via, "40", 1);
    const field = via === "rest" ? "cart_token" : "cartToken";
    const t = { [field]: token };
    const noBearer = { key };
    expect((await invoke(via, "createCheckoutAddress", { ...ADDRESS, ...t }, noBearer)).status).toBe(200);
    expect(codes(await invoke(via, "collectionShippingRates", t, noBearer))).toEqual(["flatrate_flatrate"]);
    expect((await invoke(via, "createCheckoutShippingMethod", { ...SHIP, ...t }, noBearer)).status).toBe(200);
    expect((await invoke(via, "collectionPaymentMethods", t, noBearer)).body).toHaveLength(3);
    expect((await invoke(via, "createCheckoutPaymentMethod", { ...PAY, ...t }, noBearer)).status).toBe(200);
    expect((await invoke(via, "collectionGetCheckoutAddresses", t, noBearer)).body).toHaveLength(2);
    const placed = await invoke(via, "createCheckoutOrder", t, noBearer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.cartToken).toBe(token);
    expect(await (await getDb()).order.findUnique({ where: { cartId: id } })).toMatchObject({ id: placed.body.orderId });
  });

  it("skips shipping for a cart of virtual and downloadable products", async () => {
    const virtual = await freshVirtual("15");
    const book = await freshDownloadable("20", ["0"]);
    const { id, token } = await guestCart(via, key);
    const opts = { key, bearer: token };
    await fill(via, opts, [{ productId: virtual, quantity: 1 }, { productId: book.id, links: book.links }]);
    await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    expect((await invoke(via, "collectionShippingRates", {}, opts)).body).toEqual([]);
    expect((await invoke(via, "createCheckoutShippingMethod", SHIP, opts)).status).toBe(422);
    const pay = await invoke(via, "createCheckoutPaymentMethod", PAY, opts);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { cartId: id } });
    expect(order).toMatchObject({ id: placed.body.orderId, shippingMethod: null });
    expect([order.baseShippingAmount, order.baseGrandTotal].map(Number)).toEqual([0, 35]);
  });
});

describe.each(VIAS)("checkout address input over %s", (via) => {
  const without = (field: string) => Object.fromEntries(Object.entries(ADDRESS).filter(([k]) => k !== field));
  const refused: [string, Record<string, unknown>][] = [
    ...["billingFirstName", "billingLastName", "billingAddress", "billingCountry", "billingCity", "billingPostcode"].map(
      (f): [string, Record<string, unknown>] => [`without ${f}`, without(f)],
    ),
    ["an unknown country", { ...ADDRESS, billingCountry: "ZZ", billingState: "" }],
    ["a three-letter country", { ...ADDRESS, billingCountry: "USA" }],
    ["a state not of the country", { ...ADDRESS, billingState: "ON" }],
    ["a guest without billingEmail", without("billingEmail")],
    ["a malformed billingEmail", { ...ADDRESS, billingEmail: "not-an-email" }],
    ["useForShipping false without shipping fields", { ...ADDRESS, useForShipping: false }],
    ["useForShipping false with a shipping state not of its country", { ...ADDRESS, useForShipping: false, ...shipping({ shippingState: "CA", shippingCountry: "IN" }) }],
  ];
  it.each(refused)("refuses %s with 422 and saves nothing", async (_name, input) => {
    const { id, opts } = await cartWith(via);
    const r = await invoke(via, "createCheckoutAddress", input, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(await (await getDb()).cartAddress.count({ where: { cartId: id } })).toBe(0);
  });

  it("refuses a nested billing object (422 on REST; not in the GraphQL input type)", async () => {
    const { id, opts } = await cartWith(via);
    const nested = { billing: { firstName: "Ada", lastName: "Lovelace", address: "1 St", country: "US", city: "SF", postcode: "94107" }, useForShipping: true };
    const r = await invoke(via, "createCheckoutAddress", nested, opts);
    if (via === "rest") expect(r.status).toBe(422);
    else expect(r.ok).toBe(false);
    expect(await (await getDb()).cartAddress.count({ where: { cartId: id } })).toBe(0);
  });

  it("saves a separate shipping address when useForShipping is false, and lists both", async () => {
    const { id, opts } = await cartWith(via);
    const r = await invoke(via, "createCheckoutAddress", { ...ADDRESS, useForShipping: false, ...shipping({}) }, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cart.shippingAddress).toMatchObject({ addressType: "shipping", firstName: "Grace", city: "Toronto", country: "CA", state: "ON" });
    const rows = await (await getDb()).cartAddress.findMany({ where: { cartId: id }, orderBy: { addressType: "asc" } });
    expect(rows.map((a) => [a.addressType, a.city, a.useForShipping])).toEqual([["billing", "San Francisco", false], ["shipping", "Toronto", false]]);
    const listed = await invoke(via, "collectionGetCheckoutAddresses", {}, opts);
    expect(listed.body.map((a: { addressType: string; city: string }) => [a.addressType, a.city])).toEqual([["billing", "San Francisco"], ["shipping", "Toronto"]]);
  });

  it("copies the billing address to shipping when useForShipping is true", async () => {
    const { id, opts } = await cartWith(via);
    const r = await invoke(via, "createCheckoutAddress", ADDRESS, opts);
    expect(r.body).toMatchObject({ success: true, cartToken: opts.bearer });
    expect(r.body.cart.shippingAddress).toMatchObject({ city: "San Francisco", state: "CA", country: "US", email: "ada@example.com" });
    expect(await (await getDb()).cartAddress.count({ where: { cartId: id } })).toBe(2);
  });

  it("lets a customer skip billingEmail and lists their address book first", async () => {
    const me = await customer(key);
    const db = await getDb();
    await db.customerAddress.create({ data: { customerId: me.id, firstName: "Home", lastName: "Me", address: "1 Home Rd", country: "US", city: "Austin", postcode: "73301", defaultAddress: true } });
    const opts = { key, bearer: me.token };
    await fill(via, opts, [{ productId: await freshProduct({ qty: 5 }), quantity: 1 }]);
    const { billingEmail: _drop, ...address } = ADDRESS;
    const r = await invoke(via, "createCheckoutAddress", address, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cart.billingAddress.email).toBe(me.email);
    const listed = await invoke(via, "collectionGetCheckoutAddresses", {}, opts);
    expect(listed.body.map((a: { addressType: string; city: string; defaultAddress: boolean }) => [a.addressType, a.city, a.defaultAddress])).toEqual([
      ["customer", "Austin", true],
      ["billing", "San Francisco", false],
      ["shipping", "San Francisco", false],
    ]);
  });
});

function shipping(over: Record<string, string>) {
  return {
    shippingFirstName: "Grace", shippingLastName: "Hopper", shippingAddress: "1 Navy Yard", shippingCountry: "CA",
    shippingState: "ON", shippingCity: "Toronto", shippingPostcode: "M5V 2T6", ...over,
  };
}

describe("shipping quotes", () => {
  const fake = (configs: { code: string; config: object }[]) => configs.map((c, i) => ({ ...c, id: i + 1, title: c.code, description: null }));

  it("charges flatrate per item when so configured, per order by default", () => {
    const cart = { baseSubtotal: new Decimal(50), shippableQty: 3 };
    const perItem = quoteFrom(fake([{ code: "flatrate", config: { rate: 4, type: "per_item" } }]), cart);
    expect(perItem.map((r) => [r.method, r.basePrice.toNumber()])).toEqual([["flatrate_flatrate", 12]]);
    const perOrder = quoteFrom(fake([{ code: "flatrate", config: { rate: 4, type: "per_order" } }]), cart);
    expect(perOrder[0].basePrice.toNumber()).toBe(4);
  });

  it("offers free shipping only from its threshold", () => {
    const methods = fake([{ code: "flatrate", config: { rate: 10 } }, { code: "free", config: { threshold: 100 } }]);
    expect((quoteFrom(methods, { baseSubtotal: new Decimal("99.99"), shippableQty: 1 })).map((r) => r.method)).toEqual(["flatrate_flatrate"]);
    expect((quoteFrom(methods, { baseSubtotal: new Decimal(100), shippableQty: 1 })).map((r) => r.method)).toEqual(["flatrate_flatrate", "free_free"]);
  });

  it("reads the seeded configuration: flatrate 10 per order, free from 100", async () => {
    const rates = await quoteHeld(await getSql(), { baseSubtotal: new Decimal(150), shippableQty: 5 });
    expect(rates.map((r) => [r.method, r.basePrice.toNumber()])).toEqual([["flatrate_flatrate", 10], ["free_free", 0]]);
  });
});
