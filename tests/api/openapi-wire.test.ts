// The OpenAPI documents describe the wire: the product list's query keys as clients send them, multipart parts by
// name, only the statuses an operation can answer, and only standard schema keywords (plus `x-` extensions).
import { describe, expect, it } from "vitest";
import { dispatch, BASE } from "../support/app.ts";
import { fromFilterKeys, ProductQuery, ProductWireQuery } from "../../lib/catalog/product-query.ts";

type Doc = { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown> } };
type Op = { parameters: { name: string; in: string; schema: { enum?: string[] }; style?: string; explode?: boolean }[]; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } };

async function doc(surface: "shop" | "admin"): Promise<Doc> {
  const res = await dispatch(new Request(`${BASE}/api/${surface}/docs`));
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

/** Every key of every object anywhere below `node`. */
function keysBelow(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keysBelow(n, into));
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      into.add(k);
      keysBelow(v, into);
    }
  }
  return into;
}

describe("OpenAPI documents describe the wire", () => {
  it("documents the product list's query string as clients send it", async () => {
    const list = (await doc("shop")).paths["/api/shop/products"].get;
    const names = list.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["category_id", "price", "sort", "order", "query", "page", "per_page"]));
    expect(names).not.toContain("categoryId");
    expect(names).not.toContain("priceFrom");
    expect(names).not.toContain("attributes");
    expect(list.parameters.find((p) => p.name === "sort")!.schema.enum).toEqual(expect.arrayContaining(["price", "price-asc", "price-desc", "created_at-desc", "name", "id"]));
    // Attribute facets: any attribute code as a query key (`color=3`).
    const facets = list.parameters.find((p) => p.name === "facets")!;
    expect(facets).toMatchObject({ in: "query", style: "form", explode: true, schema: { type: "object" } });
    expect(Object.keys(list.responses).sort()).toEqual(["200", "400", "401", "403", "422", "429"]);
  });

  it("maps every documented product-list key to the operation's input", () => {
    const sample: Record<string, string> = { query: "tee", category_id: "2", price: "10,50", price_from: "1", price_to: "9", new: "1", featured: "0", type: "simple", sort: "price-desc", order: "asc" };
    expect(Object.keys(sample).sort()).toEqual(Object.keys(ProductWireQuery.shape).sort());
    for (const [key, value] of Object.entries(sample)) {
      const mapped = fromFilterKeys({ [key]: value });
      expect(mapped.attributes, `${key} was taken for a facet`).toBeUndefined();
      expect(ProductQuery.safeParse(mapped).success, key).toBe(true);
    }
    expect(fromFilterKeys({ color: "3,4" })).toEqual({ attributes: { color: "3,4" } });
  });

  it("documents multipart operations with their part names", async () => {
    const images = (await doc("admin")).paths["/api/admin/catalog/products/{id}/images"].post;
    const form = images.requestBody!.content["multipart/form-data"].schema;
    expect(form.properties.images.format).toBe("binary");
    expect(images.requestBody!.content["application/json"]).toBeUndefined();
    const upload = (await doc("shop")).paths["/api/shop/cart/upload-customizable-file"].post;
    expect(upload.requestBody!.content["multipart/form-data"].schema.properties.file.format).toBe("binary");
    expect(Object.keys(images.responses)).toEqual(expect.arrayContaining(["201", "404", "413", "415", "422"]));
  });

  it("answers only the statuses an operation can: no 404 without a path id, no 422 without input", async () => {
    const shop = await doc("shop");
    expect(Object.keys(shop.paths["/api/shop/locales"].get.responses)).not.toContain("404");
    expect(Object.keys(shop.paths["/api/shop/products/{id}"].get.responses)).toContain("404");
    expect(Object.keys(shop.paths["/api/shop/products/{id}"].get.responses)).not.toContain("400");
    // An alias without the placeholder takes the id in the body: the record can still be missing.
    expect(Object.keys(shop.paths["/api/shop/customers/delete-customer-address"].delete.responses)).toContain("404");
    // Statuses only the declaration knows (`errors` on the binding): an unknown report type, a review of no product.
    expect(Object.keys((await doc("admin")).paths["/api/admin/reporting/sales"].get.responses)).toContain("400");
    expect(Object.keys(shop.paths["/api/shop/product-reviews"].post.responses)).toContain("404");
  });

  it("uses no schema keyword outside the standard and `x-` extensions", async () => {
    for (const surface of ["shop", "admin"] as const) {
      const keys = keysBelow(await doc(surface));
      expect(keys.has("iri"), surface).toBe(false);
      expect(keys.has("connection"), surface).toBe(false);
      expect(keys.has("x-iri"), surface).toBe(true);
    }
  });
});
