// The family's storefront's whole checkout over GraphQL, step by step, with the variable shapes its code sends: open
// a cart, add with the cart's id, read it, change a line by Number(id), save the address as flat billing fields
// (company name "" when left blank), read the rates and set one by its `method`, read the payment methods and set
// one with the relative return paths its server adds for every method (`payment/success`…), place the order. As a
// guest and as a signed-in customer, for cash on delivery and money transfer; the order is checked in the database.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, graphql, storefrontKey } from "../support/client.ts";
import { freshProduct } from "../support/checkout.ts";
import { cartRow } from "../support/cart-fixtures.ts";

// Documents in the shapes the storefront declares (its variable types; its selections, abridged).
const OPEN = `mutation Open { createCartToken(input: {}) { cartToken { id cartToken customerId success sessionToken isGuest } } }`;
const ADD = `mutation Add($cartId: Int, $productId: Int!, $quantity: Int!, $bundleOptions: String, $bundleOptionQty: String,
  $links: Iterable, $booking: String, $bookingNote: String) {
  createAddProductInCart(input: { cartId: $cartId, productId: $productId, quantity: $quantity, bundleOptions: $bundleOptions,
    bundleOptionQty: $bundleOptionQty, links: $links, booking: $booking, bookingNote: $bookingNote }) {
    addProductInCart { id success itemsQty items { edges { node { id productId quantity } } } }
  }
}`;
const READ = `mutation Read { createReadCart(input: {}) { readCart { id itemsCount itemsQty grandTotal selectedShippingRate paymentMethod
  items { edges { node { id productId quantity price baseImage } } } } } }`;
const UPDATE = `mutation Update($cartItemId: Int!, $quantity: Int!) {
  createUpdateCartItem(input: { cartItemId: $cartItemId, quantity: $quantity }) { updateCartItem { id itemsQty subtotal } }
}`;
const ADDRESS = `mutation Address($billingFirstName: String!, $billingLastName: String!, $billingEmail: String!, $billingAddress: String!,
  $billingCity: String!, $billingCountry: String!, $billingState: String!, $billingPostcode: String!, $billingPhoneNumber: String!,
  $billingCompanyName: String!, $useForShipping: Boolean, $shippingFirstName: String, $shippingLastName: String, $shippingAddress: String,
  $shippingCity: String, $shippingCountry: String, $shippingState: String, $shippingPostcode: String, $shippingPhoneNumber: String,
  $shippingCompanyName: String, $shippingEmail: String) {
  createCheckoutAddress(input: { billingFirstName: $billingFirstName, billingLastName: $billingLastName, billingEmail: $billingEmail,
    billingAddress: $billingAddress, billingCity: $billingCity, billingCountry: $billingCountry, billingState: $billingState,
    billingPostcode: $billingPostcode, billingPhoneNumber: $billingPhoneNumber, billingCompanyName: $billingCompanyName,
    useForShipping: $useForShipping, shippingFirstName: $shippingFirstName, shippingLastName: $shippingLastName,
    shippingAddress: $shippingAddress, shippingCity: $shippingCity, shippingEmail: $shippingEmail, shippingCountry: $shippingCountry,
    shippingState: $shippingState, shippingPostcode: $shippingPostcode, shippingPhoneNumber: $shippingPhoneNumber,
    shippingCompanyName: $shippingCompanyName }) { checkoutAddress { success message id cartToken } }
}`;
const RATES = `query Rates { collectionShippingRates { id code description method price label } }`;
const SET_SHIPPING = `mutation Ship($shippingMethod: String!) { createCheckoutShippingMethod(input: { shippingMethod: $shippingMethod }) { checkoutShippingMethod { success id message } } }`;
const METHODS = `query Methods { collectionPaymentMethods { id method title description icon isAllowed } }`;
const SET_PAYMENT = `mutation Pay($paymentMethod: String!, $successUrl: String, $failureUrl: String, $cancelUrl: String) {
  createCheckoutPaymentMethod(input: { paymentMethod: $paymentMethod, paymentSuccessUrl: $successUrl, paymentFailureUrl: $failureUrl,
    paymentCancelUrl: $cancelUrl }) { checkoutPaymentMethod { success message paymentGatewayUrl paymentData } }
}`;
const PLACE = `mutation Place { createCheckoutOrder(input: {}) { checkoutOrder { id orderId } } }`;

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** One GraphQL step as the storefront's server sends it (its `token` variable goes along unused); no errors allowed. */
async function step(query: string, variables: Record<string, unknown>, bearer: string) {
  const r = await graphql(query, { token: bearer, ...variables }, { key, bearer });
  expect(r.body.errors, JSON.stringify(r.body.errors)).toBeUndefined();
  expect(r.status).toBe(200);
  return r.body.data!;
}

