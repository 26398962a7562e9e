// Catalog reads held in process (lib/cache): product list pages, product details and list totals. Every write to a
// catalog table (an admin edit, an import) drops them at once; stock taken by an order, which names its products
// (lib/db/observe.ts `declareRows`), drops only the pages and details showing them. Either way, whether this
// process made it or another instance did (lib/db/broadcast.ts). The lifetimes bound how stale a read can be should
// a notice be lost:
//   CATALOG_CACHE_MS        pages and details, default 2000; 0 turns them off
//   CATALOG_COUNT_CACHE_MS  list totals, default 10000; 0 turns them off. A total past its lifetime is still
//                           answered while a fresh count runs, so a large catalog never waits on a count, and
//                           a count that took long is reused for 20 times as long as it took, if that is longer.
import { Cache, forgetTagged } from "../cache/index.ts";
import { STORE_SETTINGS_TABLES } from "../store/settings.ts";

/**
 * Tables a product list, a product detail, a list total or a price shown in them is made of, with the store
 * settings' (the scope), stock aside (PRODUCT_ROWS).
 */
export const CATALOG_TABLES: readonly string[] = [
  "Product", "ProductTranslation", "ProductChannel", "ProductCategory", "ProductAttributeValue", "ProductSuperAttribute",
  "ProductImage", "ProductGroupedLink", "ProductBundleOption", "ProductBundleOptionTranslation",
  "ProductBundleOptionProduct", "DownloadableLink", "ProductReview",
  "Attribute", "AttributeTranslation", "AttributeOption", "AttributeOptionTranslation",
  "Category", "CategoryTranslation",
  ...STORE_SETTINGS_TABLES,
];

/**
 * Stock: writes to it can name the products they touched (lib/db/observe.ts `declareRows`), and no list filter or
 * total depends on it. Such a write drops the pages and details showing those products, nothing else.
 */
export const STOCK_TABLES: readonly string[] = ["ProductInventory"];

/** Drops every cached catalog read, GraphQL answers made of them included (tests that count queries start cold). */
export function forgetCatalogReads(): void {
  forgetTagged("Product");
}

function ttl(name: string, fallback: number): number {
  const ms = Number(process.env[name] ?? fallback);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** Product ids in a product row, a page of rows or a product detail: `id`, and `id` of each of its `variants`. */
function productIdsOf(value: unknown): number[] {
  const ids: number[] = [];
  const one = (row: unknown) => {
    if (!row || typeof row !== "object") return;
    const r = row as { id?: unknown; variants?: unknown };
    if (typeof r.id === "number") ids.push(r.id);
    if (Array.isArray(r.variants)) for (const v of r.variants) if (v && typeof (v as { id?: unknown }).id === "number") ids.push((v as { id: number }).id);
  };
  if (Array.isArray(value)) value.forEach(one);
  else one(value);
  return ids;
}

/** How long a cached answer made of catalog reads (a GraphQL answer, say) may be reused. */
export const CATALOG_CACHE_MS = ttl("CATALOG_CACHE_MS", 2_000);

const shown = { tables: STOCK_TABLES, of: productIdsOf };

export const pageCache = new Cache<unknown>({ name: "catalog pages", tags: CATALOG_TABLES, rows: shown, ttl: CATALOG_CACHE_MS, max: 500 });
export const detailCache = new Cache<unknown>({ name: "product details", tags: CATALOG_TABLES, rows: shown, ttl: CATALOG_CACHE_MS, max: 1_000 });
export const countCache = new Cache<number>({
  name: "catalog totals",
  tags: CATALOG_TABLES,
  ttl: ttl("CATALOG_COUNT_CACHE_MS", 10_000),
  max: 2_000,
  staleWhileRefresh: true,
  stretch: 20,
});
