// Attributes and attribute options (SPEC.md "Category and attribute", WIRE.md Attributes): the list with
// `isFilterable`, one attribute with its options, and the options whose ids the product filters take.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey, type GraphqlAnswer } from "../support/client.ts";
import {
  allProducts,
  attributeId,
  carries,
  expectedListing,
  expectGraphqlError,
  expectNoPagingHeaders,
  TRANSPORTS,
  type Transport,
} from "../support/catalog-fixtures.ts";

async function storedAttributes(where: { isFilterable?: number } = {}) {
  const db = await getDb();
  return db.attribute.findMany({
    where,
    orderBy: [{ position: "asc" }, { id: "asc" }],
    include: { options: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: { translations: { orderBy: { locale: "asc" } } } } },
  });
}

async function storedOptions(attribute?: number) {
  const db = await getDb();
  return db.attributeOption.findMany({
    where: attribute === undefined ? {} : { attributeId: attribute },
    orderBy: [{ attributeId: "asc" }, { sortOrder: "asc" }, { id: "asc" }],
  });
}

const OPTION_NODE = "id _id attributeId adminName label swatchValue translations { totalCount edges { node { id locale label } } }";
const ATTRIBUTE_NODE = `id _id code adminName name isFilterable options { totalCount edges { cursor node { ${OPTION_NODE} } } pageInfo { hasNextPage } }`;

interface OptionView { id: number; adminName: string; label: string; swatchValue: string | null; translations: { locale: string; label: string }[] }
interface AttributeView { id: number; code: string; isFilterable: number; name: string; options: OptionView[] }

/** A GraphQL option node as REST spells it: `_id` as `id`, connections as arrays. */
function optionView(n: any): OptionView {
  expect(n.id).toBe(`/api/shop/attribute-options/${n._id}`);
  expect(n.translations.totalCount).toBe(n.translations.edges.length);
  return { id: n._id, adminName: n.adminName, label: n.label, swatchValue: n.swatchValue, translations: n.translations.edges.map((e: any) => ({ locale: e.node.locale, label: e.node.label })) };
}

function attributeView(n: any, t: Transport): AttributeView {
  if (t === "rest") {
    return { id: n.id, code: n.code, isFilterable: n.isFilterable, name: n.name, options: n.options.map((o: any) => ({ id: o.id, adminName: o.adminName, label: o.label, swatchValue: o.swatchValue, translations: o.translations.map((x: any) => ({ locale: x.locale, label: x.label })) })) };
  }
  expect(n.id).toBe(`/api/shop/attributes/${n._id}`);
  expect(n.options.totalCount).toBe(n.options.edges.length);
  return { id: n._id, code: n.code, isFilterable: n.isFilterable, name: n.name, options: n.options.edges.map((e: any) => optionView(e.node)) };
}

async function listAttributes(t: Transport, filter: { isFilterable?: number }, headers?: Record<string, string>): Promise<{ rows: AttributeView[]; total: number }> {
  const key = await storefrontKey();
  if (t === "rest") {
    const qs = filter.isFilterable === undefined ? "" : `?is_filterable=${filter.isFilterable}`;
    const res = await call("GET", `/api/shop/attributes${qs}`, undefined, { key, headers });
    expect(res.status).toBe(200);
    return { rows: res.body.map((a: any) => attributeView(a, t)), total: Number(res.headers.get("X-Total-Count")) };
  }
  const res = await graphql(`query($f: Int) { attributes(isFilterable: $f) { totalCount edges { node { ${ATTRIBUTE_NODE} } } } }`, { f: filter.isFilterable ?? null }, { key, headers });
  expect(res.body.errors).toBeUndefined();
  return { rows: res.body.data.attributes.edges.map((e: any) => attributeView(e.node, t)), total: res.body.data.attributes.totalCount };
}

describe.each(TRANSPORTS)("attributes (%s)", (t) => {
  it.each([
    { name: "all attributes, by position", filter: {} },
    { name: "isFilterable=1: the ones usable as product filters", filter: { isFilterable: 1 } },
    { name: "isFilterable=0", filter: { isFilterable: 0 } },
  ])("$name", async ({ filter }) => {
    const expected = await storedAttributes(filter);
    const { rows, total } = await listAttributes(t, filter);

    expect(rows.map((a: AttributeView) => a.code)).toEqual(expected.map((a) => a.code));
    expect(total).toBe(expected.length);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((a: AttributeView, i: number) => {
      expect(a.isFilterable).toBe(expected[i].isFilterable);
      expect(a.options.map((o) => o.id)).toEqual(expected[i].options.map((o) => o.id));
    });
  });

  it("isFilterable tells the facets apart: color, size and brand, not material", async () => {
    const { rows } = await listAttributes(t, { isFilterable: 1 });
    expect(rows.map((a: AttributeView) => a.code).sort()).toEqual(["brand", "color", "size"]);
    expect(rows.every((a: AttributeView) => a.isFilterable === 1)).toBe(true);
  });

  it("X-LOCALE: fr names attributes and labels options in French", async () => {
    const { rows } = await listAttributes(t, {}, { "X-LOCALE": "fr" });
    const color = rows.find((a: AttributeView) => a.code === "color")!;
    expect(color.name).toBe("Couleur");
    expect(color.options.map((o) => o.label)).toEqual(["Rouge", "Vert", "Bleu", "Noir", "Blanc"]);
  });
});

