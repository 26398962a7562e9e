// A guest checkout written the way an outside client would write it: openapi-fetch over the types generated from
// the Shop OpenAPI document (lib/openapi/types/shop-api.ts), and nothing else. No `any`, casts or non-null
// assertions: tests/api/openapi-client.test.ts compiles this file with the repo's strict options and refuses them,
// so each request body and each response field used here is checked against the document.
import type { Client } from "openapi-fetch";
import type { components, paths } from "../../lib/openapi/types/shop-api.ts";

export type ShopClient = Client<paths>;
type Schemas = components["schemas"];

/** What each step answered, for the caller to check. */
export interface GuestCheckout {
  product: Schemas["Product"];
  cartToken: string;
  cart: Schemas["Cart"];
  address: Schemas["CheckoutAddressResult"];
  rates: Schemas["ShippingRate"][];
  shipping: Schemas["CheckoutShippingMethod"];
  payments: Schemas["PaymentMethod"][];
  payment: Schemas["CheckoutPaymentMethod"];
  order: Schemas["CheckoutOrder"];
}

type Result<T> =
  | { data: T; error?: never; response: Response }
  | { data?: never; error: Schemas["Error"]; response: Response };

/** The answer's body, or an error naming the step, the status and the server's message. */
async function answer<T>(step: string, call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error) throw new Error(`${step}: ${response.status} ${error.message}`);
  return data;
}

/**
 * Buys one unit of a simple, in-stock product as a guest: cart token, add to cart, address, the first shipping
 * rate, the first onsite payment method, place the order. `client` carries the storefront key.
 */
export async function guestCheckout(client: ShopClient, address: Schemas["createCheckoutAddressInput"]): Promise<GuestCheckout> {
  const products = await answer("list products", client.GET("/api/shop/products", { params: { query: { type: "simple", sort: "id", per_page: 50 } } }));
  const product = products.find((p) => p.type === "simple" && p.inStock && p.isSaleable);
  if (!product) throw new Error("no simple product in stock on the first page");

  // No body: the document says the cart-token request body is optional.
  const token = await answer("cart token", client.POST("/api/shop/cart-tokens"));
  if (token.cartToken === null) throw new Error("a guest cart token was expected");
  const cartToken = token.cartToken;
  // The guest's cart token is the bearer of every cart and checkout call.
  const headers = { Authorization: `Bearer ${cartToken}` };

  const cart = await answer("add to cart", client.POST("/api/shop/cart/add-to-cart", { headers, body: { productId: product.id, quantity: 1 } }));
  const saved = await answer("address", client.POST("/api/shop/checkout/set-billing-address", { headers, body: address }));

  const rates = await answer("shipping methods", client.GET("/api/shop/checkout/get-shipping-methods", { headers }));
  const rate = rates.at(0);
  if (!rate) throw new Error("no shipping rate for the cart");
  const shipping = await answer("shipping method", client.POST("/api/shop/checkout/set-shipping-method", { headers, body: { shippingMethod: rate.code } }));

  const payments = await answer("payment methods", client.GET("/api/shop/checkout/get-payment-methods", { headers }));
  const onsite = payments.find((m) => !m.offsite && m.isAllowed);
  if (!onsite) throw new Error("no onsite payment method");
  const payment = await answer("payment method", client.POST("/api/shop/checkout/set-payment-method", { headers, body: { paymentMethod: onsite.method } }));

  // No body either: place-order reads everything from the cart.
  const order = await answer("place order", client.POST("/api/shop/checkout/place-order", { headers }));
  return { product, cartToken, cart, address: saved, rates, shipping, payments, payment, order };
}
