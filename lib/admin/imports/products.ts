// The product CSV import: the rows become the rows of the batch upsert (../catalog/product-batch-service.ts), so a
// file and a JSON batch are matched, checked and written alike. A dry run writes each row and rolls it back; a run
// writes the rows of a checked file.
//
// Columns (the header is case-insensitive; an empty cell leaves that field as it is):
//   sku (required) · external_id · type (new products: simple, virtual, configurable…; default simple)
//   price, special_price, cost, weight, status, new, featured, visible_individually
//   text per locale: name, url_key, short_description, description, meta_title, meta_description, meta_keywords; as
//     given for the `locale` column's locale (default: the channel's default locale), and as `<column>:<locale>`
//     (`name:fr`) for any other locale; a new product needs name and url_key in at least one locale
//   channels (channel codes, separated by |) · categories (category ids, separated by |)
//   qty (stock in the request's channel, the default one) and `qty:<channel code>` (stock in that channel)
//   attr:<attribute code>: a value; a select takes an option's admin name (or its id), a multiselect several
//     separated by |, a boolean 1/0, true/false or yes/no
//   configurable products: super_attributes (attribute codes separated by |) on the configurable's row, and one row
//     per variant with parent_sku (the configurable's sku: a row of the file or a product of the store) and an
//     attr:<code> value for each super attribute. A configurable's row and its variants' rows are written together.
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";
import { upsertProducts, type FieldError } from "../catalog/product-batch-service.ts";

/** Columns that hold text of one locale: unsuffixed, the row's locale; `name:fr`, French. */
const LOCALIZED: Record<string, string> = {
  name: "name",
  url_key: "urlKey",
  short_description: "shortDescription",
  description: "description",
  meta_title: "metaTitle",
  meta_description: "metaDescription",
  meta_keywords: "metaKeywords",
};

const SCALARS: Record<string, string> = {
  sku: "sku",
  external_id: "externalId",
  type: "type",
  price: "price",
  special_price: "specialPrice",
  cost: "cost",
  weight: "weight",
  status: "status",
  new: "new",
  featured: "featured",
  visible_individually: "visibleIndividually",
};

export const PRODUCT_COLUMNS = [...Object.keys(SCALARS), ...Object.keys(LOCALIZED), "locale", "channels", "categories", "qty", "parent_sku", "super_attributes"];
/** The suffixed columns, as the error for an unknown column shows them. */
const PATTERNS = ["<text column>:<locale>", "qty:<channel code>", "attr:<attribute code>"];

export interface RowError {
  row: number;
  sku: string | null;
  field: string;
  message: string;
}

/** One line of the import: what the batch made of it. */
export interface RowOutcome {
  row: number;
  sku: string | null;
  status: "created" | "updated" | "failed";
}

type Records = { row: number; values: Record<string, string> }[];

/** The store's codes a header may name, by their lower-cased spelling (the header is read lower-cased). */
async function storeCodes(ctx: RequestContext) {
  const [locales, channels, attributes] = await Promise.all([
    ctx.db.locale.findMany({ select: { code: true } }),
    ctx.db.channel.findMany({ select: { id: true, code: true } }),
    ctx.db.attribute.findMany({ select: { code: true, type: true, options: { select: { id: true, adminName: true } } } }),
  ]);
  return {
    locales: new Map(locales.map((l) => [l.code.toLowerCase(), l.code])),
    channels: new Map(channels.map((c) => [c.code.toLowerCase(), c.id])),
    attributes: new Map(attributes.map((a) => [a.code.toLowerCase(), a])),
  };
}
type Codes = Awaited<ReturnType<typeof storeCodes>>;

const knownColumn = (codes: Codes, h: string) => {
  if (PRODUCT_COLUMNS.includes(h)) return true;
  const [base, suffix, ...more] = h.split(":");
  if (suffix === undefined || more.length) return false;
  if (base === "qty") return codes.channels.has(suffix);
  if (base === "attr") return codes.attributes.has(suffix);
  return Object.hasOwn(LOCALIZED, base) && codes.locales.has(suffix);
};

