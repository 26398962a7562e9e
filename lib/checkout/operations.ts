// Checkout operations of the Shop API, in the order a shopper takes them.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { Validation } from "../errors.ts";
import { display } from "../catalog/pricing.ts";
import { recalculate } from "../cart/totals.ts";
import { currentCart } from "../cart/resolve.ts";
import { CheckoutAddressInput, checkoutAddresses, flatAddressBody, saveAddresses } from "./addresses.ts";
import { availablePaymentMethods, choosePayment, gatewayUrl } from "./payment.ts";
import { requireStep, checkoutState } from "./steps.ts";
import { orderForCart, placeOrder } from "./place-order.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { CartShape } from "../cart/shapes.ts";
import { cartView } from "../cart/view.ts";

const cartToken = z.string().trim().max(64).optional();
const url = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).max(2000).optional();

const CheckoutAddress = z
  .object({
    id: z.int(), addressType: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string().nullable(),
    address: z.string(), city: z.string(), state: z.string().nullable(), country: z.string(), postcode: z.string(),
    email: z.string().nullable(), phone: z.string().nullable(), defaultAddress: z.boolean(), useForShipping: z.boolean(),
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
  name: "collectionGetCheckoutAddresses",
  surface: "shop",
  kind: "query",
  summary: "Addresses to pick from at checkout: the customer's address book and what this cart has saved.",
  access: "cart",
  input: z.object({ cartToken }),
  output: CheckoutAddress,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-addresses"] },
  run: async (ctx, input) => checkoutAddresses(ctx, (await currentCart(ctx, input)).id),
});

export const createCheckoutAddress = operation({
  name: "createCheckoutAddress",
  surface: "shop",
  kind: "mutation",
  summary: "Step 1: save the billing address (and the shipping one, or `useForShipping`) as flat billing*/shipping* fields; a nested object is a 422.",
  access: "cart",
  input: CheckoutAddressInput,
  output: z.object({ success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), cart: CartShape }).meta({ id: "CheckoutAddressResult" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/set-billing-address", "/api/shop/checkout/set-shipping-address"], input: flatAddressBody },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    await saveAddresses(ctx, ref.id, input);
    return { success: true, message: "The address was saved.", cartToken: ref.token, cart: await cartView(ctx, ref) };
  },
});

export const collectionShippingRates = operation({
  name: "collectionShippingRates",
  surface: "shop",
  kind: "query",
  summary: "Step 2: shipping rates for the cart; empty until an address is saved (and for carts that do not ship).",
  access: "cart",
  input: z.object({ cartToken }),
  output: ShippingRate,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-shipping-methods"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    await requireStep(ctx.db, ref.id, "shippingRates");
    const rates = await ctx.db.cartShippingRate.findMany({ where: { cartId: ref.id }, orderBy: { id: "asc" } });
    return rates.map((r) => {
      const price = display(ctx, r.basePrice);
      return {
        id: r.id, code: r.method, method: r.method, methodTitle: r.methodTitle, methodDescription: r.methodDescription,
        carrier: r.carrier, carrierTitle: r.carrierTitle, label: r.methodTitle, description: r.methodDescription,
        price: price.amount, formattedPrice: price.formatted, basePrice: Number(r.basePrice),
      };
    });
  },
});

export const createCheckoutShippingMethod = operation({
  name: "createCheckoutShippingMethod",
  surface: "shop",
  kind: "mutation",
  summary: "Step 2: choose one of the cart's shipping rates by code, e.g. `flatrate_flatrate`.",
  access: "cart",
  input: z.object({ shippingMethod: z.string().trim().min(1, { message: "is required" }).max(100), cartToken }),
  output: z.object({ success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), shippingMethod: z.string() }).meta({ id: "CheckoutShippingMethod" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/set-shipping-method"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    await ctx.db.$transaction(async (tx) => {
      const state = await requireStep(tx, ref.id, "shippingMethod");
      if (!state.needsShipping) throw Validation.field("shippingMethod", "Nothing in this cart ships; go on to the payment method.");
      const rate = await tx.cartShippingRate.findFirst({ where: { cartId: ref.id, method: input.shippingMethod } });
      if (!rate) throw Validation.field("shippingMethod", `"${input.shippingMethod}" is not a shipping rate of this cart.`);
      await tx.cart.update({ where: { id: ref.id }, data: { shippingMethod: rate.method } });
      await recalculate(tx, ctx, ref.id);
    });
    return { success: true, message: "The shipping method was saved.", cartToken: ref.token, shippingMethod: input.shippingMethod };
  },
});

