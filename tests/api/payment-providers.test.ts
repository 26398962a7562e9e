// No order is paid by a simulator in production (issue 28, item 1). An offsite method is offered and accepted only
// when a provider is configured for it; today the only provider is the payment simulator, on by default outside
// production and, in production, only for the methods PAYMENT_SIMULATOR names. Without one the method is not listed,
// set-payment-method and place-order refuse it with 422 writing nothing, and its gateway sessions are 404.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { gatewayPage, returnFromGateway, sessionOf } from "../support/gateway.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** As a production server runs: NODE_ENV=production, with PAYMENT_SIMULATOR as given (undefined: not set). */
function production(simulator?: string) {
  vi.stubEnv("NODE_ENV", "production");
  if (simulator === undefined) vi.stubEnv("PAYMENT_SIMULATOR", undefined);
  else vi.stubEnv("PAYMENT_SIMULATOR", simulator);
}

/** A guest cart of 2 × 30 with address and flatrate saved: at the payment step. */
async function atPayment(via: Via) {
  const product = await freshProduct({ qty: 5, price: "30" });
  const { token, id } = await guestCart(via, key);
  const opts = { key, bearer: token };
  await fill(via, opts, [{ productId: product, quantity: 2 }]);
  expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
  expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
  return { product, opts, cartId: id };
}

/** Which of the seeded methods step 3 lists (other files may add methods of their own meanwhile). */
const offered = async (via: Via, opts: { key: string; bearer: string }) => {
  const res = await invoke(via, "collectionPaymentMethods", {}, opts);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const seeded = new Set(["cashondelivery", "moneytransfer", "paypal_standard"]);
  return (res.body as { method: string }[]).map((m) => m.method).filter((m) => seeded.has(m));
};

const written = async (cartId: number) => {
  const db = await getDb();
  return {
    method: (await cartRow(cartId)).paymentMethod,
    sessions: await db.paymentSession.count({ where: { cartId } }),
    orders: await db.order.count({ where: { cartId } }),
  };
};

describe.each(VIAS)("offsite methods and their provider over %s", (via) => {
  it("outside production, the simulator stands in for the offsite method unless PAYMENT_SIMULATOR says otherwise", async () => {
    vi.stubEnv("PAYMENT_SIMULATOR", undefined);
    const { opts } = await atPayment(via);
    expect(await offered(via, opts)).toEqual(["cashondelivery", "moneytransfer", "paypal_standard"]);
    vi.stubEnv("PAYMENT_SIMULATOR", "");
    expect(await offered(via, opts)).toEqual(["cashondelivery", "moneytransfer"]);
  });

  it("in production without PAYMENT_SIMULATOR, does not offer it and refuses it with 422, writing nothing", async () => {
    production();
    const { opts, cartId } = await atPayment(via);
    expect(await offered(via, opts)).toEqual(["cashondelivery", "moneytransfer"]);

    const res = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", paymentSuccessUrl: "http://shop.test/ok" }, opts);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(JSON.stringify(res.body)).toContain("no payment provider is configured");
    expect(await written(cartId)).toEqual({ method: null, sessions: 0, orders: 0 });

    // The onsite methods still work.
    expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "moneytransfer" }, opts)).status).toBe(200);
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.body).toMatchObject({ redirect: false, orderId: expect.any(Number) });
  });

  it("in production, refuses place-order and answers 404 on the gateway for a cart that chose the method before", async () => {
    const { opts, cartId, product } = await atPayment(via);
    const pay = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard" }, opts);
    expect(pay.status).toBe(200);
    const gatewayUrl: string = pay.body.paymentGatewayUrl;

    production("cashondelivery");
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(422);
    expect(JSON.stringify(placed.body)).toContain("no payment provider is configured");
    expect(await written(cartId)).toEqual({ method: "paypal_standard", sessions: 1, orders: 0 });

    const back = await returnFromGateway(gatewayUrl, "success");
    expect(back.status).toBe(404);
    await expect(gatewayPage(gatewayUrl)).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    expect(await written(cartId)).toEqual({ method: "paypal_standard", sessions: 1, orders: 0 });
    expect((await sessionOf(gatewayUrl)).status).toBe("pending");
    expect(await stock(product)).toBe(5);
    expect((await cartRow(cartId)).isActive).toBe(true);
  });

  it("in production with PAYMENT_SIMULATOR naming the method, offers it and its page says it is a simulation", async () => {
    production(" cashondelivery , paypal_standard ");
    const { opts, cartId, product } = await atPayment(via);
    expect(await offered(via, opts)).toEqual(["cashondelivery", "moneytransfer", "paypal_standard"]);
    const pay = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard" }, opts);
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.body).toMatchObject({ redirect: true, orderId: null });

    const html = await gatewayPage(placed.body.redirectUrl);
    expect(html).toContain("Simulated payment.");
    expect(html).toContain("no money moves");
    expect(html).toMatch(/data-testid="amount">\$70\.00</);

    const back = await returnFromGateway(placed.body.redirectUrl, "success");
    expect(back.status, JSON.stringify(back.body)).toBe(303);
    const [order] = await (await getDb()).order.findMany({ where: { cartId } });
    expect(order).toMatchObject({ status: "processing" });
    expect(await stock(product)).toBe(3);
    // The page after paying says so too.
    expect(await gatewayPage(placed.body.redirectUrl)).toContain("no money moves");
  });

  it("in production, a PAYMENT_SIMULATOR that names other methods leaves this one without a provider", async () => {
    production("some_other_gateway");
    const { opts, cartId } = await atPayment(via);
    expect(await offered(via, opts)).toEqual(["cashondelivery", "moneytransfer"]);
    expect((await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard" }, opts)).status).toBe(422);
    expect(await written(cartId)).toEqual({ method: null, sessions: 0, orders: 0 });
  });
});
