// Counts the SQL statements of one guest checkout (the seven requests of the bench's checkout scenario), in a
// process of its own: the real route files are called in process (tests/support/app.ts) on the bench database,
// through the observed driver adapter (lib/db/observe.ts). Warmed by one checkout first, like
// tests/api/perf-checkout.test.ts. Prints one JSON line: { statements, steps: { step: count } }.
import { onStatement } from "../../lib/db/observe.ts";
import { disconnectDb } from "../../lib/db/client.ts";
import { dispatch, BASE } from "../../tests/support/app.ts";
import { ADDRESS } from "./address.ts";

const [key, productIdText] = process.argv.slice(2);
const productId = Number(productIdText);

async function call(method: string, path: string, bearer: string | null, body?: unknown): Promise<Record<string, unknown>> {
  const headers = new Headers({ accept: "application/json", "x-storefront-key": key });
  if (bearer) headers.set("authorization", `Bearer ${bearer}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  const res = await dispatch(new Request(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function checkout(): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  let bearer: string | null = null;
  const step = async (name: string, method: string, path: string, body?: unknown) => {
    let n = 0;
    const stop = onStatement(() => n++);
    try {
      return await call(method, path, bearer, body);
    } finally {
      stop();
      steps[name] = n;
    }
  };
  bearer = (await step("cart token", "POST", "/api/shop/cart-tokens", {})).cartToken as string;
  await step("add to cart", "POST", "/api/shop/cart/add-to-cart", { productId, quantity: 1 });
  await step("address", "POST", "/api/shop/checkout/set-billing-address", ADDRESS);
  await step("shipping methods", "GET", "/api/shop/checkout/get-shipping-methods");
  await step("shipping method", "POST", "/api/shop/checkout/set-shipping-method", { shippingMethod: "flatrate_flatrate" });
  await step("payment method", "POST", "/api/shop/checkout/set-payment-method", { paymentMethod: "cashondelivery" });
  await step("place order", "POST", "/api/shop/checkout/place-order", {});
  return steps;
}

await checkout();
await new Promise((r) => setTimeout(r, 50)); // "last used" stamps are written off the request path
const steps = await checkout();
await disconnectDb();
process.stdout.write(JSON.stringify({ statements: Object.values(steps).reduce((a, b) => a + b, 0), steps }) + "\n");
process.exit(0);