export const collectionPaymentMethods = operation({
  name: "collectionPaymentMethods",
  surface: "shop",
  kind: "query",
  summary: "Step 3: payment methods of the channel; empty until an address is saved.",
  access: "cart",
  input: z.object({ cartToken }),
  output: PaymentMethodShape,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/checkout/get-payment-methods"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    const state = await requireStep(ctx.db, ref.id, "paymentMethods");
    if (!state.hasAddress) return [];
    return (await availablePaymentMethods(ctx)).map((m) => ({
      id: m.id, method: m.code, title: m.title, description: m.description, icon: null, isAllowed: true, offsite: m.offsite,
    }));
  },
});

export const createCheckoutPaymentMethod = operation({
  name: "createCheckoutPaymentMethod",
  surface: "shop",
  kind: "mutation",
  summary:
    "Step 3: choose the payment method. An offsite gateway answers a non-null `paymentGatewayUrl`; onsite methods answer null. " +
    "The return URLs must be on the store's own origin or one of `STOREFRONT_ORIGINS` (else 422).",
  access: "cart",
  input: z.object({
    paymentMethod: z.string().trim().min(1, { message: "is required" }).max(100),
    paymentSuccessUrl: url,
    paymentFailureUrl: url,
    paymentCancelUrl: url,
    cartToken,
  }),
  output: z
    .object({
      success: z.boolean(), message: z.string(), cartToken: z.string().nullable(), paymentMethod: z.string(),
      paymentGatewayUrl: z.string().nullable(), paymentData: z.record(z.string(), z.unknown()).nullable(),
    })
    .meta({ id: "CheckoutPaymentMethod" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/set-payment-method"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
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
  name: "createCheckoutOrder",
  surface: "shop",
  kind: "mutation",
  summary: "Step 4: place the order. Onsite methods create it at once (`redirect: false`); an offsite gateway answers `redirect: true` with `redirectUrl`, and the order is created when the shopper returns from paying. Retrying returns the same order.",
  access: "cart",
  input: z.object({ cartToken }),
  output: z
    .object({
      id: z.int().nullable(), cartToken: z.string().nullable(), orderId: z.int().nullable(), orderIncrementId: z.string().nullable(),
      redirect: z.boolean(), redirectUrl: z.string().nullable(), success: z.boolean(), message: z.string(),
    })
    .meta({ id: "CheckoutOrder" }),
  rest: { method: "POST", paths: ["/api/shop/checkout/place-order"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input, { allowClosed: true });
    const done = (o: { id: number; incrementId: string }) => ({
      id: o.id, cartToken: ref.token, orderId: o.id, orderIncrementId: o.incrementId, redirect: false, redirectUrl: null,
      success: true, message: "The order was placed.",
    });
    const existing = await orderForCart(ctx, ref.id);
    if (existing) return done(existing);
    const { cart } = await checkoutState(ctx.db, ref.id);
    const method = cart.paymentMethod ? await ctx.db.paymentMethod.findUnique({ where: { code: cart.paymentMethod } }) : null;
    if (method?.offsite) {
      await requireStep(ctx.db, ref.id, "placeOrder");
      const token = randomSecret(24);
      const last = await ctx.db.paymentSession.findFirst({ where: { cartId: ref.id, status: "pending" }, orderBy: { id: "desc" } });
      await ctx.db.paymentSession.create({
        data: { cartId: ref.id, token: sha256(token), method: method.code, successUrl: last?.successUrl ?? null, failureUrl: last?.failureUrl ?? null, cancelUrl: last?.cancelUrl ?? null },
      });
      return {
        id: null, cartToken: ref.token, orderId: null, orderIncrementId: null, redirect: true, redirectUrl: gatewayUrl(ctx, token),
        success: true, message: "Send the shopper to redirectUrl; the order is created when the payment succeeds.",
      };
    }
    return done(await placeOrder(ctx, ref.id, { paid: false }));
  },
});
