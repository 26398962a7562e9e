// Catalog test support: what the database says the storefront should show (the oracle), and the product list on
// either transport (through invoke) read as comparable rows.
import { expect } from "vitest";
import { getDb, type Answer } from "./client.ts";
import { invoke, VIAS, type Via } from "./invoke.ts";

export type Transport = Via;
export const TRANSPORTS = VIAS;

export const PAGING_HEADERS = ["X-Total-Count", "X-Page", "X-Per-Page", "X-Total-Pages"] as const;

// ---------------------------------------------------------------------------------------------------------------
// The oracle: products as stored, and the rules SPEC.md states for which of them a storefront lists.

export interface OptionRef {
  code: string;
  optionId: number;
}

export interface CatalogProduct {
  id: number;
  sku: string;
  type: string;
  parentId: number | null;
  status: boolean;
  visibleIndividually: boolean;
  price: number;
  new: boolean;
  featured: boolean;
  createdAt: number;
  channels: string[];
  categoryIds: number[];
  options: OptionRef[];
  /** Options carried by the active variants of a configurable. */
  variantOptions: OptionRef[];
  name: Record<string, string>;
  urlKey: Record<string, string>;
}

/** Every product row, read fresh from the database (other test files may add products meanwhile). */
export async function catalogSnapshot(): Promise<CatalogProduct[]> {
  const db = await getDb();
  const optionRefs = { where: { optionId: { not: null } }, select: { optionId: true, attribute: { select: { code: true } } } };
  const rows = await db.product.findMany({
    orderBy: { id: "asc" },
    include: {
      channels: { select: { channel: { select: { code: true } } } },
      categories: { select: { categoryId: true } },
      attributeValues: optionRefs,
      translations: { select: { locale: true, name: true, urlKey: true } },
      variants: { where: { status: true }, select: { attributeValues: optionRefs } },
    },
  });
  const refs = (values: { optionId: number | null; attribute: { code: string } }[]) =>
    values.map((v) => ({ code: v.attribute.code, optionId: v.optionId! }));
  return rows.map((p) => ({
    id: p.id,
    sku: p.sku,
    type: p.type,
    parentId: p.parentId,
    status: p.status,
    visibleIndividually: p.visibleIndividually,
    price: Number(p.price),
    new: p.new,
    featured: p.featured,
    createdAt: p.createdAt.getTime(),
    channels: p.channels.map((c) => c.channel.code),
    categoryIds: p.categories.map((c) => c.categoryId),
    options: refs(p.attributeValues),
    variantOptions: p.variants.flatMap((v) => refs(v.attributeValues)),
    name: Object.fromEntries(p.translations.map((t) => [t.locale, t.name])),
    urlKey: Object.fromEntries(p.translations.map((t) => [t.locale, t.urlKey])),
  }));
}

/** SPEC.md: a storefront lists enabled, individually visible products of its channel; variants never. */
export const listedIn = (channel = "default") => (p: CatalogProduct) =>
  p.status && p.visibleIndividually && p.parentId === null && p.channels.includes(channel);

/** An attribute facet: the product carries one of the options, itself or (a configurable) through a variant. */
export const carries = (code: string, ids: number[]) => (p: CatalogProduct) =>
  [...p.options, ...p.variantOptions].some((o) => o.code === code && ids.includes(o.optionId));

/** The default order of the product list: newest first. */
export const newestFirst = (a: CatalogProduct, b: CatalogProduct) => b.createdAt - a.createdAt || b.id - a.id;

/** The listing the storefront should show for a predicate, newest first. */
export async function expectedListing(predicate: (p: CatalogProduct) => boolean = () => true, channel = "default") {
  return (await catalogSnapshot()).filter(listedIn(channel)).filter(predicate).sort(newestFirst);
}

export async function productBySku(sku: string): Promise<CatalogProduct> {
  const found = (await catalogSnapshot()).find((p) => p.sku === sku);
  if (!found) throw new Error(`no product ${sku} in the database`);
  return found;
}

export async function optionId(code: string, adminName: string): Promise<number> {
  const db = await getDb();
  return (await db.attributeOption.findFirstOrThrow({ where: { adminName, attribute: { code } } })).id;
}

export async function attributeId(code: string): Promise<number> {
  const db = await getDb();
  return (await db.attribute.findUniqueOrThrow({ where: { code } })).id;
}

/** A category by its English url path (`men`, `men/shirts`); the inactive one is `clearance`. */
export async function categoryId(urlPath: string): Promise<number> {
  const db = await getDb();
  return (await db.categoryTranslation.findFirstOrThrow({ where: { locale: "en", urlPath } })).categoryId;
}

export async function exchangeRate(code: string): Promise<number> {
  const db = await getDb();
  const currency = await db.currency.findUniqueOrThrow({ where: { code }, include: { exchangeRate: true } });
  return Number(currency.exchangeRate?.rate ?? 1);
}

// ---------------------------------------------------------------------------------------------------------------
// The product list on both transports.

