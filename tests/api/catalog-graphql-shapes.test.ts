// GraphQL conventions of this API family (WIRE.md): `id` is the IRI `/api/shop/<resource>/<n>` and `_id` the
// integer; every collection is a connection with edges { cursor node }, the four pageInfo fields and totalCount;
// a single-record query takes the IRI or the bare number.
import { describe, expect, it } from "vitest";
import { getDb, graphql, storefrontKey } from "../support/client.ts";
import { attributeId, categoryId, productBySku } from "../support/catalog-fixtures.ts";

const CONNECTIONS = [
  { field: "products", resource: "products" },
  { field: "categories", resource: "categories" },
  { field: "attributes", resource: "attributes" },
  { field: "attributeOptions", resource: "attribute-options" },
  { field: "channels", resource: "channels" },
  { field: "locales", resource: "locales" },
  { field: "currencies", resource: "currencies" },
  { field: "countries", resource: "countries" },
  { field: "pages", resource: "pages" },
];

describe("GraphQL catalog connections", () => {
  it.each(CONNECTIONS)("$field: IRI ids, cursors, pageInfo and totalCount", async ({ field, resource }) => {
    const key = await storefrontKey();
    const query = (args: string) =>
      `{ ${field}(${args}) { totalCount edges { cursor node { id _id } } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }`;
    const first = await graphql(query("first: 2"), {}, { key });
    expect(first.body.errors).toBeUndefined();
    const conn = first.body.data[field];

    expect(Number.isInteger(conn.totalCount)).toBe(true);
    expect(conn.totalCount).toBeGreaterThan(0);
    expect(conn.edges.length).toBe(Math.min(2, conn.totalCount));
    for (const { cursor, node } of conn.edges) {
      expect(typeof cursor).toBe("string");
      expect(Number.isInteger(node._id)).toBe(true);
      expect(node.id).toBe(`/api/shop/${resource}/${node._id}`);
    }
    expect(conn.pageInfo).toEqual({
      startCursor: conn.edges[0].cursor,
      endCursor: conn.edges.at(-1).cursor,
      hasNextPage: conn.totalCount > 2,
      hasPreviousPage: false,
    });

    if (conn.pageInfo.hasNextPage) {
      const next = await graphql(query(`first: 2, after: "${conn.pageInfo.endCursor}"`), {}, { key });
      const page2 = next.body.data[field];
      expect(page2.pageInfo.hasPreviousPage).toBe(true);
      const seen = new Set(conn.edges.map((e: { node: { _id: number } }) => e.node._id));
      for (const e of page2.edges) expect(seen.has(e.node._id)).toBe(false);
    }
  });

  it("nested lists are connections too: attribute options and their translations", async () => {
    const key = await storefrontKey();
    const res = await graphql(
      `{ attributes(first: 1) { edges { node { options(first: 2) { totalCount edges { cursor node { id _id adminName
          translations { totalCount edges { cursor node { id locale label } } pageInfo { hasNextPage } } } }
          pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } } } } }`,
      {},
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    const options = res.body.data.attributes.edges[0].node.options;
    expect(options.edges).toHaveLength(2);
    expect(options.totalCount).toBeGreaterThan(2);
    expect(options.pageInfo.hasNextPage).toBe(true);
    const translations = options.edges[0].node.translations;
    expect(translations.edges.map((e: { node: { locale: string } }) => e.node.locale).sort()).toEqual(["en", "fr"]);
  });

  it("id is a non-null ID and _id a non-null Int on record types", async () => {
    const key = await storefrontKey();
    const types = ["Product", "Category", "CategoryTree", "Attribute", "AttributeOption", "CmsPage", "Country", "CountryState", "Channel"];
    for (const name of types) {
      const res = await graphql(`query($n: String!) { __type(name: $n) { fields { name type { kind ofType { name } } } } }`, { n: name }, { key });
      const fields = res.body.data.__type?.fields ?? [];
      const id = fields.find((f: { name: string }) => f.name === "id");
      const _id = fields.find((f: { name: string }) => f.name === "_id");
      expect({ name, id: id?.type, _id: _id?.type }).toEqual({
        name,
        id: { kind: "NON_NULL", ofType: { name: "ID" } },
        _id: { kind: "NON_NULL", ofType: { name: "Int" } },
      });
    }
  });

  it.each([
    { field: "product", resource: "products", lookup: async () => (await productBySku("TS-COTTON-GREEN")).id },
    { field: "category", resource: "categories", lookup: () => categoryId("women") },
    { field: "attribute", resource: "attributes", lookup: () => attributeId("size") },
    { field: "page", resource: "pages", lookup: async () => (await (await getDb()).cmsPageTranslation.findFirstOrThrow({ where: { urlKey: "terms" } })).pageId },
  ])("$field(id:) takes the IRI or the number alike", async ({ field, resource, lookup }) => {
    const key = await storefrontKey();
    const n = await lookup();
    const ask = (id: unknown) => graphql(`query($id: ID!) { ${field}(id: $id) { id _id } }`, { id }, { key });
    const byIri = await ask(`/api/shop/${resource}/${n}`);
    const byNumber = await ask(n);
    expect(byIri.body.errors).toBeUndefined();
    expect(byIri.body.data[field]).toEqual({ id: `/api/shop/${resource}/${n}`, _id: n });
    expect(byNumber.body.data).toEqual(byIri.body.data);
  });
});
