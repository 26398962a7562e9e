// Checkout operations of the Shop API, in the order a shopper takes them.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { currentCart } from "../cart/resolve.ts";
import { CheckoutAddressInput, checkoutAddresses, flatAddressBody, saveAddresses } from "./addresses.ts";
import { cartPaymentMethods, choosePayment } from "./payment.ts";
import { cartShippingRates, chooseShippingMethod } from "./shipping-rates.ts";
import { checkoutOrder } from "./place-order.ts";
import { CartShape } from "../cart/shapes.ts";
import { renderCart } from "../cart/view.ts";
import { Forbidden } from "../errors.ts";
import { familyAddressInput, FlatAddresses, flatAddresses, keepingSavedShipping, placeOrderInOneStep, requireOwnCustomer } from "./family.ts";

/** Every checkout step is the cart's: a customer bearer or a guest cart token. */
const shopCart = { surface: "shop", access: "cart" } as const;
const cartToken = z.string().trim().max(64).optional();
// An absolute http(s) URL or a path relative to the storefront: lib/checkout/return-urls.ts decides which are allowed.
const returnUrl = z.string().trim().max(2000).optional();

const CheckoutAddress = z
  .object({
    id: z.int(), addressType: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string().nullable(),
    address: z.string(), city: z.string(), state: z.string().nullable(), country: z.string(), postcode: z.string(),
    email: z.string().nullable(), phone: z.string().nullable(), defaultAddress: z.boolean(), useForShipping: z.boolean(),
    /** The family's further fields: `name` is first and last name; `parentAddressId` and `additional` are always null here. */
    name: z.string(), vatId: z.string().nullable(), gender: z.string().nullable(), parentAddressId: z.int().nullable(),
    additional: z.record(z.string(), z.unknown()).nullable(), createdAt: z.date(), updatedAt: z.date(),
  })
  .meta({ id: "CheckoutAddress", iri: "/api/shop/checkout-addresses" });

const ShippingRate = z
  .object({
    id: z.int(), code: z.string(), method: z.string(), methodTitle: z.string(), methodDescription: z.string().nullable(),
    carrier: z.string(), carrierTitle: z.string(), label: z.string(), description: z.string().nullable(),
    price: z.number(), formattedPrice: z.string(), basePrice: z.number(),
  })
  .meta({ id: "ShippingRate", iri: "/api/shop/shipping-rates" });

const PaymentMethodShape = z
  .object({ id: z.int(), method: z.string(), title: z.string(), description: z.string().nullable(), icon: z.string().nullable(), isAllowed: z.boolean(), offsite: z.boolean() })
  .meta({ id: "PaymentMethod", iri: "/api/shop/payment-methods" });

export const collectionGetCheckoutAddresses = operation({
  ...shopCart,
  name: "collectionGetCheckoutAddresses",
  kind: "query",
  summary: "Addresses to pick from at checkout: the customer's address book and what this cart has saved.",
  input: z.object({ cartToken }),
  output: CheckoutAddress,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-addresses"] },
  graphql: { connection: true },
  run: async (ctx, input) => checkoutAddresses(ctx, (await currentCart(ctx, input)).id),
});

export const createCheckoutAddress = operation({
  ...shopCart,
  name: "createCheckoutAddress",
  kind: "mutation",
  summary: "Step 1: save the billing address (and the shipping one, or `useForShipping`) as flat billing*/shipping* fields; a nested object is a 422.",
  input: CheckoutAddressInput,
  // `id`/`_id` name the cart; the flat billing*/shipping* fields echo what was saved (the family's clients read them).
  output: z
    .object({ id: z.int(), _id: z.int(), success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), cart: CartShape })
    .extend(FlatAddresses.shape)
    .meta({ id: "CheckoutAddressResult" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/set-billing-address", "/api/shop/checkout/set-shipping-address"], input: flatAddressBody },
  run: async (ctx, input) => {
    // Each step checks the cart open in the statement that reads it (lib/cart/state.ts), so none reads it twice.
    const ref = await currentCart(ctx, input, { allowClosed: true });
    const state = await saveAddresses(ctx, ref.id, input);
    return {
      id: ref.id, _id: ref.id, success: true, message: "The address was saved.", cartToken: ref.token,
      cart: await renderCart(ctx, state, ref.token), ...flatAddresses(state),
    };
  },
});

const FamilyAddressInput = z.object({
  firstName: z.string().max(100), lastName: z.string().max(100), email: z.string().max(255).optional(), companyName: z.string().max(255).optional(),
  address: z.union([z.string().max(1000), z.array(z.string().max(255)).max(10)]), city: z.string().max(100), state: z.string().max(100).optional(),
  country: z.string().max(2), zipCode: z.string().max(20).optional(), postalCode: z.string().max(20).optional(),
  postcode: z.string().max(20).optional(), phone: z.string().max(40).optional(),
});
const AddressStepResult = z.object({ success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), cart: CartShape });

