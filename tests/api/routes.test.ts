// The URL space and the declarations agree: every route file serves declared operations, every declared REST
// path has its route file, every declared operation is in its GraphQL schema, and SPEC.md's Shop operations
// exist on both transports.
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../lib/graphql/schema.ts";
import { shopOperations } from "../../lib/operations/shop.ts";
import { routes } from "../support/app.ts";

const toPattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, "1");

async function routeModule(path: string) {
  const route = routes.find((r) => r.pattern.test(path));
  return route ? ((await import(route.file)) as Record<string, { operation?: { name: string } }>) : null;
}

describe("route files and declarations", () => {
  it.each(shopOperations.filter((op) => op.rest).flatMap((op) => op.rest!.paths.map((p) => [op.name, op.rest!.method, p] as const)))(
    "%s answers %s %s",
    async (name, method, path) => {
      const mod = await routeModule(samplePath(path));
      expect(mod, `no route file for ${path}`).not.toBeNull();
      expect(mod![method]?.operation?.name).toBe(name);
    },
  );

  it("serves nothing under /api/shop that is not declared", async () => {
    // The OpenAPI document describes the operations; it is not one of them.
    const NOT_OPERATIONS = ["/api/shop/docs/route.ts"];
    for (const route of routes.filter((r) => r.file.includes("/api/shop/") && !NOT_OPERATIONS.some((f) => r.file.endsWith(f)))) {
      const mod = (await import(route.file)) as Record<string, { operation?: { name: string; rest?: { paths: string[] } }; unrouted?: true }>;
      for (const [method, handler] of Object.entries(mod)) {
        // The JSON 404/405 answers of what no operation serves (lib/http/unrouted.ts): every route file has them.
        if (handler.unrouted) continue;
        const op = handler.operation;
        expect(op, `${route.file} ${method} is not bound to an operation`).toBeDefined();
        expect(shopOperations.includes(op as never), `${op!.name} is missing from lib/operations/shop.ts`).toBe(true);
      }
    }
  });

  it("puts every operation that has a GraphQL binding into the shop schema", () => {
    const schema = buildSchema(shopOperations);
    const fields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
    for (const op of shopOperations.filter((o) => o.graphql !== false)) expect(fields[op.name], op.name).toBeDefined();
  });
});

/** SPEC.md's Shop operations (REST method and path, GraphQL name) that this build serves. */
const SPEC_SHOP: [string, string, string | null][] = [
  ["GET", "/api/shop/products", "products"],
  ["GET", "/api/shop/products/{id}", "product"],
  ["GET", "/api/shop/categories", "categories"],
  ["GET", "/api/shop/category-trees", "treeCategories"],
  ["GET", "/api/shop/categories/{id}", "category"],
  ["GET", "/api/shop/attributes", "attributes"],
  ["GET", "/api/shop/attributes/{id}", "attribute"],
  ["GET", "/api/shop/attribute-options", "attributeOptions"],
  ["GET", "/api/shop/channels", "channels"],
  ["GET", "/api/shop/countries", "countries"],
  ["GET", "/api/shop/countries/{country_id}/states", "countryStates"],
  ["GET", "/api/shop/locales", "locales"],
  ["POST", "/api/shop/contact-us", "createContactUs"],
  ["POST", "/api/shop/newsletters", "createNewsletter"],
  ["POST", "/api/shop/customers", "createCustomer"],
  ["POST", "/api/shop/cart-tokens", "createCartToken"],
  ["POST", "/api/shop/customer/login", "createCustomerLogin"],
  ["POST", "/api/shop/cart", "createReadCart"],
  ["POST", "/api/shop/cart/add-to-cart", "createAddProductInCart"],
  ["PUT", "/api/shop/cart/update-cart-item", "createUpdateCartItem"],
  ["POST", "/api/shop/cart/remove-cart-item", "createRemoveCartItem"],
  ["POST", "/api/shop/cart/apply-coupon", "createApplyCoupon"],
  ["POST", "/api/shop/cart/remove-coupon", "createRemoveCoupon"],
  ["POST", "/api/shop/cart/merge-cart", "createMergeCart"],
  ["POST", "/api/shop/cart/upload-customizable-file", null],
  ["GET", "/api/shop/checkout/get-addresses", "collectionGetCheckoutAddresses"],
  ["POST", "/api/shop/checkout/set-billing-address", "createCheckoutAddress"],
  ["POST", "/api/shop/checkout/set-shipping-address", "createCheckoutAddress"],
  ["GET", "/api/shop/checkout/get-shipping-methods", "collectionShippingRates"],
  ["POST", "/api/shop/checkout/set-shipping-method", "createCheckoutShippingMethod"],
  ["GET", "/api/shop/checkout/get-payment-methods", "collectionPaymentMethods"],
  ["POST", "/api/shop/checkout/set-payment-method", "createCheckoutPaymentMethod"],
  ["POST", "/api/shop/checkout/place-order", "createCheckoutOrder"],
  ["GET", "/api/shop/returns", "customerReturns"],
  ["GET", "/api/shop/returns/{id}", "customerReturn"],
  ["GET", "/api/shop/returns/reasons", "returnReasons"],
  ["POST", "/api/shop/returns", "createCustomerReturn"],
  ["POST", "/api/shop/returns/{id}/cancel", "cancelCustomerReturn"],
  ["POST", "/api/shop/returns/{id}/reopen", "reopenCustomerReturn"],
  ["POST", "/api/shop/returns/{id}/close", "closeCustomerReturn"],
  ["POST", "/api/shop/returns/{id}/messages", "sendCustomerReturnMessage"],
  ["GET", "/api/shop/returnable-items", "returnableItems"],
  ["GET", "/api/shop/returns/returnable-items", "returnableItems"],
];

describe("SPEC.md Shop operations", () => {
  const schema = buildSchema(shopOperations);
  const fields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
  it.each(SPEC_SHOP)("%s %s (GraphQL %s)", async (method, path, gqlName) => {
    const op = shopOperations.find((o) => o.rest?.method === method && o.rest.paths.some((p) => toPattern(p).test(samplePath(path))));
    expect(op, `no operation declares ${method} ${path}`).toBeDefined();
    const mod = await routeModule(samplePath(path));
    expect(mod?.[method]?.operation).toBe(op);
    if (gqlName) expect(fields[gqlName], `GraphQL field ${gqlName}`).toBeDefined();
  });
});
