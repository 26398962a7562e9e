// The OpenAPI documents' tags say what a developer does (lib/openapi/tags.ts): every operation of both documents has
// one of its surface's task tags, declared at the top of the document in the explorer's order; every alias is marked
// and points at its primary, in the primary's tag; the Checkout tag lists its steps in the order a shopper calls them.
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { CHECKOUT_STEPS } from "@/lib/openapi/tags";
import { shopOperations } from "@/lib/operations/shop";
import { adminOperations } from "@/lib/operations/admin";

type Operation = { operationId: string; summary: string; description?: string; tags: string[]; "x-alias-of"?: string };
type Doc = { tags: { name: string; description: string }[]; paths: Record<string, Record<string, Operation>> };

const TAGS = {
  shop: ["Catalog", "Cart", "Checkout", "Account", "Orders", "Returns", "Privacy"],
  admin: ["Catalog", "Sales", "Customers", "Content", "Reports", "Settings"],
};

const documentOf = (surface: "shop" | "admin") =>
  openApiDocument(surface, surface === "shop" ? shopOperations : adminOperations, "http://shop.test") as unknown as Doc;

/** Every operation of a document with its path and method, in the document's order. */
function operationsOf(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));
}

describe.each(["shop", "admin"] as const)("the %s document's tags", (surface) => {
  const doc = documentOf(surface);
  const operations = operationsOf(doc);

  it("are the task tags, declared in order, each with a description", () => {
    expect(doc.tags.map((t) => t.name)).toEqual(TAGS[surface]);
    for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(20);
  });

  it("give every operation one task tag, and every tag some operations", () => {
    const untagged = operations.filter(({ op }) => op.tags.length !== 1 || !TAGS[surface].includes(op.tags[0])).map(({ path, method, op }) => `${method} ${path} ${JSON.stringify(op.tags)}`);
    expect(untagged).toEqual([]);
    expect(new Set(operations.map(({ op }) => op.tags[0]))).toEqual(new Set(TAGS[surface]));
  });

  it("mark every alias, pointing at an existing primary in the same tag", () => {
    const byId = new Map(operations.map((o) => [o.op.operationId, o]));
    const aliases = operations.filter(({ op }) => /_\d+$/.test(op.operationId));
    // The Shop API keeps the family's second addresses of an operation; the Admin API has none today.
    if (surface === "shop") expect(aliases.length).toBeGreaterThan(10);
    for (const { path, method, op } of operations) {
      const alias = /_\d+$/.test(op.operationId);
      expect(op["x-alias-of"] !== undefined, `${method} ${path}`).toBe(alias);
      if (!alias) continue;
      const primary = byId.get(op["x-alias-of"]!);
      expect(primary, `${method} ${path} points at ${op["x-alias-of"]}`).toBeDefined();
      expect(primary!.op["x-alias-of"]).toBeUndefined();
      expect(op.operationId.replace(/_\d+$/, "")).toBe(primary!.op.operationId);
      expect(op.tags).toEqual(primary!.op.tags);
      expect(op.summary).toBe(`Alias of ${primary!.method} ${primary!.path}`);
      expect(op.description).toContain(primary!.op.summary);
    }
    // No two operations of a document read alike: an alias no longer repeats its primary's summary.
    const summaries = operations.map(({ op }) => op.summary);
    expect(summaries.filter((s, i) => summaries.indexOf(s) !== i)).toEqual([]);
  });
});

describe("the Shop document's Checkout tag", () => {
  it("lists the checkout steps in the order a shopper calls them, aliases beside their step", () => {
    const checkout = operationsOf(documentOf("shop")).filter(({ op }) => op.tags[0] === "Checkout");
    const primaries = checkout.filter(({ op }) => !op["x-alias-of"]).map(({ op }) => op.operationId);
    expect(primaries).toEqual(CHECKOUT_STEPS);
    expect(checkout.map(({ path }) => path.replace("/api/shop/checkout/", ""))).toEqual([
      "get-addresses",
      "set-billing-address",
      "set-shipping-address",
      "get-shipping-methods",
      "set-shipping-method",
      "get-payment-methods",
      "set-payment-method",
      "place-order",
    ]);
  });

  it("names each step in its summary", () => {
    const summaries = operationsOf(documentOf("shop")).filter(({ op }) => op.tags[0] === "Checkout" && !op["x-alias-of"]).map(({ op }) => op.summary);
    expect(summaries.slice(1).map((s) => s.match(/^Step (\d)/)?.[1])).toEqual(["1", "2", "2", "3", "3", "4"]);
  });
});
