// The product CSV import: each row becomes the same input the product API takes and passes the same checks.
// A dry run checks every row and writes nothing; a run applies the rows of a checked file.
//
// Columns: sku (required), type (simple | virtual; new products), name, url_key, price, special_price, status,
// new, featured, weight, qty (stock on the default channel), locale (default: the default channel's),
// categories (ids separated by |), short_description, description. An existing sku is updated with the columns
// that are filled; a new sku needs name, url_key and price.
import type { RequestContext } from "../../context.ts";
import { AppError, Validation } from "../../errors.ts";
import { zodToValidation } from "../../http/respond.ts";
import { ProductCreate, ProductUpdate } from "../catalog/product-input.ts";
import { planCreate, planUpdate } from "../catalog/product-service.ts";

export const PRODUCT_COLUMNS = ["sku", "type", "name", "url_key", "price", "special_price", "status", "new", "featured", "weight", "qty", "locale", "categories", "short_description", "description"];

export interface RowError {
  row: number;
  sku: string | null;
  field: string;
  message: string;
}

export interface RowPlan {
  row: number;
  sku: string;
  action: "create" | "update";
  write: () => Promise<unknown>;
}

function rowInput(ctx: RequestContext, v: Record<string, string>) {
  const set = (k: string) => (v[k] !== undefined && v[k] !== "" ? v[k] : undefined);
  const locale = set("locale") ?? ctx.channel.defaultLocale;
  const translation =
    set("name") || set("url_key") || set("description") || set("short_description")
      ? [{ locale, name: set("name"), urlKey: set("url_key"), description: set("description"), shortDescription: set("short_description") }]
      : undefined;
  return {
    sku: set("sku"),
    type: set("type") ?? "simple",
    price: set("price"),
    specialPrice: set("special_price"),
    status: set("status"),
    new: set("new"),
    featured: set("featured"),
    weight: set("weight"),
    translations: translation,
    categories: set("categories")?.split("|").map((c) => c.trim()).filter(Boolean),
    inventories: set("qty") !== undefined ? [{ channelId: ctx.channel.id, qty: set("qty") }] : undefined,
  };
}

function errorsOf(e: unknown, row: number, sku: string | null): RowError[] {
  if (!(e instanceof AppError) || e.status >= 500 || e.status === 401 || e.status === 403) throw e;
  const fields = e.details.errors ?? { row: [e.message] };
  return Object.entries(fields).flatMap(([field, messages]) => messages.map((message) => ({ row, sku, field, message })));
}

/** Checks every row; returns the writes of the good rows and an error report of the others. */
export async function planProductImport(ctx: RequestContext, records: { row: number; values: Record<string, string> }[]) {
  const plans: RowPlan[] = [];
  const errors: RowError[] = [];
  const seenSku = new Map<string, number>();
  const seenUrl = new Map<string, number>();
  for (const { row, values } of records) {
    const sku = values.sku || null;
    try {
      const raw = rowInput(ctx, values);
      if (sku && seenSku.has(sku)) throw Validation.field("sku", `is repeated from row ${seenSku.get(sku)}`);
      const t = raw.translations?.[0];
      const urlKey = t?.urlKey ? `${t.locale}:${t.urlKey}` : null;
      if (urlKey && seenUrl.has(urlKey)) throw Validation.field("url_key", `is repeated from row ${seenUrl.get(urlKey)}`);
      const existing = sku ? await ctx.db.product.findUnique({ where: { sku }, select: { id: true } }) : null;
      if (existing) {
        const { type: _type, sku: _sku, ...fields } = raw;
        const parsed = ProductUpdate.safeParse(Object.fromEntries(Object.entries(fields).filter(([, x]) => x !== undefined)));
        if (!parsed.success) throw zodToValidation(parsed.error);
        plans.push({ row, sku: sku!, action: "update", write: await planUpdate(ctx, existing.id, parsed.data) });
      } else {
        const parsed = ProductCreate.safeParse(raw);
        if (!parsed.success) throw zodToValidation(parsed.error);
        plans.push({ row, sku: parsed.data.sku, action: "create", write: await planCreate(ctx, parsed.data) });
      }
      if (sku) seenSku.set(sku, row);
      if (urlKey) seenUrl.set(urlKey, row);
    } catch (e) {
      errors.push(...errorsOf(e, row, sku));
    }
  }
  return { plans, errors };
}
