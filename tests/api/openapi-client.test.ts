// A client generated from the Shop OpenAPI document completes a guest checkout: the committed types match what
// openapi-typescript makes of /api/shop/docs today, the checkout client type-checks against them under the repo's
// strict options, and run with openapi-fetch over the in-process transport it places a real order.
import fs from "node:fs";
import path from "node:path";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { BASE, dispatch } from "../support/app.ts";
import { getDb, storefrontKey } from "../support/client.ts";
import { ADDRESS } from "../support/checkout.ts";
import { guestCheckout } from "../support/openapi-checkout.ts";
import { REGENERATE_COMMAND, SHOP_TYPES_FILE, shopDocument, shopTypes } from "../support/openapi-types.ts";
import type { paths } from "../../lib/openapi/types/shop-api.ts";
import { compileWithProbes, escapes, firstDifference, formatDiagnostics, ROOT } from "../support/typed-client.ts";

const CHECKOUT_MODULE = path.join(ROOT, "tests/support/openapi-checkout.ts");
// A file that only exists in the compiler's view: a body the document does not allow, which must not compile.
const PROBE = path.join(ROOT, "tests/support/openapi-probe.ts");
const PROBE_SOURCE = `import type { ShopClient } from "./openapi-checkout.ts";
export const probe = (client: ShopClient) => client.POST("/api/shop/checkout/set-shipping-method", { body: { shippingCode: "flatrate_flatrate" } });
`;

describe("a client generated from the Shop OpenAPI document", () => {
  it("keeps the committed types equal to what openapi-typescript generates from /api/shop/docs", async () => {
    const generated = await shopTypes(await shopDocument());
    const committed = fs.readFileSync(SHOP_TYPES_FILE, "utf8");
    expect(generated.includes('"/api/shop/checkout/place-order"')).toBe(true);
    expect(committed === generated, `${path.relative(ROOT, SHOP_TYPES_FILE)} is out of date (${firstDifference(generated, committed)}): run \`${REGENERATE_COMMAND}\``).toBe(true);
  });

  it("type-checks the checkout client against the generated types, strictly and without escapes", () => {
    const { module, probes, source } = compileWithProbes(CHECKOUT_MODULE, new Map([[PROBE, PROBE_SOURCE]]));
    expect(formatDiagnostics(module)).toBe("");
    expect(escapes(source, ["openapi-fetch", "../../lib/openapi/types/shop-api.ts"])).toEqual([]);
    // The types do constrain the client: a body field the document does not have is a compile error.
    expect(formatDiagnostics(probes[0])).toContain("shippingCode");
  }, 120_000);

  it("completes a guest checkout with openapi-fetch over the generated types", async () => {
    const key = await storefrontKey();
    const client = createClient<paths>({ baseUrl: BASE, fetch: dispatch, headers: { "X-STOREFRONT-KEY": key, Accept: "application/json" } });

    const run = await guestCheckout(client, ADDRESS);

    expect(run.product).toMatchObject({ type: "simple", inStock: true });
    expect(run.cart).toMatchObject({ cartToken: run.cartToken, isGuest: true, itemsCount: 1, itemsQty: 1 });
    expect(run.cart.items.map((i) => [i.productId, i.quantity])).toEqual([[run.product.id, 1]]);
    expect(run.address).toMatchObject({ success: true, cartToken: run.cartToken });
    expect(run.address.cart.billingAddress).toMatchObject({ firstName: ADDRESS.billingFirstName, country: ADDRESS.billingCountry });
    expect(run.rates.map((r) => r.code)).toContain("flatrate_flatrate");
    expect(run.shipping).toMatchObject({ success: true, shippingMethod: run.rates[0].code });
    expect(run.payments.map((m) => m.method)).toContain("cashondelivery");
    expect(run.payment).toMatchObject({ success: true, paymentMethod: "cashondelivery", paymentGatewayUrl: null });
    expect(run.order).toMatchObject({ success: true, redirect: false, redirectUrl: null });
    expect(run.order.orderId).toEqual(expect.any(Number));

    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: run.order.orderId ?? -1 }, include: { items: true, payment: true } });
    expect(order).toMatchObject({ isGuest: true, customerEmail: ADDRESS.billingEmail, incrementId: run.order.orderIncrementId, shippingMethod: run.shipping.shippingMethod });
    expect(order.items.map((i) => ({ productId: i.productId, sku: i.sku, qtyOrdered: i.qtyOrdered }))).toEqual([{ productId: run.product.id, sku: run.product.sku, qtyOrdered: 1 }]);
    expect(order.payment?.method).toBe("cashondelivery");
  });
});
