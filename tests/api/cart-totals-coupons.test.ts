// Cart totals (subtotal, discount, tax, shipping, grand total and their formatted forms), the X-CURRENCY
// conversion of every amount, and coupons: apply, the 422 refusals, remove. Both transports.
import { beforeAll, describe, expect, it } from "vitest";
import { storefrontKey } from "../support/client.ts";
import { ADDRESS, freshProduct } from "../support/checkout.ts";
import { invoke, VIAS, type Via } from "../support/invoke.ts";
import { cartRow, fill, freshCoupon, guestCart } from "../support/cart-fixtures.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

/** A guest cart over `via` holding 2 × 40 of a fresh product; returns its token and id. */
async function cartOf80(via: Via) {
  const product = await freshProduct({ qty: 10, price: "40" });
  const cart = await guestCart(via, key);
  await fill(via, { key, bearer: cart.token }, [{ productId: product, quantity: 2 }]);
  return { ...cart, product };
}

const EUR = { "X-CURRENCY": "EUR" };

describe.each(VIAS)("cart totals over %s", (via) => {
  it("adds up subtotal, shipping and grand total with formatted values", async () => {
    const { token, id } = await cartOf80(via);
    const opts = { key, bearer: token };
    const before = await invoke(via, "createReadCart", {}, opts);
    expect(before.body).toMatchObject({
      currencyCode: "USD", subtotal: 80, baseSubtotal: 80, discountAmount: 0, taxAmount: 0, shippingAmount: 0, grandTotal: 80, baseGrandTotal: 80,
      formattedSubtotal: "$80.00", formattedDiscountAmount: "$0.00", formattedTaxAmount: "$0.00", formattedShippingAmount: "$0.00", formattedGrandTotal: "$80.00",
      selectedShippingRate: null, paymentMethod: null, couponCode: null,
    });
    expect(before.body.items[0]).toMatchObject({ price: 40, basePrice: 40, total: 80, baseTotal: 80, formattedPrice: "$40.00", formattedTotal: "$80.00" });

    expect((await invoke(via, "createCheckoutAddress", ADDRESS, opts)).status).toBe(200);
    expect((await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, opts)).status).toBe(200);
    const after = await invoke(via, "createReadCart", {}, opts);
    expect(after.body).toMatchObject({
      shippingAmount: 10, grandTotal: 90, formattedShippingAmount: "$10.00", formattedGrandTotal: "$90.00",
      selectedShippingRate: "flatrate_flatrate", selectedShippingRateTitle: "Flat Rate",
    });
    const row = await cartRow(id);
    expect([row.baseSubtotal, row.baseShippingAmount, row.baseGrandTotal].map(Number)).toEqual([80, 10, 90]);
  });

  it("converts every amount with X-CURRENCY: EUR (rate 0.92, €) and keeps the base amounts", async () => {
    const { token, id } = await cartOf80(via);
    const usd = { key, bearer: token };
    const eur = { ...usd, headers: EUR };
    await invoke(via, "createCheckoutAddress", ADDRESS, usd);
    await invoke(via, "createCheckoutShippingMethod", { shippingMethod: "flatrate_flatrate" }, usd);
    await invoke(via, "createApplyCoupon", { couponCode: "SAVE10" }, usd);

    const r = await invoke(via, "createReadCart", {}, eur);
    expect(r.body).toMatchObject({
      currencyCode: "EUR",
      subtotal: 73.6, baseSubtotal: 80, discountAmount: 7.36, baseDiscountAmount: 8, shippingAmount: 9.2, taxAmount: 0,
      grandTotal: 75.44, baseGrandTotal: 82,
      formattedSubtotal: "€73.60", formattedDiscountAmount: "€7.36", formattedShippingAmount: "€9.20", formattedTaxAmount: "€0.00", formattedGrandTotal: "€75.44",
    });
    expect(r.body.items[0]).toMatchObject({ price: 36.8, basePrice: 40, total: 73.6, baseTotal: 80, formattedPrice: "€36.80", formattedTotal: "€73.60" });

    const rates = await invoke(via, "collectionShippingRates", {}, eur);
    expect(rates.body.find((x: { code: string }) => x.code === "flatrate_flatrate")).toMatchObject({ price: 9.2, basePrice: 10, formattedPrice: "€9.20" });

    // A write in EUR stores the converted amounts beside the unchanged base ones.
    await invoke(via, "createUpdateCartItem", { cartItemId: r.body.items[0].id, quantity: 2 }, eur);
    const row = await cartRow(id);
    expect(row.currencyCode).toBe("EUR");
    expect([row.subtotal, row.baseSubtotal, row.grandTotal, row.baseGrandTotal].map(Number)).toEqual([73.6, 80, 75.44, 82]);
  });

  it("falls back to the base currency for an unknown or differently cased code", async () => {
    const { token } = await cartOf80(via);
    for (const code of ["eur", "XYZ"]) {
      const r = await invoke(via, "createReadCart", {}, { key, bearer: token, headers: { "X-CURRENCY": code } });
      expect(r.body).toMatchObject({ currencyCode: "USD", subtotal: 80, formattedSubtotal: "$80.00" });
    }
  });
});

