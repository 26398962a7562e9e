// Cart and checkout operations on either transport with one call shape, so a case table runs on REST and on
// GraphQL alike: `op("rest" | "graphql", name, input, opts)` answers `{ status, ok, body }`, where a GraphQL
// error's status is its `extensions.status` and GraphQL records are flattened (connections → arrays, `_id` → id).
import { call, graphql, type CallOptions } from "./client.ts";

export type Via = "rest" | "graphql";
export const VIAS: Via[] = ["rest", "graphql"];

export interface Result {
  status: number;
  ok: boolean;
  body: any;
  message?: string;
}

const ADDRESS = "_id addressType firstName lastName companyName email phone address city state country postcode useForShipping";
const ITEM = "_id cartId productId name sku type quantity price basePrice total baseTotal discountAmount taxAmount formattedPrice formattedTotal options baseImage productUrlKey canChangeQty";
export const CART = `_id cartToken customerId channelId isGuest currencyCode itemsCount itemsQty couponCode
  subtotal baseSubtotal discountAmount baseDiscountAmount taxAmount shippingAmount grandTotal baseGrandTotal
  formattedSubtotal formattedDiscountAmount formattedTaxAmount formattedShippingAmount formattedGrandTotal
  billingAddress { ${ADDRESS} } shippingAddress { ${ADDRESS} } selectedShippingRate selectedShippingRateTitle
  paymentMethod paymentMethodTitle haveStockableItems success message items { totalCount edges { node { ${ITEM} } } }`;

interface Binding {
  rest: [method: string, path: string];
  /** GraphQL: the payload's resource field for a mutation, or null for a query. */
  resource: string | null;
  selection: string;
}

const BINDINGS: Record<string, Binding> = {
  createCartToken: { rest: ["POST", "/api/shop/cart-tokens"], resource: "cartToken", selection: "id cartToken isGuest success message" },
  createReadCart: { rest: ["POST", "/api/shop/cart"], resource: "readCart", selection: CART },
  createAddProductInCart: { rest: ["POST", "/api/shop/cart/add-to-cart"], resource: "addProductInCart", selection: CART },
  createUpdateCartItem: { rest: ["PUT", "/api/shop/cart/update-cart-item"], resource: "updateCartItem", selection: CART },
  createRemoveCartItem: { rest: ["POST", "/api/shop/cart/remove-cart-item"], resource: "removeCartItem", selection: CART },
  createApplyCoupon: { rest: ["POST", "/api/shop/cart/apply-coupon"], resource: "applyCoupon", selection: CART },
  createRemoveCoupon: { rest: ["POST", "/api/shop/cart/remove-coupon"], resource: "removeCoupon", selection: CART },
  createMergeCart: { rest: ["POST", "/api/shop/cart/merge-cart"], resource: "mergeCart", selection: CART },
  collectionGetCheckoutAddresses: {
    rest: ["GET", "/api/shop/checkout/get-addresses"],
    resource: null,
    selection: "_id addressType firstName lastName companyName address city state country postcode email phone defaultAddress useForShipping",
  },
  createCheckoutAddress: { rest: ["POST", "/api/shop/checkout/set-billing-address"], resource: "checkoutAddress", selection: `success message cartToken cart { ${CART} }` },
  collectionShippingRates: {
    rest: ["GET", "/api/shop/checkout/get-shipping-methods"],
    resource: null,
    selection: "_id code method methodTitle methodDescription carrier carrierTitle label description price formattedPrice basePrice",
  },
  createCheckoutShippingMethod: { rest: ["POST", "/api/shop/checkout/set-shipping-method"], resource: "checkoutShippingMethod", selection: "success message cartToken shippingMethod" },
  collectionPaymentMethods: { rest: ["GET", "/api/shop/checkout/get-payment-methods"], resource: null, selection: "_id method title description icon isAllowed offsite" },
  createCheckoutPaymentMethod: {
    rest: ["POST", "/api/shop/checkout/set-payment-method"],
    resource: "checkoutPaymentMethod",
    selection: "success message cartToken paymentMethod paymentGatewayUrl paymentData",
  },
  createCheckoutOrder: { rest: ["POST", "/api/shop/checkout/place-order"], resource: "checkoutOrder", selection: "id cartToken orderId orderIncrementId redirect redirectUrl success message" },
};

/** GraphQL records as REST shows them: connections become arrays and the numeric `_id` becomes `id`. */
export function flatten(value: any): any {
  if (Array.isArray(value)) return value.map(flatten);
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value.edges)) return value.edges.map((e: { node: unknown }) => flatten(e.node));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "_id") out.id = v;
    else if (k !== "id" || !("_id" in value)) out[k] = flatten(v);
  }
  return out;
}

export async function op(via: Via, name: string, input: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Result> {
  const b = BINDINGS[name];
  if (!b) throw new Error(`no binding for ${name}`);
  if (via === "rest") {
    const [method, path] = b.rest;
    const query = method === "GET" && Object.keys(input).length ? `?${new URLSearchParams(input as Record<string, string>)}` : "";
    const res = await call(method, path + query, method === "GET" ? undefined : input, opts);
    return { status: res.status, ok: res.status >= 200 && res.status < 300, body: res.body, message: res.body?.message };
  }
  const res = b.resource
    ? await graphql(`mutation($input: ${name}Input!) { ${name}(input: $input) { ${b.resource} { ${b.selection} } } }`, { input }, opts)
    : await graphql(`query($cartToken: String) { ${name}(cartToken: $cartToken) { ${b.selection} } }`, input, opts);
  const error = res.body.errors?.[0];
  if (error) return { status: error.extensions?.status ?? 400, ok: false, body: error, message: error.message };
  const data = res.body.data?.[name];
  return { status: 200, ok: true, body: flatten(b.resource ? data?.[b.resource] : data) };
}

/** Fails with the answer in the message, so a wrong status explains itself. */
export function must(r: Result, status?: number): any {
  const good = status === undefined ? r.ok : r.status === status;
  if (!good) throw new Error(`expected ${status ?? "success"}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}