/** A 422 on `file` when the header names a column the import does not know (or a channel, locale, attribute the store lacks). */
export async function checkColumns(ctx: RequestContext, header: string[]): Promise<void> {
  const codes = await storeCodes(ctx);
  const unknown = header.filter((h) => h && !knownColumn(codes, h));
  if (unknown.length) {
    throw Validation.field("file", `Unknown columns: ${unknown.join(", ")}; known columns: ${[...PRODUCT_COLUMNS, ...PATTERNS].join(", ")}.`);
  }
}

const list = (v: string) => v.split("|").map((x) => x.trim()).filter(Boolean);
const BOOLEANS: Record<string, boolean> = { 1: true, true: true, yes: true, 0: false, false: false, no: false };

/** An `attr:<code>` cell as the product input's attribute value. */
function attributeValue(codes: Codes, column: string, code: string, cell: string) {
  const a = codes.attributes.get(code)!;
  const option = (name: string) => {
    const o = a.options.find((x) => x.adminName.toLowerCase() === name.toLowerCase()) ?? a.options.find((x) => String(x.id) === name);
    if (!o) throw Validation.field(column, `"${name}" is no option of "${a.code}"; its options: ${a.options.map((x) => x.adminName).join(", ")}.`);
    return o.id;
  };
  if (a.type === "select") return { attributeCode: a.code, optionId: option(cell) };
  if (a.type === "multiselect") return { attributeCode: a.code, optionIds: list(cell).map(option) };
  if (a.type === "boolean") {
    const value = BOOLEANS[cell.toLowerCase()];
    if (value === undefined) throw Validation.field(column, `"${a.code}" takes 1 or 0, true or false, yes or no.`);
    return { attributeCode: a.code, value };
  }
  return { attributeCode: a.code, value: cell };
}

/** A line as a row of the batch upsert, with the columns that are filled. */
function rowOf(ctx: RequestContext, codes: Codes, values: Record<string, string>): Record<string, unknown> {
  const filled = Object.entries(values).filter(([, v]) => v !== "");
  const row: Record<string, unknown> = {};
  for (const [column, v] of filled) if (Object.hasOwn(SCALARS, column)) row[SCALARS[column]] = v;
  const rowLocale = values.locale ? codes.locales.get(values.locale.toLowerCase()) : ctx.channel.defaultLocale;
  if (!rowLocale) throw Validation.field("locale", `The store has no locale "${values.locale}".`);
  const translations = new Map<string, Record<string, string>>();
  const inventories: { channelId: number; qty: string }[] = [];
  const attributeValues: object[] = [];
  for (const [column, v] of filled) {
    const [base, suffix] = column.split(":");
    if (Object.hasOwn(LOCALIZED, base)) {
      const locale = suffix === undefined ? rowLocale : codes.locales.get(suffix)!;
      const t = translations.get(locale) ?? translations.set(locale, { locale }).get(locale)!;
      t[LOCALIZED[base]] = v;
    } else if (base === "qty") {
      inventories.push({ channelId: suffix === undefined ? ctx.channel.id : codes.channels.get(suffix)!, qty: v });
    } else if (base === "attr") {
      attributeValues.push(attributeValue(codes, column, suffix, v));
    }
  }
  if (translations.size) row.translations = [...translations.values()];
  if (inventories.length) row.inventories = inventories;
  if (attributeValues.length) row.attributeValues = attributeValues;
  if (values.channels) {
    row.channels = list(values.channels).map((code) => {
      const id = codes.channels.get(code.toLowerCase());
      if (id === undefined) throw Validation.field("channels", `The store has no channel "${code}".`);
      return id;
    });
  }
  if (values.categories) row.categories = list(values.categories);
  if (values.super_attributes) row.superAttributes = list(values.super_attributes);
  return row;
}

const fieldErrors = (e: unknown): FieldError[] => {
  if (!(e instanceof Validation)) throw e;
  return Object.entries(e.details.errors ?? { row: [e.message] }).flatMap(([field, messages]) => messages.map((message) => ({ field, message })));
};

/** A configurable's line with its variants' lines (or a line alone): one row of the batch. */
interface Group {
  lines: { row: number; sku: string | null }[];
  product: Record<string, unknown>;
  variants: Record<string, unknown>[];
}

