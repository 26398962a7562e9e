import { describe, expect, it } from "vitest";
import { call, graphql, storefrontKey, customer, getDb } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";

describe("guest checkout over REST", () => {
  it("goes from an empty cart to a placed cash-on-delivery order", async () => {
    const key = await storefrontKey();
    const productId = await freshProduct({ qty: 5, price: "40" });
    const token = (await call("POST", "/api/shop/cart-tokens", {}, { key })).body.cartToken;
    const opts = { key, bearer: token };

    expect((await call("POST", "/api/shop/checkout/place-order", {}, opts)).status).toBe(409);
    const added = await call("POST", "/api/shop/cart/add-to-cart", { product_id: productId, quantity: 2 }, opts);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ itemsCount: 1, itemsQty: 2, subtotal: 80, grandTotal: 80, cartToken: token });

    expect((await call("GET", "/api/shop/checkout/get-shipping-methods", undefined, opts)).body).toEqual([]);
    expect((await call("GET", "/api/shop/checkout/get-payment-methods", undefined, opts)).body).toEqual([]);
    expect((await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(409);

    const nested = await call("POST", "/api/shop/checkout/set-billing-address", { billing: { firstName: "A" } }, opts);
    expect(nested.status).toBe(422);
    const addr = await call("POST", "/api/shop/checkout/set-billing-address", ADDRESS, opts);
    expect(addr.status).toBe(200);

    const rates = await call("GET", "/api/shop/checkout/get-shipping-methods", undefined, opts);
    expect(rates.body.map((r: { code: string }) => r.code)).toEqual(["flatrate_flatrate"]);
    expect((await call("POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" }, opts)).status).toBe(409);
    const ship = await call("POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" }, opts);
    expect(ship.body).toMatchObject({ success: true, shippingMethod: "flatrate_flatrate" });
    const methods = await call("GET", "/api/shop/checkout/get-payment-methods", undefined, opts);
    expect(methods.body.map((m: { method: string }) => m.method)).toEqual(["cashondelivery", "moneytransfer", "paypal_standard"]);
    const pay = await call("POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" }, opts);
    expect(pay.body).toMatchObject({ paymentGatewayUrl: null, paymentMethod: "cashondelivery" });

    const placed = await call("POST", "/api/shop/checkout/place-order", {}, opts);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ redirect: false, redirectUrl: null });
    const again = await call("POST", "/api/shop/checkout/place-order", {}, opts);
    expect(again.body.orderId).toBe(placed.body.orderId);

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: placed.body.orderId }, include: { items: true, addresses: true, payment: true } });
    expect(order).toMatchObject({ status: "pending", isGuest: true, customerEmail: "ada@example.com", incrementId: placed.body.orderIncrementId });
    expect(Number(order.grandTotal)).toBe(90);
    expect(order.items).toHaveLength(1);
    expect(order.addresses).toHaveLength(2);
    expect(order.payment?.method).toBe("cashondelivery");
    expect(await stock(productId)).toBe(3);
  });
});

describe("customer checkout over GraphQL", () => {
  it("places an order with money transfer", async () => {
    const key = await storefrontKey();
    const me = await customer(key);
    const productId = await freshProduct({ qty: 3, price: "120" });
    const opts = { key, bearer: me.token };
    const add = await graphql(`mutation($id: Int!) { createAddProductInCart(input: { productId: $id, quantity: 1 }) { addProductInCart { id itemsQty grandTotal items { edges { node { id productId quantity } } } } } }`, { id: productId }, opts);
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.createAddProductInCart.addProductInCart.itemsQty).toBe(1);
    const { billingEmail, ...address } = ADDRESS;
    void billingEmail;
    const a = await graphql(`mutation($input: createCheckoutAddressInput!) { createCheckoutAddress(input: $input) { checkoutAddress { success } } }`, { input: address }, opts);
    expect(a.body.errors).toBeUndefined();
    const rates = await graphql(`{ collectionShippingRates { code price } }`, {}, opts);
    expect(rates.body.data.collectionShippingRates.map((r: { code: string }) => r.code)).toEqual(["flatrate_flatrate", "free_free"]);
    await graphql(`mutation { createCheckoutShippingMethod(input: { shippingMethod: "free_free" }) { checkoutShippingMethod { success } } }`, {}, opts);
    const pay = await graphql(`mutation { createCheckoutPaymentMethod(input: { paymentMethod: "moneytransfer" }) { checkoutPaymentMethod { paymentGatewayUrl } } }`, {}, opts);
    expect(pay.body.data.createCheckoutPaymentMethod.checkoutPaymentMethod.paymentGatewayUrl).toBeNull();
    const placed = await graphql(`mutation { createCheckoutOrder(input: {}) { checkoutOrder { id orderId orderIncrementId redirect } } }`, {}, opts);
    expect(placed.body.errors).toBeUndefined();
    const order = placed.body.data.createCheckoutOrder.checkoutOrder;
    expect(order.redirect).toBe(false);
    const db = await getDb();
    const row = await db.order.findUniqueOrThrow({ where: { id: order.orderId } });
    expect(row).toMatchObject({ customerId: me.id, isGuest: false, shippingMethod: "free_free" });
    expect(Number(row.grandTotal)).toBe(120);
  });
});
