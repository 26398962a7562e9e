// The offsite gateway (paypal_standard, simulated): set-payment-method answers a gateway URL, place-order
// redirects and creates no order; the return with outcome=cancel|failure leaves the cart intact, outcome=success
// creates exactly one paid order (processing) and 303-redirects to the success URL, however often it is repeated.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct, stock } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, guestCart } from "../support/cart-fixtures.ts";
import { POST as complete } from "../../app/payment-gateway/[token]/complete/route.ts";

let key: string;
beforeAll(async () => {
  // The return URLs below are on a separate storefront's origin, which the gateway only accepts when configured.
  process.env.STOREFRONT_ORIGINS = "https://store.example";
  key = await storefrontKey();
});

const URLS = {
  paymentSuccessUrl: "https://store.example/checkout/success",
  paymentFailureUrl: "https://store.example/checkout/failure",
  paymentCancelUrl: "https://store.example/checkout/cancel",
};

/** Posts the simulator's form: the shopper paid, cancelled or failed on the gateway page at `gatewayUrl`. */
async function returnFromGateway(gatewayUrl: string, outcome: string) {
  const token = new URL(gatewayUrl).pathname.split("/").pop()!;
  const body = new FormData();
  body.set("outcome", outcome);
  const res = await complete(new Request(`${gatewayUrl}/complete`, { method: "POST", body }), { params: Promise.resolve({ token }) });
  return { status: res.status, location: res.headers.get("location"), body: res.status >= 400 ? await res.json() : null };
}

/** A guest cart of 2 × 30 with address and flatrate saved and paypal_standard chosen. */
async function offsiteCart(via: Via) {
  const product = await freshProduct({ qty: 5, price: "30" });
  const { token, id } = await guestCart(via, key);
  const opts = { key, bearer: token };
  await fill(via, opts, [{ productId: product, quantity: 2 }]);
  await invoke(via, "createCheckoutAddress", ADDRESS, opts);
  await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts);
  const pay = await invoke(via, "createCheckoutPaymentMethod", { paymentMethod: "paypal_standard", ...URLS }, opts);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  return { product, opts, cartId: id, pay: pay.body };
}

const orders = async (cartId: number) => (await getDb()).order.findMany({ where: { cartId }, include: { payment: true } });