/** The address form's payload: company left blank (""), one address for both. */
const addressForm = (email: string, separateShipping: boolean) => ({
  billingFirstName: "Grace",
  billingLastName: "Hopper",
  billingEmail: email,
  billingAddress: "1 Compiler Way",
  billingCity: "Arlington",
  billingCountry: "US",
  billingState: "VA",
  billingPostcode: "22201",
  billingPhoneNumber: "5550100100",
  billingCompanyName: "",
  useForShipping: !separateShipping,
  ...(separateShipping
    ? {
        shippingFirstName: "Grace", shippingLastName: "Hopper", shippingEmail: email, shippingAddress: "2 Naval Yard", shippingCity: "Norfolk",
        shippingCountry: "US", shippingState: "VA", shippingPostcode: "23511", shippingPhoneNumber: "5550100101", shippingCompanyName: "",
      }
    : {}),
});

async function checkout(as: "guest" | "customer", paymentMethod: "cashondelivery" | "moneytransfer", separateShipping: boolean) {
  const product = await freshProduct({ qty: 20, price: "19.90" });
  let bearer: string;
  let guestCartId: number | null = null;
  let email: string;
  if (as === "guest") {
    const open = (await step(OPEN, {}, "")).createCartToken.cartToken;
    bearer = open.sessionToken;
    guestCartId = Number(open.id);
    email = "grace@example.com";
  } else {
    const me = await customer(key);
    bearer = me.token;
    email = me.email;
  }

  const added = (await step(ADD, { productId: product, quantity: 1, cartId: guestCartId }, bearer)).createAddProductInCart.addProductInCart;
  expect(added).toMatchObject({ success: true, itemsQty: 1 });
  const read = (await step(READ, {}, bearer)).createReadCart.readCart;
  const lineId = Number(read.items.edges[0].node.id);
  const cartId = Number(String(read.id).split("/").pop());
  if (guestCartId !== null) expect(cartId).toBe(guestCartId);
  const updated = (await step(UPDATE, { cartItemId: lineId, quantity: 2 }, bearer)).createUpdateCartItem.updateCartItem;
  expect(updated).toMatchObject({ itemsQty: 2, subtotal: 39.8 });

  const saved = (await step(ADDRESS, addressForm(email, separateShipping), bearer)).createCheckoutAddress.checkoutAddress;
  expect(saved.success).toBe(true);
  const rates: { method: string; price: number }[] = (await step(RATES, {}, bearer)).collectionShippingRates;
  const flat = rates.find((r) => r.method.startsWith("flatrate"));
  expect(flat, JSON.stringify(rates)).toBeDefined();
  // The storefront sends the chosen rate's `method`.
  expect((await step(SET_SHIPPING, { shippingMethod: flat!.method }, bearer)).createCheckoutShippingMethod.checkoutShippingMethod.success).toBe(true);

  const methods: { method: string }[] = (await step(METHODS, {}, bearer)).collectionPaymentMethods;
  expect(methods.map((m) => m.method)).toContain(paymentMethod);
  const paid = (await step(SET_PAYMENT, { paymentMethod, successUrl: "payment/success", failureUrl: "payment/failure", cancelUrl: "payment/cancel" }, bearer))
    .createCheckoutPaymentMethod.checkoutPaymentMethod;
  expect(paid).toMatchObject({ success: true, paymentGatewayUrl: null });

  const placed = (await step(PLACE, {}, bearer)).createCheckoutOrder.checkoutOrder;
  expect(placed.orderId).toBeTruthy();
  return { placed, product, cartId, email, flat: flat! };
}

describe.each([
  ["guest", "cashondelivery", false],
  ["guest", "moneytransfer", true],
  ["customer", "cashondelivery", true],
  ["customer", "moneytransfer", false],
] as const)("the storefront's checkout as a %s paying by %s (separate shipping address: %s)", (as, method, separate) => {
  it("places the order the cart described", async () => {
    const { placed, product, cartId, email, flat } = await checkout(as, method, separate);
    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({
      where: { id: Number(placed.orderId) },
      include: { items: true, addresses: true, payment: true },
    });
    expect(order.cartId).toBe(cartId);
    expect(order.customerEmail).toBe(email);
    expect(order.isGuest).toBe(as === "guest");
    expect(order.items.map((i) => [i.productId, i.qtyOrdered])).toEqual([[product, 2]]);
    expect(order.payment?.method).toBe(method);
    // 2 × 19.90, plus the flat rate's price.
    expect(Number(order.subTotal)).toBe(39.8);
    expect(Number(order.grandTotal)).toBeCloseTo(39.8 + flat.price + Number(order.taxAmount), 2);
    const shipping = order.addresses.find((a) => a.addressType.includes("shipping"));
    expect(shipping?.city).toBe(separate ? "Norfolk" : "Arlington");
    expect((await cartRow(cartId)).isActive).toBe(false);
  });
});