describe.each(VIAS)("coupons over %s", (via) => {
  it.each([
    ["SAVE10", 8, 72],
    ["FLAT5", 5, 75],
  ])("applies %s: discount %d, grand total %d, and removes it again", async (code, discount, grand) => {
    const { token, id } = await cartOf80(via);
    const opts = { key, bearer: token };
    const r = await invoke(via, "createApplyCoupon", { couponCode: code }, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ couponCode: code, discountAmount: discount, grandTotal: grand, formattedDiscountAmount: `$${discount}.00` });
    let row = await cartRow(id);
    expect(row.couponCode).toBe(code);
    expect([row.baseDiscountAmount, row.baseGrandTotal].map(Number)).toEqual([discount, grand]);

    const removed = await invoke(via, "createRemoveCoupon", {}, opts);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ couponCode: null, discountAmount: 0, grandTotal: 80 });
    row = await cartRow(id);
    expect(row.couponCode).toBeNull();
    expect(Number(row.baseDiscountAmount)).toBe(0);
  });

  it("caps a fixed discount at the subtotal", async () => {
    const big = await freshCoupon({ type: "fixed", amount: "500" });
    const { token } = await cartOf80(via);
    const r = await invoke(via, "createApplyCoupon", { couponCode: big.code }, { key, bearer: token });
    expect(r.body).toMatchObject({ discountAmount: 80, grandTotal: 0 });
  });

  const refused: [string, () => Promise<string>][] = [
    ["an unknown code", async () => "NO-SUCH-COUPON"],
    ["an expired coupon", async () => (await freshCoupon({ endsAt: new Date(Date.now() - 86_400_000) })).code],
    ["a coupon not active yet", async () => (await freshCoupon({ startsAt: new Date(Date.now() + 86_400_000) })).code],
    ["a used-up coupon", async () => (await freshCoupon({ usageLimit: 3, timesUsed: 3 })).code],
    ["a coupon needing a higher subtotal", async () => (await freshCoupon({ minSubtotal: "100" })).code],
    ["a disabled coupon", async () => (await freshCoupon({ status: false })).code],
  ];
  it.each(refused)("refuses %s with 422 and leaves the cart as it was", async (_name, make) => {
    const code = await make();
    const { token, id } = await cartOf80(via);
    const opts = { key, bearer: token };
    await invoke(via, "createApplyCoupon", { couponCode: "FLAT5" }, opts);
    const r = await invoke(via, "createApplyCoupon", { couponCode: code }, opts);
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    const row = await cartRow(id);
    expect(row.couponCode).toBe("FLAT5");
    expect(Number(row.baseGrandTotal)).toBe(75);
  });

  it("refuses a coupon on an empty cart with 422", async () => {
    const { token, id } = await guestCart(via, key);
    const r = await invoke(via, "createApplyCoupon", { couponCode: "SAVE10" }, { key, bearer: token });
    expect(r.status).toBe(422);
    expect((await cartRow(id)).couponCode).toBeNull();
  });

  it("accepts a minimum-subtotal coupon once reached and drops it when the subtotal falls below", async () => {
    const min = await freshCoupon({ type: "fixed", amount: "20", minSubtotal: "100" });
    const { token, id } = await cartOf80(via);
    const opts = { key, bearer: token };
    const cart = (await invoke(via, "createReadCart", {}, opts)).body;
    await invoke(via, "createUpdateCartItem", { cartItemId: cart.items[0].id, quantity: 3 }, opts);
    const applied = await invoke(via, "createApplyCoupon", { couponCode: min.code }, opts);
    expect(applied.body).toMatchObject({ couponCode: min.code, subtotal: 120, discountAmount: 20, grandTotal: 100 });
    const lowered = await invoke(via, "createUpdateCartItem", { cartItemId: cart.items[0].id, quantity: 2 }, opts);
    expect(lowered.body).toMatchObject({ couponCode: null, discountAmount: 0, grandTotal: 80 });
    expect((await cartRow(id)).couponCode).toBeNull();
  });
});
