// What the bench asks the server, worked out from the seeded store itself: the product list's answer size
// (for the floor), GraphQL selections of exactly the fields the REST answers carry, a filter that matches.
import type { RequestSpec } from "./drive.ts";
import type { ReadGroup } from "./open-loop.ts";

export const LIST_PATH = "/api/shop/products?per_page=30";

/** Every other public read of the Shop API, each measured at its own row against the floor (issue 17). */
export const PUBLIC_READS: { name: string; path: string }[] = [
  { name: "categories", path: "/api/shop/categories?per_page=30" },
  { name: "category tree", path: "/api/shop/category-trees" },
  { name: "attributes", path: "/api/shop/attributes?per_page=30" },
  { name: "channels", path: "/api/shop/channels" },
  { name: "countries", path: "/api/shop/countries?per_page=30" },
  { name: "locales", path: "/api/shop/locales" },
  { name: "CMS pages", path: "/api/shop/pages?per_page=30" },
];

type Json = Record<string, unknown>;

async function get(base: string, key: string, path: string): Promise<{ body: unknown; bytes: number; headers: Headers }> {
  const res = await fetch(base + path, { headers: { "x-storefront-key": key, accept: "application/json" } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text), headers: res.headers };
}

export async function graphql(base: string, key: string, query: string): Promise<Json> {
  const res = await fetch(`${base}/api/graphql`, {
    method: "POST",
    headers: { "x-storefront-key": key, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: Json; errors?: unknown[] };
  if (!res.ok || body.errors) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data!;
}

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedType {
  name: string;
  kind: string;
  fields: { name: string; args: { name: string; type: { kind: string } }[]; type: TypeRef }[] | null;
}

const TYPE_REF = "kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }";

function named(t: TypeRef): TypeRef {
  return t.ofType ? named(t.ofType) : t;
}

/** The node type of a connection type (`edges { node }`), or null. */
function connectionNode(types: Map<string, IntrospectedType>, typeName: string): string | null {
  const edges = types.get(typeName)?.fields?.find((f) => f.name === "edges");
  if (!edges) return null;
  const node = types.get(named(edges.type).name!)?.fields?.find((f) => f.name === "node");
  return node ? named(node.type).name : null;
}

/** One object with every key any of `samples` has (the first non-empty value of each): the shape of a list's rows. */
function merged(samples: unknown[]): Json {
  const out: Json = {};
  for (const sample of samples) {
    if (!sample || typeof sample !== "object" || Array.isArray(sample)) continue;
    for (const [k, v] of Object.entries(sample)) {
      const empty = v == null || (Array.isArray(v) && !v.length);
      if (!(k in out) || (!empty && (out[k] == null || (Array.isArray(out[k]) && !(out[k] as unknown[]).length)))) out[k] = v;
    }
  }
  return out;
}

/**
 * The GraphQL twin of a REST answer: the fields of `typeName` that `sample` (REST rows, merged) has, nested objects
 * and arrays selected by their own samples, an array whose field is a connection as `edges { node { … } }`. The
 * type may have more fields (GraphQL-only ones, read only when asked: docs/CLIENTS.md); they are not selected.
 */
function selectionOf(types: Map<string, IntrospectedType>, typeName: string, sample: Json): string {
  const type = types.get(typeName);
  if (!type?.fields) throw new Error(`GraphQL type ${typeName} cannot be selected.`);
  return Object.keys(sample)
    .map((key) => {
      const field = type.fields!.find((f) => f.name === key);
      if (!field) throw new Error(`The REST answer's ${key} has no field on GraphQL type ${typeName}.`);
      const inner = named(field.type);
      if (inner.kind !== "OBJECT") return key;
      const value = sample[key];
      const shape = merged(Array.isArray(value) ? value : [value]);
      const node = connectionNode(types, inner.name!);
      const of = (name: string) => (Object.keys(shape).length ? selectionOf(types, name, shape) : scalarsOf(types, name));
      return node ? `${key} { edges { node { ${of(node)} } } }` : `${key} { ${of(inner.name!)} }`;
    })
    .join(" ");
}

/** The scalar fields of a type (an object the REST samples hold only as null or empty). */
function scalarsOf(types: Map<string, IntrospectedType>, typeName: string): string {
  const fields = (types.get(typeName)?.fields ?? []).filter((f) => named(f.type).kind !== "OBJECT" && f.args.every((a) => a.type.kind !== "NON_NULL"));
  if (!fields.length) throw new Error(`GraphQL type ${typeName} has no scalar field to select.`);
  return fields.map((f) => f.name).join(" ");
}

/** A GraphQL connection (`{ edges: [{ node }] }`) as the array of its nodes; anything else as it is. */
function nodesOf(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const edges = (value as { edges?: unknown }).edges;
  return Array.isArray(edges) ? edges.map((e) => (e as { node?: unknown }).node) : value;
}

/** Keys of a REST answer and of a GraphQL node agree (GraphQL adds `_id` beside its IRI `id`). */
function sameKeys(rest: unknown, given: unknown, where: string): void {
  const gql = Array.isArray(rest) ? nodesOf(given) : given;
  if (Array.isArray(rest) && Array.isArray(gql)) {
    if (rest.length && gql.length) sameKeys(rest[0], gql[0], `${where}[]`);
    return;
  }
  if (!rest || !gql || typeof rest !== "object" || typeof gql !== "object") return;
  const a = Object.keys(rest).sort();
  const b = Object.keys(gql as Json).filter((k) => k !== "_id").sort();
  if (a.join() !== b.join()) {
    throw new Error(`The GraphQL selection at ${where} differs from the REST answer: REST ${a.join(",")} / GraphQL ${b.join(",")}`);
  }
  for (const k of a) {
    // A record field (variant attributes) is a scalar in GraphQL: its keys are data, not fields.
    if (Array.isArray((rest as Json)[k]) || typeof (gql as Json)[k] === "object") sameKeys((rest as Json)[k], (gql as Json)[k], `${where}.${k}`);
  }
}

export interface Plan {
  listBytes: number;
  floor: RequestSpec[];
  restList: RequestSpec[];
  graphqlList: RequestSpec[];
  restDetail: RequestSpec[];
  graphqlDetail: RequestSpec[];
  filtered: RequestSpec[];
  filterDescription: string;
  checkoutProductIds: number[];
  /** Searches for words of the listed products' names. */
  searches: RequestSpec[];
}

const gqlRequest = (query: string): RequestSpec => ({ method: "POST", path: "/api/graphql", body: { query } });

export async function plan(base: string, key: string): Promise<Plan> {
  const list = await get(base, key, LIST_PATH);
  const rows = list.body as Json[];
  if (rows.length !== 30) throw new Error(`The product list gave ${rows.length} rows, not 30.`);

  const schema = await graphql(
    base,
    key,
    `{ __schema { queryType { fields { name type { ${TYPE_REF} } } } types { name kind fields { name args { name type { kind } } type { ${TYPE_REF} } } } } }`,
  );
  const s = schema.__schema as { queryType: { fields: { name: string; type: TypeRef }[] }; types: IntrospectedType[] };
  const types = new Map(s.types.map((t) => [t.name, t]));
  const returnType = (field: string) => named(s.queryType.fields.find((f) => f.name === field)!.type).name!;
  const connection = types.get(returnType("products"))!;
  const edge = named(connection.fields!.find((f) => f.name === "edges")!.type).name!;
  const node = named(types.get(edge)!.fields!.find((f) => f.name === "node")!.type).name!;
  const listQuery = `{ products(first: 30) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${selectionOf(types, node, merged(rows))} } } } }`;
  const gqlList = (await graphql(base, key, listQuery)).products as { edges: { node: Json }[] };
  sameKeys(rows, gqlList.edges.map((e) => e.node), "products");

  // Detail: the listed products of every type, the richest answers first.
  const byType = (type: string) => rows.filter((r) => r.type === type);
  const configurable = (await get(base, key, "/api/shop/products?type=configurable&per_page=5")).body as Json[];
  const detailRows = [...configurable, ...byType("downloadable"), ...byType("virtual"), ...byType("simple")].slice(0, 8);
  const restDetails = await Promise.all(detailRows.map(async (r) => (await get(base, key, `/api/shop/products/${Number(r.id)}`)).body));
  const detailSelection = selectionOf(types, returnType("product"), merged(restDetails));
  const restDetail = { body: restDetails[0] };
  const gqlDetail = (await graphql(base, key, `{ product(urlKey: "${String(detailRows[0].urlKey)}") { ${detailSelection} } }`)).product;
  sameKeys(restDetail.body, gqlDetail, "product");

  const filter = await findFilter(base, key);
  const simple = byType("simple").filter((r) => r.inStock);
  return {
    listBytes: list.bytes,
    floor: [{ method: "GET", path: `/api/bench/floor?bytes=${list.bytes}` }],
    restList: [{ method: "GET", path: LIST_PATH }],
    graphqlList: [gqlRequest(listQuery)],
    restDetail: detailRows.map((r) => ({ method: "GET", path: `/api/shop/products/${Number(r.id)}` })),
    graphqlDetail: detailRows.map((r) => gqlRequest(`{ product(urlKey: ${JSON.stringify(r.urlKey)}) { ${detailSelection} } }`)),
    filtered: [{ method: "GET", path: filter.path }],
    filterDescription: filter.description,
    checkoutProductIds: simple.slice(0, 6).map((r) => r.id as number),
    searches: searchWords(rows).map((w) => ({ method: "GET", path: `/api/shop/products?query=${encodeURIComponent(w)}&per_page=30` })),
  };
}

/** A few distinct words of the listed products' names: searches that find something. */
function searchWords(rows: Json[]): string[] {
  const words = rows.flatMap((r) => (typeof r.name === "string" ? r.name : "").toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 4);
  const distinct = [...new Set(words)].slice(0, 6);
  if (!distinct.length) throw new Error("The listed products have no names to search for.");
  return distinct;
}

/**
 * The catalog reads of the open-loop storefront mix (issue 29): 70% of the traffic, across the list (first
 * pages and the filtered list), product details, searches and the categories, each the same request the
 * closed-loop scenarios send.
 */
export function storefrontReads(p: Plan): ReadGroup[] {
  return [
    { kind: "list", weight: 0.25, requests: [{ method: "GET", path: LIST_PATH }, { method: "GET", path: `${LIST_PATH}&page=2` }, ...p.filtered] },
    { kind: "detail", weight: 0.25, requests: p.restDetail },
    { kind: "search", weight: 0.1, requests: p.searches },
    {
      kind: "categories",
      weight: 0.1,
      requests: PUBLIC_READS.filter((r) => r.name === "categories" || r.name === "category tree").map((r) => ({ method: "GET" as const, path: r.path })),
    },
  ];
}

/** Checks every public read answers before it is measured. */
export async function checkPublicReads(base: string, key: string): Promise<void> {
  for (const r of PUBLIC_READS) await get(base, key, r.path);
}

/** A department, a color and a price range that together match several products, sorted by price. */
async function findFilter(base: string, key: string): Promise<{ path: string; description: string }> {
  const attributes = (await get(base, key, "/api/shop/attributes?is_filterable=1&per_page=50")).body as Json[];
  const color = attributes.find((a) => a.code === "color");
  if (!color) throw new Error("The store has no filterable color attribute.");
  const options = (await get(base, key, `/api/shop/attribute-options?attribute_id=${Number(color.id)}&per_page=50`)).body as Json[];
  const categories = (await get(base, key, "/api/shop/categories?per_page=50")).body as Json[];
  let best: { path: string; description: string; total: number } | null = null;
  for (const category of categories) {
    for (const option of options) {
      const path = `/api/shop/products?category_id=${Number(category.id)}&color=${Number(option.id)}&price=5,500&sort=price-asc&per_page=30`;
      const total = Number((await get(base, key, path)).headers.get("x-total-count"));
      if (!best || total > best.total) best = { path, total, description: `category ${Number(category.id)}, color ${Number(option.id)}, price 5–500: ${total} products` };
    }
    if (best && best.total >= 5) break;
  }
  if (!best?.total) throw new Error("No category and color combination matches a product.");
  return best;
}