export const setBillingAddress = operation({
  ...shopCart,
  name: "setBillingAddress",
  kind: "mutation",
  summary:
    "The family's one-address form of createCheckoutAddress: the billing address as one object (`zipCode` for the postcode), " +
    "also the shipping one unless `sameAsShippingAddress` is false and a shipping address is saved separately. " +
    "`cartId` is the guest cart token; `customerId`, when sent, must be the signed-in customer's.",
  input: FamilyAddressInput.extend({
    cartId: z.string().trim().max(64).optional(),
    customerId: z.union([z.string().max(20), z.int()]).optional(),
    sameAsShippingAddress: z.boolean().optional(),
    cartToken,
  }),
  output: AddressStepResult.meta({ id: "SetBillingAddressResult" }),
  graphql: { inputName: "SetBillingAddressInput", payloadFields: ["cart", "message", "success"] },
  run: async (ctx, input) => {
    requireOwnCustomer(ctx, input.customerId);
    const ref = await currentCart(ctx, { cartToken: input.cartToken ?? input.cartId }, { allowClosed: true });
    const { cartId: _c, customerId: _u, sameAsShippingAddress: _s, cartToken: _t, ...address } = input;
    const addresses = familyAddressInput(address, null, ref.token ?? undefined);
    const state = await saveAddresses(ctx, ref.id, input.sameAsShippingAddress === false ? await keepingSavedShipping(ctx, ref.id, addresses) : addresses);
    return { success: true, message: "The billing address was saved.", cartToken: ref.token, cart: await renderCart(ctx, state, ref.token) };
  },
});

export const collectionShippingRates = operation({
  ...shopCart,
  name: "collectionShippingRates",
  kind: "query",
  summary: "Step 2: shipping rates for the cart; empty until an address is saved (and for carts that do not ship).",
  input: z.object({ cartToken }),
  output: ShippingRate,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-shipping-methods"], errors: [409] },
  run: async (ctx, input) => cartShippingRates(ctx, (await currentCart(ctx, input, { allowClosed: true })).id),
});

export const createCheckoutShippingMethod = operation({
  ...shopCart,
  name: "createCheckoutShippingMethod",
  kind: "mutation",
  summary: "Step 2: choose one of the cart's shipping rates by code, e.g. `flatrate_flatrate`.",
  input: z.object({ shippingMethod: z.string().trim().min(1, { message: "is required" }).max(100), cartToken }),
  output: z
    .object({ id: z.int(), success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), shippingMethod: z.string() })
    .meta({ id: "CheckoutShippingMethod" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/set-shipping-method"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input, { allowClosed: true });
    await chooseShippingMethod(ctx, ref.id, input.shippingMethod);
    return { id: ref.id, success: true, message: "The shipping method was saved.", cartToken: ref.token, shippingMethod: input.shippingMethod };
  },
});

export const collectionPaymentMethods = operation({
  ...shopCart,
  name: "collectionPaymentMethods",
  kind: "query",
  summary: "Step 3: payment methods of the channel; empty until an address is saved.",
  // `token`: the family's clients name the cart again here; an empty one is ignored, any other must be the caller's.
  input: z.object({ cartToken, token: cartToken }),
  output: PaymentMethodShape,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-payment-methods"], errors: [409] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, { cartToken: input.cartToken || input.token || undefined }, { allowClosed: true });
    if (input.token && input.token.toLowerCase() !== ref.token) throw new Forbidden("token does not name the caller's cart.");
    const methods = await cartPaymentMethods(ctx, ref.id);
    return methods.map((m) => ({
      id: m.id, method: m.code, title: m.title, description: m.description, icon: null, isAllowed: true, offsite: m.offsite,
    }));
  },
});

