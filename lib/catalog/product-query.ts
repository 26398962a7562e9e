// The product listing's query language. REST spells it as query-string keys, GraphQL as `query`, `sortKey`,
// `reverse` and a JSON-encoded `filter` with the same keys; both arrive at one ProductQuery.
import { z } from "zod";
import { BadRequest, Validation } from "../errors.ts";
import { boolParam, intParam, numberParam } from "../operations/fields.ts";

export const SORT_FIELDS = ["price", "created_at", "name", "id"] as const;
const PRODUCT_TYPES = ["simple", "configurable", "virtual", "downloadable", "grouped", "bundle"] as const;

export const ProductQuery = z.object({
  query: z.string().trim().max(200).optional(),
  categoryId: intParam().pipe(z.int().positive()).optional(),
  priceFrom: numberParam().pipe(z.number().nonnegative()).optional(),
  priceTo: numberParam().pipe(z.number().nonnegative()).optional(),
  new: boolParam().optional(),
  featured: boolParam().optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  /** attribute code → option ids, as text (`"3,4"`) or a list; a facet matches any of them */
  attributes: z.record(z.string(), z.union([z.string(), z.array(z.union([z.string(), z.int()]))])).optional(),
  sort: z.enum(SORT_FIELDS, { message: `sort must be one of ${SORT_FIELDS.join(", ")}` }).optional(),
  order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).optional(),
});
export type ProductQuery = z.output<typeof ProductQuery>;

const SORT_VALUES = SORT_FIELDS.flatMap((f) => [f, `${f}-asc`, `${f}-desc`]);
const wireBool = z.enum(["1", "0", "true", "false"]);

/**
 * The product list's REST query string, as clients send it (the OpenAPI document shows this, not ProductQuery);
 * `fromFilterKeys` maps it to a ProductQuery. Any key not named here is an attribute facet.
 */
export const ProductWireQuery = z
  .object({
    query: z.string().max(200).optional().describe("Full-text search."),
    category_id: z.int().positive().optional().describe("Products in this category."),
    price: z.string().regex(/^\s*(\d+(\.\d+)?)?\s*,\s*(\d+(\.\d+)?)?\s*$/).optional().describe("Price range `min,max`; either side may be left empty (`10,`, `,50`)."),
    price_from: z.number().nonnegative().optional().describe("Lowest price (same as the first half of `price`)."),
    price_to: z.number().nonnegative().optional().describe("Highest price (same as the second half of `price`)."),
    new: wireBool.optional().describe("Only products marked new."),
    featured: wireBool.optional().describe("Only featured products."),
    type: z.enum(PRODUCT_TYPES).optional(),
    sort: z.enum(SORT_VALUES as [string, ...string[]]).optional().describe("Sort field, optionally with its direction (`price-desc`)."),
    order: z.enum(["asc", "desc"]).optional().describe("Sort direction when `sort` carries none."),
  })
  .catchall(z.string().regex(/^\d{1,9}(,\d{1,9})*$/).describe("Attribute facet: any filterable attribute's code as the key, option ids as the value (`color=3,4` matches either)."));

/** SPEC.md: reserved keys on REST; any other key names an attribute facet. */
const RESERVED = new Set(["query", "sort", "order", "page", "per_page", "perPage", "locale", "channel", "filter"]);
const NAMED: Record<string, string> = {
  category_id: "categoryId",
  categoryId: "categoryId",
  price_from: "priceFrom",
  priceFrom: "priceFrom",
  price_to: "priceTo",
  priceTo: "priceTo",
  new: "new",
  featured: "featured",
  type: "type",
};

/** Option ids of a facet: `3`, `3,4`, or an array of them. */
export function optionIds(code: string, value: unknown): number[] {
  const parts = (Array.isArray(value) ? value : text(value).split(",")).map((s) => String(s).trim()).filter(Boolean);
  if (!parts.length || !parts.every((p) => /^\d{1,9}$/.test(p))) {
    throw Validation.field(code, `"${code}" takes attribute option ids separated by commas, not "${String(value)}".`);
  }
  return parts.map(Number);
}

/** A query value as text (a repeated key arrives as an array; a JSON body may send anything). */
function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(",");
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * Maps REST-style keys (`price=10,50`, `sort=price-asc`, `color=3,4`, `filter[size]=7`) to a ProductQuery.
 * `filter[<key>]` is the same as `<key>`. Facet values stay raw here: only keys that name an attribute of the
 * store are facets, so their option ids are checked once the attributes are known.
 */
export function fromFilterKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(raw)) {
    if (value === undefined || value === null || value === "") continue;
    const key = /^filter\[(.+)\]$/.exec(rawKey)?.[1] ?? rawKey;
    if (key === "query") out.query = value;
    else if (key === "price") {
      const [min, max] = text(value).split(",");
      if (min?.trim()) out.priceFrom = min.trim();
      if (max?.trim()) out.priceTo = max.trim();
    } else if (key === "sort") {
      const m = /^(.+?)-(asc|desc)$/i.exec(text(value));
      out.sort = m ? m[1] : value;
      if (m) out.order = m[2].toLowerCase();
    } else if (key === "order") out.order ??= text(value).toLowerCase();
    else if (NAMED[key]) out[NAMED[key]] = value;
    else if (!RESERVED.has(key)) attributes[key] = Array.isArray(value) ? value.map(text) : text(value);
  }
  if (Object.keys(attributes).length) out.attributes = attributes;
  return out;
}

const SORT_KEYS: Record<string, string> = { PRICE: "price", CREATED_AT: "created_at", TITLE: "name", NAME: "name", ID: "id" };

export const ProductListArgs = z.object({
  query: z.string().optional(),
  sortKey: z.string().optional(),
  reverse: z.boolean().optional(),
  filter: z.string().optional(),
});

/** GraphQL arguments → ProductQuery input. */
export function fromGraphqlArgs(args: z.input<typeof ProductListArgs>): Record<string, unknown> {
  let filter: Record<string, unknown> = {};
  if (args.filter) {
    try {
      filter = JSON.parse(args.filter) as Record<string, unknown>;
    } catch {
      throw new BadRequest("filter must be a JSON-encoded object.");
    }
    if (typeof filter !== "object" || filter === null || Array.isArray(filter)) {
      throw new BadRequest("filter must be a JSON-encoded object.");
    }
  }
  const out = fromFilterKeys(filter);
  if (args.query) out.query = args.query;
  if (args.sortKey) {
    const sort = SORT_KEYS[args.sortKey.toUpperCase()];
    if (!sort) throw new BadRequest(`sortKey must be one of ${Object.keys(SORT_KEYS).join(", ")}.`);
    out.sort = sort;
    out.order = args.reverse ? "desc" : "asc";
  } else if (args.reverse !== undefined) {
    out.order = args.reverse ? "asc" : "desc";
  }
  return out;
}