describe.each(TRANSPORTS)("one attribute (%s)", (t) => {
  const fetchAttribute = async (id: number | string) => {
    const key = await storefrontKey();
    if (t === "rest") {
      const res = await call("GET", `/api/shop/attributes/${id}`, undefined, { key });
      if (res.status === 200) expectNoPagingHeaders(res);
      return { status: res.status, view: res.status === 200 ? attributeView(res.body, t) : null, answer: res };
    }
    const res = await graphql(`query($id: ID!) { attribute(id: $id) { ${ATTRIBUTE_NODE} } }`, { id: typeof id === "number" ? `/api/shop/attributes/${id}` : id }, { key });
    const node = res.body.data?.attribute;
    return { status: node ? 200 : res.body.errors?.[0]?.extensions?.status, view: node ? attributeView(node, t) : null, answer: res };
  };

  it("color with its options, swatches and both translations", async () => {
    const [color] = await storedAttributes().then((all) => all.filter((a) => a.code === "color"));
    const res = await fetchAttribute(color.id);

    expect(res.status).toBe(200);
    expect(res.view).toEqual({
      id: color.id,
      code: "color",
      isFilterable: 1,
      name: "Color",
      options: color.options.map((o) => ({
        id: o.id,
        adminName: o.adminName,
        label: o.translations.find((x) => x.locale === "en")!.label,
        swatchValue: o.swatchValue,
        translations: o.translations.map((x) => ({ locale: x.locale, label: x.label })),
      })),
    });
    expect(res.view!.options.find((o) => o.adminName === "Red")!.translations).toEqual([{ locale: "en", label: "Red" }, { locale: "fr", label: "Rouge" }]);
  });

  if (t === "graphql") {
    it("takes the numeric id as well as the IRI", async () => {
      const id = await attributeId("size");
      const res = await fetchAttribute(String(id));
      expect(res.view?.code).toBe("size");
    });
  }

  it.each([
    { name: "an unknown id", id: 99_999_999, status: 404 },
    { name: "a non-numeric id", id: "color", status: 422 },
  ])("$name → $status", async ({ id, status }) => {
    const res = await fetchAttribute(id);
    expect(res.status).toBe(status);
    if (t === "graphql") expectGraphqlError(res.answer, status);
  });
});

describe.each(TRANSPORTS)("attribute options (%s)", (t) => {
  /** Every page of the options list (7 a page), optionally for one attribute. */
  const listOptions = async (attribute?: { param: string; id: number }) => {
    const key = await storefrontKey();
    const ids: number[] = [];
    let total = 0;
    for (let page = 1, after: string | null = null; page < 20; page++) {
      if (t === "rest") {
        const filter = attribute ? `&${attribute.param}=${attribute.id}` : "";
        const res = await call("GET", `/api/shop/attribute-options?per_page=7&page=${page}${filter}`, undefined, { key });
        expect(res.status).toBe(200);
        ids.push(...res.body.map((o: { id: number }) => o.id));
        total = Number(res.headers.get("X-Total-Count"));
        if (page >= Number(res.headers.get("X-Total-Pages"))) break;
      } else {
        const res: GraphqlAnswer = await graphql(
          `query($a: Int, $after: String) { attributeOptions(attributeId: $a, first: 7, after: $after) { totalCount edges { node { ${OPTION_NODE} } } pageInfo { endCursor hasNextPage } } }`,
          { a: attribute?.id ?? null, after },
          { key },
        );
        expect(res.body.errors).toBeUndefined();
        const conn: any = res.body.data.attributeOptions;
        ids.push(...conn.edges.map((e: any) => optionView(e.node).id));
        total = conn.totalCount;
        if (!conn.pageInfo.hasNextPage) break;
        after = conn.pageInfo.endCursor;
      }
    }
    return { ids, total };
  };

  it("lists every option, paged", async () => {
    const expected = await storedOptions();
    const { ids, total } = await listOptions();
    expect(ids).toEqual(expected.map((o) => o.id));
    expect(total).toBe(expected.length);
  });

  it.each(t === "rest" ? ["attribute_id", "attributeId"] : ["attributeId"])("%s narrows to one attribute", async (param) => {
    const brand = await attributeId("brand");
    const expected = await storedOptions(brand);
    const { ids, total } = await listOptions({ param, id: brand });
    expect(ids).toEqual(expected.map((o) => o.id));
    expect(total).toBe(5);
  });

  it("its ids are the ones the product filters accept", async () => {
    const key = await storefrontKey();
    const { ids } = await listOptions({ param: "attribute_id", id: await attributeId("color") });
    const blue = ids[2];
    const expected = await expectedListing(carries("color", [blue]));
    expect(expected.length).toBeGreaterThan(0);
    const req = t === "rest" ? { rest: { color: String(blue) } } : { graphql: { filter: JSON.stringify({ color: blue }) } };
    const { rows } = await allProducts(t, req, { key });
    expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id));
  });
});