describe.each(VIAS)("offsite payment over %s", (via) => {
  it("answers a gateway URL on set-payment-method and a redirect without an order on place-order", async () => {
    const { product, opts, cartId, pay } = await offsiteCart(via);
    expect(pay).toMatchObject({ success: true, paymentMethod: "paypal_standard", paymentData: { method: "paypal_standard" } });
    expect(pay.paymentGatewayUrl).toMatch(/^http:\/\/shop\.test\/payment-gateway\/[A-Za-z0-9_-]+$/);

    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({ redirect: true, orderId: null, orderIncrementId: null, cartToken: opts.bearer });
    expect(placed.body.redirectUrl).toMatch(/\/payment-gateway\/[A-Za-z0-9_-]+$/);
    expect(await orders(cartId)).toHaveLength(0);
    expect((await cartRow(cartId)).isActive).toBe(true);
    expect(await stock(product)).toBe(5);
    const sessions = await (await getDb()).paymentSession.findMany({ where: { cartId } });
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.status === "pending" && s.method === "paypal_standard" && s.successUrl === URLS.paymentSuccessUrl)).toBe(true);
  });

  it.each([
    ["cancel", URLS.paymentCancelUrl, "canceled"],
    ["failure", URLS.paymentFailureUrl, "failed"],
  ])("leaves the cart intact when the shopper returns with outcome=%s", async (outcome, url, status) => {
    const { product, opts, cartId } = await offsiteCart(via);
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    const back = await returnFromGateway(placed.body.redirectUrl, outcome);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${url}?status=${outcome}`);
    expect(await orders(cartId)).toHaveLength(0);
    expect(await stock(product)).toBe(5);
    const cart = await invoke(via, "createReadCart", {}, opts);
    expect(cart.status).toBe(200);
    expect(cart.body).toMatchObject({ itemsQty: 2, paymentMethod: "paypal_standard", selectedShippingRate: "flatrate_flatrate" });
    const db = await getDb();
    const token = new URL(placed.body.redirectUrl).pathname.split("/").pop()!;
    const { createHash } = await import("node:crypto");
    expect((await db.paymentSession.findUniqueOrThrow({ where: { token: createHash("sha256").update(token).digest("hex") } })).status).toBe(status);
    // The same session cannot be paid afterwards; a new place-order starts a new one.
    const late = await returnFromGateway(placed.body.redirectUrl, "success");
    expect(late.location).not.toMatch(/orderId=/);
    expect(await orders(cartId)).toHaveLength(0);
  });

  it("creates exactly one paid order on outcome=success, however often the shopper comes back", async () => {
    const { product, opts, cartId, pay } = await offsiteCart(via);
    const first = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(await returnFromGateway(first.body.redirectUrl, "cancel")).toMatchObject({ status: 303 });
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(placed.body.redirectUrl).not.toBe(first.body.redirectUrl);

    const back = await returnFromGateway(placed.body.redirectUrl, "success");
    expect(back.status).toBe(303);
    const made = await orders(cartId);
    expect(made).toHaveLength(1);
    const order = made[0];
    const location = new URL(back.location!);
    expect(`${location.origin}${location.pathname}`).toBe(URLS.paymentSuccessUrl);
    expect(location.searchParams.get("orderId")).toBe(String(order.id));
    expect(location.searchParams.get("orderIncrementId")).toBe(order.incrementId);
    expect(order).toMatchObject({ status: "processing", isGuest: true, shippingMethod: "flatrate_flatrate" });
    expect([order.baseGrandTotal, order.grandTotalInvoiced].map(Number)).toEqual([70, 70]);
    expect(order.payment).toMatchObject({ method: "paypal_standard" });
    expect(await stock(product)).toBe(3);
    expect((await cartRow(cartId)).isActive).toBe(false);

    // Coming back again, on this session or on the one set-payment-method opened, makes no second order.
    for (const url of [placed.body.redirectUrl, pay.paymentGatewayUrl]) {
      const again = await returnFromGateway(url, "success");
      expect(again.status).toBe(303);
      expect(new URL(again.location!).searchParams.get("orderId")).toBe(String(order.id));
    }
    expect(await orders(cartId)).toHaveLength(1);
    expect(await stock(product)).toBe(3);

    // place-order on the settled cart answers the order itself.
    const after = await invoke(via, "createCheckoutOrder", {}, opts);
    expect(after.body).toMatchObject({ orderId: order.id, redirect: false });
  });

  it("creates one order when two returns with outcome=success arrive at once", async () => {
    const { product, opts, cartId } = await offsiteCart(via);
    const placed = await invoke(via, "createCheckoutOrder", {}, opts);
    const [a, b] = await Promise.all([returnFromGateway(placed.body.redirectUrl, "success"), returnFromGateway(placed.body.redirectUrl, "success")]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([303, 303]);
    const made = await orders(cartId);
    expect(made).toHaveLength(1);
    for (const r of [a, b]) expect(new URL(r.location!).searchParams.get("orderId")).toBe(String(made[0].id));
    expect(await stock(product)).toBe(3);
  });
});

describe("the gateway return route", () => {
  it("refuses an unknown outcome with 422 and an unknown session with 404", async () => {
    const { opts, cartId } = await offsiteCart("rest");
    const placed = await invoke("rest", "createCheckoutOrder", {}, opts);
    expect((await returnFromGateway(placed.body.redirectUrl, "maybe")).status).toBe(422);
    expect((await returnFromGateway("http://shop.test/payment-gateway/not-a-session", "success")).status).toBe(404);
    expect(await orders(cartId)).toHaveLength(0);
  });

  it("switching to an onsite method cancels the open gateway session", async () => {
    const { opts, cartId, pay } = await offsiteCart("rest");
    const onsite = await invoke("rest", "createCheckoutPaymentMethod", { paymentMethod: "cashondelivery" }, opts);
    expect(onsite.body.paymentGatewayUrl).toBeNull();
    const back = await returnFromGateway(pay.paymentGatewayUrl, "success");
    expect(back.status).toBe(303);
    expect(back.location).not.toMatch(/orderId=/);
    expect(await orders(cartId)).toHaveLength(0);
    const placed = await invoke("rest", "createCheckoutOrder", {}, opts);
    expect(placed.body).toMatchObject({ redirect: false });
    expect((await orders(cartId))[0]).toMatchObject({ id: placed.body.orderId, status: "pending" });
  });
});
