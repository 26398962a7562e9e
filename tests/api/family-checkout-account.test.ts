// The family's documented cart, checkout and account flows, in order, through the GraphQL endpoint with the family's
// names (createCartToken's cart record, setBillingAddress, createOrder, createLogin, createCustomerProfileUpdate,
// createDeleteCustomerAddress…). Each answer is checked against the database it changed.
import { beforeAll, describe, expect, it } from "vitest";
import { call, cartToken, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { resolveCartToken } from "../../lib/cart/token.ts";
import { getSql } from "../../lib/db/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

async function ask(query: string, variables: Record<string, unknown> = {}, bearer?: string) {
  const res = await graphql(query, variables, { key, bearer });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data;
}

const CART_FIELDS = `id _id cartToken sessionToken customerId channelId itemsCount itemsQty subtotal baseSubtotal taxAmount baseTaxAmount
  shippingAmount baseShippingAmount grandTotal baseGrandTotal subTotalInclTax baseSubTotalInclTax formattedSubTotalInclTax taxTotal
  formattedTaxTotal shippingAmountInclTax baseShippingAmountInclTax formattedShippingAmountInclTax success message isGuest
  items { totalCount edges { node { id productId quantity price basePrice baseDiscountAmount baseTaxAmount priceInclTax basePriceInclTax
  formattedPriceInclTax totalInclTax baseTotalInclTax formattedTotalInclTax } } }`;

const BILLING = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", address: "12 Analytical Street", city: "San Francisco", state: "CA", country: "US", phone: "555-0100" };

describe("family checkout, guest", () => {
  it("cart token → add item → billing address → addresses → shipping → payment → order", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 20, price: "40" });

    const opened = (await ask(`mutation { createCartToken(input: {}) { cartToken { ${CART_FIELDS.replace(/items \{[\s\S]*$/, "")} } } }`)).createCartToken.cartToken;
    expect(opened).toMatchObject({ isGuest: true, customerId: null, itemsCount: 0, subtotal: 0, baseTaxAmount: 0, baseShippingAmount: 0, success: true });
    expect(opened._id).toBe(opened.id);
    expect(opened.sessionToken).toBe(opened.cartToken);
    const token: string = opened.cartToken;
    expect((await db.cart.findUniqueOrThrow({ where: { id: opened._id } })).isGuest).toBe(true);

    const added = (await ask(
      `mutation($p: Int!, $q: Int!) { createAddProductInCart(input: { productId: $p, quantity: $q }) { addProductInCart { ${CART_FIELDS} } } }`,
      { p: product, q: 3 },
      token,
    )).createAddProductInCart.addProductInCart;
    expect(added).toMatchObject({ _id: opened._id, itemsQty: 3, subtotal: 120, baseSubtotal: 120, subTotalInclTax: 120, baseSubTotalInclTax: 120, formattedSubTotalInclTax: "$120.00", taxTotal: 0, sessionToken: token });
    expect(added.items.edges[0].node).toMatchObject({ productId: product, quantity: 3, price: 40, basePrice: 40, priceInclTax: 40, basePriceInclTax: 40, totalInclTax: 120, baseTotalInclTax: 120, formattedTotalInclTax: "$120.00" });
    const cartRow = await db.cart.findUniqueOrThrow({ where: { id: opened._id } });
    expect(Number(cartRow.baseSubtotal)).toBe(120);

    const billed = (await ask(
      `mutation($input: SetBillingAddressInput!) { setBillingAddress(input: $input) { cart { _id billingAddress { firstName city zipCode } shippingAddress { city } } message success } }`,
      { input: { ...BILLING, zipCode: "94107", cartId: token } },
      token,
    )).setBillingAddress;
    expect(billed).toMatchObject({ success: true, cart: { _id: opened._id, billingAddress: { firstName: "Ada", city: "San Francisco", zipCode: "94107" }, shippingAddress: { city: "San Francisco" } } });
    expect(await db.cartAddress.findMany({ where: { cartId: opened._id }, select: { addressType: true, postcode: true }, orderBy: { addressType: "asc" } }))
      .toEqual([{ addressType: "billing", postcode: "94107" }, { addressType: "shipping", postcode: "94107" }]);

    // The flat form, with a shipping address of its own; its answer echoes both sides.
    const flat = (await ask(
      `mutation($i: createCheckoutAddressInput!) { createCheckoutAddress(input: $i) { checkoutAddress { _id id success cartToken billingFirstName billingCity shippingFirstName shippingCity } } }`,
      { i: { billingFirstName: "Ada", billingLastName: "Lovelace", billingEmail: "ada@example.com", billingAddress: "12 Analytical Street", billingCity: "San Francisco", billingCountry: "US", billingState: "CA", billingPostcode: "94107", billingPhoneNumber: "555-0100", useForShipping: false, shippingFirstName: "Charles", shippingLastName: "Babbage", shippingAddress: "1 Engine Road", shippingCity: "Los Angeles", shippingCountry: "US", shippingState: "CA", shippingPostcode: "90001" } },
      token,
    )).createCheckoutAddress.checkoutAddress;
    expect(flat).toMatchObject({ _id: opened._id, id: opened._id, success: true, cartToken: token, billingFirstName: "Ada", billingCity: "San Francisco", shippingFirstName: "Charles", shippingCity: "Los Angeles" });

    const listed = (await ask(`{ collectionGetCheckoutAddresses { totalCount edges { node { _id addressType name firstName city vatId gender additional createdAt } } } }`, {}, token)).collectionGetCheckoutAddresses;
    expect(listed.totalCount).toBe(2);
    expect(listed.edges.map((e: any) => [e.node.addressType, e.node.name, e.node.city])).toEqual([["billing", "Ada Lovelace", "San Francisco"], ["shipping", "Charles Babbage", "Los Angeles"]]);

    const shipped = (await ask(`mutation { createCheckoutShippingMethod(input: { shippingMethod: "flatrate_flatrate" }) { checkoutShippingMethod { id success message } } }`, {}, token)).createCheckoutShippingMethod.checkoutShippingMethod;
    expect(shipped).toMatchObject({ id: opened._id, success: true });
    const afterShipping = await db.cart.findUniqueOrThrow({ where: { id: opened._id } });
    expect(afterShipping.shippingMethod).toBe("flatrate_flatrate");
    const read = (await ask(`mutation { createReadCart(input: {}) { readCart { shippingAmount baseShippingAmount shippingAmountInclTax baseShippingAmountInclTax grandTotal } } }`, {}, token)).createReadCart.readCart;
    expect(read.baseShippingAmount).toBe(Number(afterShipping.baseShippingAmount));
    expect(read.baseShippingAmount).toBeGreaterThan(0);
    expect(read).toMatchObject({ shippingAmountInclTax: read.shippingAmount, baseShippingAmountInclTax: read.baseShippingAmount, grandTotal: 120 + read.shippingAmount });

    const methods = (await ask(`query($t: String) { collectionPaymentMethods(token: $t) { _id method title isAllowed } }`, { t: token }, token)).collectionPaymentMethods;
    expect(methods.map((m: any) => m.method)).toContain("cashondelivery");
    expect((await ask(`{ collectionPaymentMethods(token: "") { method } }`, {}, token)).collectionPaymentMethods).toHaveLength(methods.length);
    const wrong = await graphql(`{ collectionPaymentMethods(token: "00000000-0000-4000-8000-000000000000") { method } }`, {}, { key, bearer: token });
    expect(wrong.body.errors?.[0]?.extensions?.status).toBe(403);

    await ask(`mutation { createCheckoutPaymentMethod(input: { paymentMethod: "cashondelivery" }) { checkoutPaymentMethod { success } } }`, {}, token);
    const placed = (await ask(`mutation { createCheckoutOrder(input: {}) { checkoutOrder { orderId orderIncrementId redirect } } }`, {}, token)).createCheckoutOrder.checkoutOrder;
    const order = await db.order.findUniqueOrThrow({ where: { id: placed.orderId } });
    expect(order).toMatchObject({ cartId: opened._id, incrementId: placed.orderIncrementId, shippingMethod: "flatrate_flatrate" });
  });

  it("createOrder takes addresses, shipping and payment in one call and places the order", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 20, price: "25" });
    const token = (await ask(`mutation { createCartToken(input: {}) { cartToken { cartToken } } }`)).createCartToken.cartToken.cartToken as string;
    await ask(`mutation($p: Int!) { createAddProductInCart(input: { productId: $p, quantity: 2 }) { addProductInCart { id } } }`, { p: product }, token);

    const done = (await ask(
      `mutation($input: createOrderInput!) { createOrder(input: $input) { order { id orderNumber status total items { id productName quantity price } } message success } }`,
      { input: { cartId: token, billingAddress: { ...BILLING, postalCode: "94107" }, shippingMethod: "flatrate_flatrate", paymentMethod: "cashondelivery" } },
    )).createOrder;
    expect(done.success).toBe(true);
    const order = await db.order.findUniqueOrThrow({ where: { id: done.order.id }, include: { items: true } });
    expect(done.order).toMatchObject({ orderNumber: order.incrementId, status: order.status, total: Number(order.grandTotal) });
    expect(done.order.items).toEqual([{ id: order.items[0].id, productName: order.items[0].name, quantity: 2, price: 25 }]);
    expect((await db.cart.findFirstOrThrow({ where: { id: order.cartId! } })).isActive).toBe(false);

    // A wrong shipping code is a 422 and places nothing.
    const t2 = (await ask(`mutation { createCartToken(input: {}) { cartToken { cartToken _id } } }`)).createCartToken.cartToken;
    await ask(`mutation($p: Int!) { createAddProductInCart(input: { productId: $p, quantity: 1 }) { addProductInCart { id } } }`, { p: product }, t2.cartToken);
    const order2 = (input: Record<string, unknown>) =>
      graphql(`mutation($input: createOrderInput!) { createOrder(input: $input) { success order { id } } }`, {
        input: { cartId: t2.cartToken, billingAddress: { ...BILLING, postalCode: "94107" }, paymentMethod: "cashondelivery", ...input },
      }, { key });
    const bad = await order2({ shippingMethod: "express_air" });
    expect(bad.body.errors?.[0]?.extensions?.status).toBe(422);
    expect(bad.body.errors?.[0]?.message).toContain("express_air");
    expect(await db.order.count({ where: { cartId: t2._id } })).toBe(0);

    // The carrier's name, as the family's documentation writes it (`flat_rate`), names its one rate.
    const aliased = await order2({ shippingMethod: "flat_rate" });
    expect(aliased.body.data?.createOrder.success).toBe(true);
    const placed = await db.order.findUniqueOrThrow({ where: { id: aliased.body.data.createOrder.order.id } });
    expect(placed).toMatchObject({ cartId: t2._id, shippingMethod: "flatrate_flatrate" });
  });

  it("set-shipping-method takes a carrier's name for its one rate on REST too, and refuses a code no rate has", async () => {
    const db = await getDb();
    const product = await freshProduct({ qty: 5, price: "10" });
    const token = await cartToken(key);
    await call("POST", "/api/shop/cart/add-to-cart", { productId: product, quantity: 1 }, { key, bearer: token });
    expect((await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, { key, bearer: token })).status).toBe(200);
    const cartId = (await resolveCartToken(await getSql(), token))!.cartId;
    const wrong = await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flat-rate-ish" }, { key, bearer: token });
    expect(wrong.status).toBe(422);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).shippingMethod).toBeNull();
    for (const code of ["FLAT_RATE", "flatrate"]) {
      const ok = await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: code }, { key, bearer: token });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).shippingMethod).toBe("flatrate_flatrate");
    }
  });
});