export const createCheckoutPaymentMethod = operation({
  ...shopCart,
  name: "createCheckoutPaymentMethod",
  kind: "mutation",
  summary:
    "Step 3: choose the payment method. An offsite gateway answers a non-null `paymentGatewayUrl`; onsite methods answer null. " +
    "The return URLs of an offsite method must be on the store's own origin or one of `STOREFRONT_ORIGINS` (else 422); a relative path " +
    "(`payment/success`) resolves against the request's Origin when that is one of those, else the store's own origin. Onsite methods ignore them.",
  input: z.object({
    paymentMethod: z.string().trim().min(1, { message: "is required" }).max(100),
    paymentSuccessUrl: returnUrl,
    paymentFailureUrl: returnUrl,
    paymentCancelUrl: returnUrl,
    cartToken,
  }),
  output: z
    .object({
      success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), paymentMethod: z.string(),
      paymentGatewayUrl: z.string().nullable(), paymentData: z.record(z.string(), z.unknown()).nullable(),
    })
    .meta({ id: "CheckoutPaymentMethod" }),
  // 503: the payment provider could not open its page (the shopper may try again).
  rest: { method: "POST", paths: ["/api/shop/checkout/set-payment-method"], errors: [503] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input, { allowClosed: true });
    const chosen = await choosePayment(ctx, ref.id, input);
    return {
      success: true,
      message: chosen.offsite ? "Send the shopper to paymentGatewayUrl to pay." : "The payment method was saved.",
      cartToken: ref.token,
      paymentMethod: input.paymentMethod,
      paymentGatewayUrl: chosen.gatewayUrl,
      paymentData: chosen.offsite ? { method: input.paymentMethod, title: chosen.title } : null,
    };
  },
});

export const createCheckoutOrder = operation({
  ...shopCart,
  name: "createCheckoutOrder",
  kind: "mutation",
  summary: "Step 4: place the order. Onsite methods create it at once (`redirect: false`); an offsite gateway answers `redirect: true` with `redirectUrl`, and the order is created when the shopper returns from paying. Retrying returns the same order.",
  input: z.object({ cartToken }),
  output: z
    .object({
      id: z.int().nullable(), cartToken: z.string().nullable(), orderId: z.int().nullable(), orderIncrementId: z.string().nullable(),
      redirect: z.boolean(), redirectUrl: z.string().nullable(), success: z.boolean(), message: z.string(),
    })
    .meta({ id: "CheckoutOrder" }),
  // 503: the payment provider could not open its page for an offsite method (the shopper may try again).
  rest: { method: "POST", paths: ["/api/shop/checkout/place-order"], errors: [503] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input, { allowClosed: true });
    const placed = await checkoutOrder(ctx, ref.id);
    if ("redirectUrl" in placed) {
      return {
        id: null, cartToken: ref.token, orderId: null, orderIncrementId: null, redirect: true, redirectUrl: placed.redirectUrl,
        success: true, message: "Send the shopper to redirectUrl; the order is created when the payment succeeds.",
      };
    }
    const { order } = placed;
    return {
      id: order.id, cartToken: ref.token, orderId: order.id, orderIncrementId: order.incrementId, redirect: false, redirectUrl: null,
      success: true, message: "The order was placed.",
    };
  },
});

export const createOrder = operation({
  ...shopCart,
  name: "createOrder",
  kind: "mutation",
  summary:
    "The family's one-call checkout: billing (and shipping, else the billing one) address objects, `shippingMethod` (a rate code " +
    "such as `flatrate_flatrate`; omit it for a cart that does not ship) and an onsite `paymentMethod`, then the order is placed. " +
    "`cartId` is the guest cart token. An offsite gateway answers `redirectUrl` and no order, as createCheckoutOrder does.",
  input: z.object({
    cartId: z.string().trim().max(64).optional(),
    billingAddress: FamilyAddressInput,
    shippingAddress: FamilyAddressInput.optional(),
    shippingMethod: z.string().trim().max(100).optional(),
    paymentMethod: z.string().trim().min(1, { message: "is required" }).max(100),
    cartToken,
  }),
  output: z
    .object({
      order: z
        .object({
          id: z.int(), orderNumber: z.string(), status: z.string(), total: z.number(),
          items: z.array(z.object({ id: z.int(), productName: z.string(), quantity: z.int(), price: z.number() }).meta({ id: "PlacedOrderItem" })),
        })
        .nullable()
        .meta({ id: "PlacedOrder" }),
      redirectUrl: z.string().nullable(),
      cartToken: z.string().nullable(),
      success: z.boolean(),
      message: z.string(),
    })
    .meta({ id: "OneStepOrder" }),
  graphql: { payloadFields: ["order", "redirectUrl", "message", "success"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, { cartToken: input.cartToken ?? input.cartId }, { allowClosed: true });
    const addresses = familyAddressInput(input.billingAddress, input.shippingAddress ?? null, ref.token ?? undefined);
    const placed = await placeOrderInOneStep(ctx, ref.id, { addresses, shippingMethod: input.shippingMethod, paymentMethod: input.paymentMethod });
    const message = placed.order ? "The order was placed." : "Send the shopper to redirectUrl; the order is created when the payment succeeds.";
    return { ...placed, cartToken: ref.token, success: true, message };
  },
});