/**
 * Checks (dry run: writes and rolls back) or writes every line; answers each line's outcome and the error report.
 * A configurable product's line and its variants' lines are one row of the batch: when one fails, none is written.
 */
export async function importProducts(ctx: RequestContext, records: Records, options: { dryRun: boolean }) {
  const codes = await storeCodes(ctx);
  const errors: RowError[] = [];
  const fail = (row: number, sku: string | null, found: FieldError[]) => errors.push(...found.map((f) => ({ row, sku, ...f })));
  const groups: Group[] = [];
  const bySku = new Map<string, Group>();
  // The line of each sku that can hold variants: the first one without a parent of its own.
  const parentLines = new Map<string, number>();
  for (const r of records) if (r.values.sku && !r.values.parent_sku && !parentLines.has(r.values.sku)) parentLines.set(r.values.sku, r.row);
  const parents = new Map<string, number>();
  const failedLines = new Set<number>();
  for (const { row, values } of records) {
    const sku = values.sku || null;
    try {
      const product = rowOf(ctx, codes, values);
      const parentSku = values.parent_sku;
      if (!parentSku) {
        const group: Group = { lines: [{ row, sku }], product, variants: [] };
        groups.push(group);
        // The first line with a sku holds its variants; a repeat is reported by the batch.
        if (sku && !bySku.has(sku)) bySku.set(sku, group);
        continue;
      }
      const parentLine = parentLines.get(parentSku);
      if (parentLine !== undefined) {
        if (parentLine > row) throw Validation.field("parent_sku", `The configurable product's row (${parentLine}) must come before its variants.`);
        const group = bySku.get(parentSku);
        if (!group) throw Validation.field("parent_sku", `Not written: the row of product "${parentSku}" (${parentLine}) failed.`);
        group.lines.push({ row, sku });
        group.variants.push(product);
        continue;
      }
      const parentId = parents.get(parentSku) ?? (await ctx.db.product.findUnique({ where: { sku: parentSku }, select: { id: true } }))?.id;
      if (parentId === undefined) throw Validation.field("parent_sku", `There is no product with sku "${parentSku}" in the file or the store.`);
      parents.set(parentSku, parentId);
      groups.push({ lines: [{ row, sku }], product: { ...product, parentId }, variants: [] });
    } catch (e) {
      fail(row, sku, fieldErrors(e));
      failedLines.add(row);
    }
  }

  const lineOf = (g: Group, variant?: number) => g.lines[variant === undefined ? 0 : variant + 1];
  const answer = await upsertProducts(
    ctx,
    groups.map((g) => (g.variants.length ? { ...g.product, variants: g.variants } : g.product)),
    { dryRun: options.dryRun, rowName: (index, variant) => `row ${lineOf(groups[index], variant).row}`, createDefaults: { type: "simple" } },
  );
  const outcomes: RowOutcome[] = records.filter((r) => failedLines.has(r.row)).map((r) => ({ row: r.row, sku: r.values.sku || null, status: "failed" as const }));
  for (const [index, result] of answer.data.entries()) {
    const group = groups[index];
    if (result.status === "failed") {
      // An error of a variant belongs to the variant's line, at the variant's own field.
      const own = new Set<number>();
      for (const e of result.errors) {
        const m = /^variants\.(\d+)(?:\.(.+))?$/.exec(e.field);
        const line = m ? lineOf(group, Number(m[1])) : lineOf(group);
        fail(line.row, line.sku, [{ field: m ? (m[2] ?? "row") : e.field, message: e.message }]);
        own.add(line.row);
      }
      const culprits = [...own].sort((a, b) => a - b).join(", ");
      for (const line of group.lines) {
        if (!own.has(line.row)) fail(line.row, line.sku, [{ field: "row", message: `Not written: it goes with row ${culprits}, which failed.` }]);
        outcomes.push({ ...line, status: "failed" });
      }
      continue;
    }
    outcomes.push({ ...lineOf(group), status: result.status });
    result.variants.forEach((v, i) => outcomes.push({ ...lineOf(group, i), status: v.status }));
  }
  return { outcomes: outcomes.sort((a, b) => a.row - b.row), errors: errors.sort((a, b) => a.row - b.row) };
}
