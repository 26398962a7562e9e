// Both OpenAPI documents carry, on every operation, a request and an answer taken from the demo store (made by
// `npm run openapi:examples`, lib/openapi/examples/*.json), and each still validates against the operation's own
// schemas: an example cannot drift from what it illustrates. A download answers a file and shows no answer example.
import { describe, expect, it } from "vitest";
import { exampleProblems, schemaChecker, successOf, type DocOperation } from "../../scripts/openapi-examples.ts";
import { call, cartToken, customer, storefrontKey } from "../support/client.ts";
import type { Surface } from "../../lib/operations/define.ts";

/** What the document shows on one operation, read back from the document itself (not from the examples file). */
function shown(op: DocOperation) {
  const success = successOf(op);
  return {
    parameters: Object.fromEntries((op.parameters ?? []).filter((p) => p.example !== undefined).map((p) => [p.name, p.example])),
    request: op.requestBody?.content["application/json"]?.example,
    response: success?.json ? op.responses[success.status].content!["application/json"].example : undefined,
  };
}

describe.each(["shop", "admin"] as Surface[])("the %s OpenAPI document's examples", (surface) => {
  const checker = schemaChecker(surface);
  const operations = Object.entries(checker.doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([verb, op]) => ({ template, verb, op })));

  it("shows, on every operation, a request and an answer that validate against its own schemas", () => {
    expect(operations.length).toBeGreaterThan(100);
    const problems = operations.flatMap(({ template, verb, op }) =>
      exampleProblems(checker, template, verb, shown(op)).map((p) => `${verb.toUpperCase()} ${template} (${op.operationId}): ${p}`));
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

describe("the product list's facets", () => {
  it("are described and shown as the query keys a client sends, not as a `facets` key", () => {
    const { doc } = schemaChecker("shop");
    const facets = doc.paths["/api/shop/products"].get.parameters!.find((p) => p.name === "facets") as { style?: string; explode?: boolean; description?: string; example?: unknown };
    expect(facets).toMatchObject({ style: "form", explode: true });
    expect(facets.description).toMatch(/`\?color=3`/);
    expect(Object.keys(facets.example as object).length).toBeGreaterThan(0);
    expect(Object.keys(facets.example as object)).not.toContain("additionalProp1");
  });
});

describe("required fields of the checkout address", () => {
  const required = () => {
    const { doc } = schemaChecker("shop");
    return (doc.components.schemas.createCheckoutAddressInput as { required?: string[] }).required ?? [];
  };

  it("are the ones an empty body is refused for (a guest's billingEmail besides)", async () => {
    const key = await storefrontKey();
    const shopper = await customer(key);
    const asCustomer = await call("POST", "/api/shop/checkout/set-billing-address", {}, { key, bearer: shopper.token });
    expect(asCustomer.status).toBe(422);
    expect(Object.keys(asCustomer.body.errors as object).sort()).toEqual([...required()].sort());
    const asGuest = await call("POST", "/api/shop/checkout/set-billing-address", {}, { key, bearer: await cartToken(key) });
    expect(asGuest.status).toBe(422);
    expect(Object.keys(asGuest.body.errors as object).sort()).toEqual([...required(), "billingEmail"].sort());
  });
});
