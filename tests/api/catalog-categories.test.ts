// Categories (SPEC.md "Category and attribute", WIRE.md GraphQL conventions): the flat list of active
// categories with REST's `parent_id`/`parentId`, one category, and the nested tree; GraphQL `categories` (no
// parentId argument), `category(id:)` and `treeCategories(parentId:)` with a `translation { … }` object.
import { describe, expect, it } from "vitest";
import { call, getDb, graphql, storefrontKey, type Answer, type GraphqlAnswer } from "../support/client.ts";
import {
  categoryId,
  expectGraphqlError,
  expectGraphqlValidationError,
  expectNoPagingHeaders,
  TRANSPORTS,
  type Transport,
} from "../support/catalog-fixtures.ts";

interface Node { id: number; name: string; children: Node[] }

/** Active categories as stored, by position, with names in `locale`. */
async function activeCategories(locale = "en") {
  const db = await getDb();
  const rows = await db.category.findMany({ where: { status: 1 }, orderBy: [{ position: "asc" }, { id: "asc" }], include: { translations: true } });
  return rows.map((c) => ({ id: c.id, parentId: c.parentId, name: c.translations.find((t) => t.locale === locale)!.name, slug: c.translations.find((t) => t.locale === locale)!.slug }));
}

async function expectedTree(parentId: number, locale = "en"): Promise<Node[]> {
  const rows = await activeCategories(locale);
  const build = (pid: number): Node[] => rows.filter((r) => r.parentId === pid).map((r) => ({ id: r.id, name: r.name, children: build(r.id) }));
  return build(parentId);
}

async function rootId() {
  const db = await getDb();
  return (await db.channel.findUniqueOrThrow({ where: { code: "default" } })).rootCategoryId!;
}

const CATEGORY_FIELDS = "id _id parentId position status logoPath translation { id name slug urlPath description metaTitle }";