export interface ProductRow {
  id: number;
  sku: string;
  type: string;
  name: string;
  urlKey: string;
  price: number;
  formattedPrice: string;
  specialPrice: number | null;
  minimumPrice: number;
}

/** One product-list request, spelled for each transport. */
export interface ListRequest {
  /** REST query-string keys. */
  rest?: Record<string, string>;
  /** GraphQL `products` arguments. */
  graphql?: { query?: string; sortKey?: string; reverse?: boolean; filter?: string; first?: number; after?: string; last?: number; before?: string };
}

/** Filter keys SPEC.md says both transports take: query string on REST, JSON `filter` on GraphQL. */
export const filterKeys = (keys: Record<string, string>): ListRequest => ({ rest: keys, graphql: { filter: JSON.stringify(keys) } });

export interface ListPage {
  /** HTTP status on REST; `extensions.status` of the first error (else 200) on GraphQL. */
  status: number;
  rows: ProductRow[];
  total: number | null;
  error?: { message: string; status?: number };
  /** GraphQL only. */
  cursors: string[];
  pageInfo?: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  answer: Answer;
}

interface Caller {
  key: string;
  headers?: Record<string, string>;
}

const toRow = (n: Record<string, unknown>): ProductRow => ({
  id: n.id as number,
  sku: n.sku as string,
  type: n.type as string,
  name: n.name as string,
  urlKey: n.urlKey as string,
  price: n.price as number,
  formattedPrice: n.formattedPrice as string,
  specialPrice: n.specialPrice as number | null,
  minimumPrice: n.minimumPrice as number,
});

/** One page of the declared `products` operation (tests/support/invoke.ts), spelled for the transport. */
export async function productPage(t: Transport, req: ListRequest, who: Caller): Promise<ListPage> {
  const r = await invoke(t, "products", (t === "rest" ? req.rest : req.graphql) ?? {}, who);
  return {
    status: r.status,
    rows: r.ok ? (r.data as Record<string, unknown>[]).map(toRow) : [],
    total: r.ok ? (r.total ?? null) : null,
    error: r.ok ? undefined : { message: r.message ?? "", status: r.status },
    cursors: r.cursors ?? [],
    pageInfo: r.pageInfo,
    answer: { status: r.http, headers: r.headers, body: r.raw },
  };
}

/** Walks every page (REST `page`, GraphQL `after`) at `size` rows a page; fails on an error or a repeated row. */
export async function allProducts(t: Transport, req: ListRequest, who: Caller, size = 50): Promise<{ rows: ProductRow[]; total: number }> {
  const rows: ProductRow[] = [];
  let total = 0;
  for (let page = 1, after: string | undefined; page < 100; page++) {
    const res = await productPage(
      t,
      t === "rest"
        ? { rest: { ...req.rest, page: String(page), per_page: String(size) } }
        : { graphql: { ...req.graphql, first: size, ...(after ? { after } : {}) } },
      who,
    );
    expect(res.status, JSON.stringify(res.answer.body).slice(0, 500)).toBe(200);
    rows.push(...res.rows);
    total = res.total!;
    const more = t === "rest" ? page < Number(res.answer.headers.get("X-Total-Pages")) : res.pageInfo!.hasNextPage;
    if (!more) break;
    after = res.pageInfo?.endCursor ?? undefined;
  }
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size, "no row appears twice").toBe(ids.length);
  return { rows, total };
}

/** GraphQL errors: a domain failure carries the HTTP status its REST twin answers with, never a masked 500. */
export function expectGraphqlError(answer: Answer, status: number | "4xx") {
  const error = answer.body?.errors?.[0];
  expect(error, `expected a GraphQL error, got ${JSON.stringify(answer.body).slice(0, 300)}`).toBeDefined();
  expect(error.message).not.toBe("Unexpected error.");
  expect(error.extensions?.code).not.toBe("INTERNAL_SERVER_ERROR");
  if (status === "4xx") {
    expect(error.extensions?.status, JSON.stringify(error)).toBeGreaterThanOrEqual(400);
    expect(error.extensions?.status, JSON.stringify(error)).toBeLessThan(500);
  } else {
    expect(error.extensions?.status, JSON.stringify(error)).toBe(status);
  }
}

/** A request the schema itself refuses (unknown argument, wrong type): reported before any resolver runs. */
export function expectGraphqlValidationError(answer: Answer, pattern: RegExp) {
  const error = answer.body?.errors?.[0];
  expect(error, JSON.stringify(answer.body)).toBeDefined();
  expect(error.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  expect(error.message).toMatch(pattern);
  expect(answer.body.data ?? null).toBeNull();
}

export function expectNoPagingHeaders(answer: Answer) {
  for (const h of PAGING_HEADERS) expect(answer.headers.get(h), `${h} on a single-record answer`).toBeNull();
}

/** `$1,234.50` / `€17.48`: the currency symbol, grouping and two decimals. */
export const money = (symbol: string, amount: number) =>
  `${symbol}${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** A base-currency amount in another currency, rounded to the cent (0.92 never lands on a half cent). */
export const convert = (amount: number, rate: number) => Math.round(Math.round(amount * 100) * rate) / 100;