describe("family account", () => {
  it("register → login → profile update → address create, update, list, delete → profile delete", async () => {
    const db = await getDb();
    const email = `${unique("fam")}@example.com`;
    const reg = (await ask(
      `mutation($input: createCustomerInput!) { createCustomer(input: $input) { customer { _id name firstName rememberToken token email } message success } }`,
      { input: { firstName: "Grace", lastName: "Hopper", email, password: "Secret123!pass", confirmPassword: "Secret123!pass" } },
    )).createCustomer;
    expect(reg).toMatchObject({ success: true, customer: { name: "Grace Hopper", firstName: "Grace", rememberToken: null, email } });
    expect(typeof reg.message).toBe("string");
    expect((await db.customer.findUniqueOrThrow({ where: { email } })).id).toBe(reg.customer._id);

    const login = (await ask(`mutation($e: String!, $p: String!) { createLogin(input: { email: $e, password: $p }) { login { id email firstName lastName token success } } }`, { e: email, p: "Secret123!pass" })).createLogin.login;
    expect(login).toMatchObject({ id: reg.customer._id, email, firstName: "Grace", lastName: "Hopper", success: true });
    const bearer: string = login.token;

    const upd = (await ask(`mutation($input: createCustomerProfileUpdateInput!) { createCustomerProfileUpdate(input: $input) { customerProfileUpdate { id firstName } } }`, { input: { firstName: "Amazing", dateOfBirth: "1906-12-09" } }, bearer)).createCustomerProfileUpdate.customerProfileUpdate;
    expect(upd.firstName).toBe("Amazing");
    expect(await db.customer.findUniqueOrThrow({ where: { email } })).toMatchObject({ firstName: "Amazing", dateOfBirth: "1906-12-09" });

    const created = (await ask(
      `mutation($input: createAddUpdateCustomerAddressInput!) { createAddUpdateCustomerAddress(input: $input) { addUpdateCustomerAddress { id addressId addressType name address1 address2 postcode defaultAddress } } }`,
      { input: { firstName: "Grace", lastName: "Hopper", address1: "1 Navy Yard", address2: "Suite 2", city: "Arlington", state: "VA", country: "US", postcode: "22201", useForShipping: true } },
      bearer,
    )).createAddUpdateCustomerAddress.addUpdateCustomerAddress;
    expect(created).toMatchObject({ addressType: "customer", name: "Grace Hopper", address1: "1 Navy Yard", address2: "Suite 2", postcode: "22201", defaultAddress: true });
    expect(created.id).toBe(`/api/shop/customer-addresses/${created.addressId}`);

    const changed = (await ask(
      `mutation($input: createAddUpdateCustomerAddressInput!) { createAddUpdateCustomerAddress(input: $input) { addUpdateCustomerAddress { addressId city } } }`,
      { input: { addressId: created.addressId, city: "Washington", state: "VA", country: "US" } },
      bearer,
    )).createAddUpdateCustomerAddress.addUpdateCustomerAddress;
    expect(changed).toEqual({ addressId: created.addressId, city: "Washington" });
    expect((await db.customerAddress.findUniqueOrThrow({ where: { id: created.addressId } })).city).toBe("Washington");

    const listed = (await ask(`{ getCustomerAddresses(first: 10) { totalCount edges { node { _id addressType name additional } } } }`, {}, bearer)).getCustomerAddresses;
    expect(listed.totalCount).toBe(1);
    expect(listed.edges[0].node).toEqual({ _id: created.addressId, addressType: "customer", name: "Grace Hopper", additional: null });

    const del = (await ask(`mutation($input: createDeleteCustomerAddressInput!) { createDeleteCustomerAddress(input: $input) { deleteCustomerAddress { id } } }`, { input: { addressId: created.addressId } }, bearer)).createDeleteCustomerAddress.deleteCustomerAddress;
    expect(del.id).toBe(`/api/shop/customer-addresses/${created.addressId}`);
    expect(await db.customerAddress.count({ where: { id: created.addressId } })).toBe(0);

    const gone = (await ask(`mutation { createCustomerProfileDelete(input: { password: "Secret123!pass" }) { customerProfileDelete { id success } } }`, {}, bearer)).createCustomerProfileDelete.customerProfileDelete;
    expect(gone).toEqual({ id: reg.customer._id, success: true });
    expect(await db.customer.count({ where: { email } })).toBe(0);
  });
});