/** Every page of the flat list on either transport, as `{ id, name, slug }` rows. */
async function listCategories(t: Transport, who: { key: string; headers?: Record<string, string> }) {
  const rows: { id: number; parentId: number | null; name: string; slug: string; status: number }[] = [];
  for (let page = 1, after: string | null = null; page < 20; page++) {
    if (t === "rest") {
      const res = await call("GET", `/api/shop/categories?per_page=7&page=${page}`, undefined, who);
      expect(res.status).toBe(200);
      rows.push(...res.body.map((c: any) => ({ id: c.id, parentId: c.parentId, name: c.translation.name, slug: c.translation.slug, status: c.status })));
      if (page >= Number(res.headers.get("X-Total-Pages"))) break;
    } else {
      const res: GraphqlAnswer = await graphql(`query($after: String) { categories(first: 7, after: $after) { totalCount edges { cursor node { ${CATEGORY_FIELDS} } } pageInfo { endCursor hasNextPage } } }`, { after }, who);
      expect(res.body.errors).toBeUndefined();
      const conn: any = res.body.data.categories;
      for (const { node } of conn.edges) {
        expect(node.id).toBe(`/api/shop/categories/${node._id}`);
        rows.push({ id: node._id, parentId: node.parentId, name: node.translation.name, slug: node.translation.slug, status: node.status });
      }
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
  }
  return rows;
}

describe.each(TRANSPORTS)("categories list (%s)", (t) => {
  it("lists active categories only, by position; the inactive one never appears", async () => {
    const key = await storefrontKey();
    const expected = await activeCategories();
    const rows = await listCategories(t, { key });

    expect(rows.map((r) => r.id)).toEqual(expected.map((c) => c.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 1)).toBe(true);
    expect(rows.map((r) => r.id)).not.toContain(await categoryId("clearance"));
    expect(rows.find((r) => r.slug === "men")?.name).toBe("Men");
  });

  it("pages by 10 by default", async () => {
    const key = await storefrontKey();
    const total = (await activeCategories()).length;
    if (t === "rest") {
      const res = await call("GET", "/api/shop/categories", undefined, { key });
      expect(res.body).toHaveLength(10);
      expect(res.headers.get("X-Total-Count")).toBe(String(total));
      expect(res.headers.get("X-Total-Pages")).toBe(String(Math.ceil(total / 10)));
    } else {
      const res = await graphql(`{ categories { totalCount edges { cursor } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }`, {}, { key });
      expect(res.body.data.categories.edges).toHaveLength(10);
      expect(res.body.data.categories.totalCount).toBe(total);
      expect(res.body.data.categories.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    }
  });

  it("X-LOCALE: fr names them in French", async () => {
    const key = await storefrontKey();
    const expected = await activeCategories("fr");
    const rows = await listCategories(t, { key, headers: { "X-LOCALE": "fr" } });
    expect(rows.map((r) => r.name)).toEqual(expected.map((c) => c.name));
    expect(rows.find((r) => r.id === expected.find((c) => c.slug === "hommes")!.id)?.name).toBe("Hommes");
  });
});

describe("REST categories ?parent_id / ?parentId", () => {
  it.each([
    { name: "parent_id of a department: its sub-categories", param: "parent_id", parent: "men", children: true },
    { name: "parentId alias", param: "parentId", parent: "accessories", children: true },
    { name: "parent_id of a leaf: none", param: "parent_id", parent: "men/shirts", children: false },
  ])("$name", async ({ param, parent, children }) => {
    const key = await storefrontKey();
    const id = await categoryId(parent);
    const expected = (await activeCategories()).filter((c) => c.parentId === id);
    const res = await call("GET", `/api/shop/categories?${param}=${id}&per_page=50`, undefined, { key });

    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(expected.map((c) => c.id));
    expect(res.headers.get("X-Total-Count")).toBe(String(expected.length));
    expect(res.body.length > 0).toBe(children);
    for (const c of res.body) expect(c.parentId).toBe(id);
  });

  it("parent_id of the root: the departments, without the inactive one", async () => {
    const key = await storefrontKey();
    const root = await rootId();
    const res = await call("GET", `/api/shop/categories?parent_id=${root}`, undefined, { key });
    expect(res.body.map((c: { slug: string }) => c.slug)).toEqual(["men", "women", "kids", "accessories", "electronics", "digital"]);
  });

  it("a non-numeric parent_id → 422", async () => {
    const key = await storefrontKey();
    expect((await call("GET", "/api/shop/categories?parent_id=men", undefined, { key })).status).toBe(422);
  });

  it("GraphQL categories has no parentId argument: asking for it is a validation error", async () => {
    const key = await storefrontKey();
    const res = await graphql(`{ categories(parentId: 2) { totalCount } }`, {}, { key });
    expectGraphqlValidationError(res, /parentId/);
  });
});

describe.each(TRANSPORTS)("one category (%s)", (t) => {
  const fetchCategory = async (id: number | string, headers?: Record<string, string>) => {
    const key = await storefrontKey();
    if (t === "rest") {
      const res = await call("GET", `/api/shop/categories/${id}`, undefined, { key, headers });
      if (res.status === 200) expectNoPagingHeaders(res);
      return { status: res.status, body: res.body, answer: res };
    }
    const res = await graphql(`query($id: ID!) { category(id: $id) { ${CATEGORY_FIELDS} } }`, { id: typeof id === "number" ? `/api/shop/categories/${id}` : id }, { key, headers });
    const node = res.body.data?.category;
    return { status: node ? 200 : res.body.errors?.[0]?.extensions?.status, body: node && { ...node, id: node._id, iri: node.id }, answer: res };
  };

  it("an active category with its translation", async () => {
    const id = await categoryId("women/dresses");
    const res = await fetchCategory(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      parentId: await categoryId("women"),
      status: 1,
      translation: { name: "Dresses", slug: "dresses", urlPath: "women/dresses", metaTitle: "Dresses" },
    });
    if (t === "graphql") expect(res.body.iri).toBe(`/api/shop/categories/${id}`);
  });

  it("in French with X-LOCALE: fr", async () => {
    const res = await fetchCategory(await categoryId("women/dresses"), { "X-LOCALE": "fr" });
    expect(res.body.translation).toMatchObject({ name: "Robes", slug: "robes", urlPath: "femmes/robes" });
  });

  it.each([
    { name: "the inactive category", id: async () => categoryId("clearance"), status: 404 },
    { name: "an unknown id", id: async () => 99_999_999, status: 404 },
    { name: "a non-numeric id", id: async () => "shoes", status: 422 },
  ])("$name → $status", async ({ id, status }) => {
    const res = await fetchCategory(await id());
    expect(res.status).toBe(status);
    if (t === "graphql") expectGraphqlError(res.answer, status);
  });
});

describe.each(TRANSPORTS)("category tree (%s)", (t) => {
  const tree = async (parentId?: number, headers?: Record<string, string>): Promise<{ status: number; nodes: Node[] | null; answer: Answer }> => {
    const key = await storefrontKey();
    if (t === "rest") {
      const res = await call("GET", `/api/shop/category-trees${parentId ? `?parent_id=${parentId}` : ""}`, undefined, { key, headers });
      const shape = (n: any): Node => ({ id: n.id, name: n.translation.name, children: n.children.map(shape) });
      return { status: res.status, nodes: res.status === 200 ? (res.body as any[]).map(shape) : null, answer: res };
    }
    const node = "id _id translation { name slug }";
    const res = await graphql(
      // WIRE.md: the tree is a plain list, each node's `children` a connection.
      `query($p: Int) { treeCategories(parentId: $p) { ${node} children(first: 100) { totalCount edges { node { ${node} children { totalCount edges { node { ${node} children { totalCount edges { node { _id } } } } } } } } } } }`,
      { p: parentId ?? null },
      { key, headers },
    );
    const shape = (n: any): Node => {
      expect(n.id).toBe(`/api/shop/categories/${n._id}`);
      expect(n.children.totalCount).toBe(n.children.edges.length);
      return { id: n._id, name: n.translation.name, children: n.children.edges.map((e: any) => (e.node.translation ? shape(e.node) : { id: e.node._id, name: "", children: [] })) };
    };
    const data = res.body.data?.treeCategories;
    return { status: data ? 200 : res.body.errors?.[0]?.extensions?.status ?? 500, nodes: data ? data.map(shape) : null, answer: res };
  };

  it("below the channel root: active departments, each with its active sub-categories", async () => {
    const res = await tree();
    expect(res.status).toBe(200);
    expect(res.nodes).toEqual(await expectedTree(await rootId()));
    expect(res.nodes!.map((n) => n.name)).not.toContain("Clearance");
    expect(res.nodes!.find((n) => n.name === "Men")!.children.map((c) => c.name)).toEqual(["Shirts", "T-Shirts", "Jeans", "Men's Shoes"]);
  });

  it("below a given parent", async () => {
    const kids = await categoryId("kids");
    const res = await tree(kids);
    expect(res.nodes).toEqual(await expectedTree(kids));
    expect(res.nodes!.map((n) => n.name)).toEqual(["Boys", "Girls", "Baby"]);
  });

  it("in French", async () => {
    const res = await tree(undefined, { "X-LOCALE": "fr" });
    expect(res.nodes).toEqual(await expectedTree(await rootId(), "fr"));
  });

  it.each([
    { name: "an inactive parent", parent: async () => categoryId("clearance") },
    { name: "an unknown parent", parent: async () => 99_999_999 },
  ])("$name → 404", async ({ parent }) => {
    const res = await tree(await parent());
    expect(res.status).toBe(404);
    if (t === "graphql") expectGraphqlError(res.answer, 404);
  });
});
