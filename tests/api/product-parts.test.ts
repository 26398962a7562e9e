// A product's parts at their own REST paths (WIRE.md, issue 16 item 3): images, variants, attribute values,
// downloadable links and reviews of `/api/shop/products/{id}/…`, each an array that agrees with the detail.
import { describe, expect, it } from "vitest";
import { call, getDb, storefrontKey } from "../support/client.ts";

const PARTS = ["images", "variants", "attribute-values", "downloadable-links"] as const;
const DETAIL_FIELD = { images: "images", variants: "variants", "attribute-values": "attributeValues", "downloadable-links": "downloadableLinks" } as const;

describe("product sub-resources", () => {
  it("answer the same arrays as the detail, for a configurable, a simple and a downloadable product", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const configurable = await db.product.findFirstOrThrow({ where: { type: "configurable", status: true }, orderBy: { id: "asc" } });
    const simple = await db.product.findFirstOrThrow({ where: { type: "simple", status: true, parentId: null }, orderBy: { id: "asc" } });
    const downloadable = await db.product.findFirstOrThrow({ where: { type: "downloadable", status: true, downloadableLinks: { some: {} } } });
    for (const p of [configurable, simple, downloadable]) {
      const detail = await call("GET", `/api/shop/products/${p.id}`, undefined, { key });
      expect(detail.status).toBe(200);
      for (const part of PARTS) {
        const res = await call("GET", `/api/shop/products/${p.id}/${part}`, undefined, { key });
        expect(res.status, `${p.type} ${part}`).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
        expect(res.body).toEqual(detail.body[DETAIL_FIELD[part]]);
      }
    }
    // Rows where the type has them, checked against the database.
    const variants = await call("GET", `/api/shop/products/${configurable.id}/variants`, undefined, { key });
    const stored = await db.product.findMany({ where: { parentId: configurable.id, status: true }, orderBy: { id: "asc" } });
    expect(variants.body.map((v: { sku: string }) => v.sku)).toEqual(stored.map((v) => v.sku));
    const links = await call("GET", `/api/shop/products/${downloadable.id}/downloadable-links`, undefined, { key });
    expect(links.body.length).toBe(await db.downloadableLink.count({ where: { productId: downloadable.id } }));
    expect(links.body[0]).toMatchObject({ id: expect.any(Number), title: expect.any(String), formattedPrice: expect.any(String) });
    const images = await call("GET", `/api/shop/products/${simple.id}/images`, undefined, { key });
    expect(images.body.map((i: { path: string }) => i.path)).toEqual(
      (await db.productImage.findMany({ where: { productId: simple.id }, orderBy: { position: "asc" } })).map((i) => i.path),
    );
    const values = await call("GET", `/api/shop/products/${simple.id}/attribute-values`, undefined, { key });
    expect(values.body.map((v: { code: string }) => v.code)).toEqual(expect.arrayContaining(["color", "brand"]));
    expect((await call("GET", `/api/shop/products/${simple.id}/variants`, undefined, { key })).body).toEqual([]);
  });

  it("lists a product's approved reviews as the review list does, paged with its headers", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const reviewed = await db.productReview.groupBy({ by: ["productId"], where: { status: "approved" }, _count: { _all: true } });
    const { productId, _count } = reviewed.sort((a, b) => b._count._all - a._count._all)[0];
    expect(_count._all).toBeGreaterThan(1);
    const res = await call("GET", `/api/shop/products/${productId}/reviews`, undefined, { key });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(_count._all);
    expect(res.body.every((r: { productId: number; status: string }) => r.productId === productId && r.status === "approved")).toBe(true);
    expect(res.headers.get("X-Total-Count")).toBe(String(_count._all));
    const same = await call("GET", `/api/shop/product-reviews?product_id=${productId}`, undefined, { key });
    expect(res.body).toEqual(same.body);
    const paged = await call("GET", `/api/shop/products/${productId}/reviews?per_page=1&page=2`, undefined, { key });
    expect(paged.body).toEqual([same.body[1]]);
  });

  it("answer 404 for a product that does not exist or is disabled, 422 for a malformed id, 401 without a key", async () => {
    const key = await storefrontKey();
    const db = await getDb();
    const disabled = await db.product.create({ data: { sku: `parts-off-${process.pid}`, type: "simple", status: false, price: 1 } });
    for (const part of [...PARTS, "reviews"]) {
      for (const id of ["999999", String(disabled.id)]) {
        const res = await call("GET", `/api/shop/products/${id}/${part}`, undefined, { key });
        expect(res.status, `${part} ${id}`).toBe(404);
        expect(res.body.error).toBeTruthy();
      }
      // Not an id at all: refused as the detail refuses it, with the field named.
      const detail = await call("GET", "/api/shop/products/abc", undefined, { key });
      const bad = await call("GET", `/api/shop/products/abc/${part}`, undefined, { key });
      expect([bad.status, Object.keys(bad.body.errors ?? {})]).toEqual([detail.status, Object.keys(detail.body.errors ?? {})]);
      expect(bad.status).toBe(422);
      // Without a storefront key: the gate's refusal, as on the detail (401).
      const anonymous = await call("GET", `/api/shop/products/1/${part}`);
      expect(anonymous.status).toBe((await call("GET", "/api/shop/products/1")).status);
      expect(anonymous.status).toBe(401);
    }
  });
});
