// Catalog reads held in process: product list pages, product details and list totals. Every write to a catalog
// table (an admin edit, an import) drops them at once; stock taken by an order, which names its products
// (lib/db/observe.ts `declareRows`), drops only the pages and details showing them. Either way, whether this process made it or
// another instance did (lib/db/observe.ts tells which tables a statement wrote, lib/db/broadcast.ts carries it
// between instances through Redis). The lifetimes bound how stale a read can be should a notice be lost:
//   CATALOG_CACHE_MS        pages and details, default 2000; 0 turns them off
//   CATALOG_COUNT_CACHE_MS  list totals, default 10000; 0 turns them off. A total past its lifetime is still
//                           answered while a fresh count runs, so a large catalog never waits on a count, and
//                           a count that took long is reused for 20 times as long as it took, if that is longer.
import { onWrite } from "../db/observe.ts";

/** Tables whose rows a product list, a product detail or a price shown in them is made of. */
const CATALOG_TABLES = new Set([
  "Product", "ProductTranslation", "ProductChannel", "ProductCategory", "ProductAttributeValue", "ProductSuperAttribute",
  "ProductImage", "ProductInventory", "ProductGroupedLink", "ProductBundleOption", "ProductBundleOptionTranslation",
  "ProductBundleOptionProduct", "DownloadableLink", "ProductReview",
  "Attribute", "AttributeTranslation", "AttributeOption", "AttributeOptionTranslation",
  "Category", "CategoryTranslation",
  "Channel", "ChannelLocale", "ChannelCurrency", "Currency", "ExchangeRate", "Locale",
]);

/**
 * Tables whose writes can name the products they touched (lib/db/observe.ts `declareRows`), and that no list
 * filter or total depends on: stock. Such a write drops the pages and details showing those products, nothing else.
 */
const PRODUCT_ROW_TABLES = new Set(["ProductInventory"]);

/** Bumped by every other catalog write; an entry made under an older version is never answered. */
let version = 0;

const tagged: CatalogCache<never>[] = [];

onWrite(({ tables, rows }) => {
  if (tables !== "all" && rows) {
    const catalog = [...tables].filter((t) => CATALOG_TABLES.has(t));
    if (catalog.every((t) => PRODUCT_ROW_TABLES.has(t) && rows[t])) {
      const ids = new Set(catalog.flatMap((t) => rows[t]));
      for (const cache of tagged) cache.dropShowing(ids);
      return;
    }
  }
  version++;
}, CATALOG_TABLES);

/** Drops every cached catalog read (tests that count queries start cold). */
export function forgetCatalogReads(): void {
  version++;
}

interface Entry<V> {
  value: Promise<V>;
  version: number;
  freshUntil: number;
  refreshing: boolean;
  /** The products the value shows, once loaded (with `productsOf`). */
  products?: ReadonlySet<number>;
}

function ttl(name: string, fallback: number): number {
  const ms = Number(process.env[name] ?? fallback);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

interface CacheOptions<V> {
  /** Answer an expired entry (same catalog version) while it is reloaded in the background. */
  staleWhileRefresh?: boolean;
  /** A loaded value this says no to is answered to the requests that waited for it, and not kept. */
  keep?: (value: V) => boolean;
  /** A value that took long to load stays fresh for this many times its load time, if that is longer. */
  stretch?: number;
  /**
   * The products a value shows (ids, those of its variants too): a stock change drops only the entries showing the
   * product. Without it, an entry is dropped by every catalog write.
   */
  productsOf?: (value: V) => Iterable<number>;
}

/** Product ids in a product row, a page of rows or a product detail: `id`, and `id` of each of its `variants`. */
export function productIdsOf(value: unknown): number[] {
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

/** A bounded map of reads (least recently used out first); concurrent misses share one load. */
export class CatalogCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly staleWhileRefresh: boolean;
  private readonly keep: (value: V) => boolean;
  private readonly stretch: number;
  private readonly productsOf?: (value: V) => Iterable<number>;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    options: CacheOptions<V> = {},
  ) {
    this.staleWhileRefresh = options.staleWhileRefresh ?? false;
    this.keep = options.keep ?? (() => true);
    this.stretch = options.stretch ?? 0;
    this.productsOf = options.productsOf;
    if (this.productsOf) tagged.push(this as unknown as CatalogCache<never>);
  }

  /** Drops the entries showing one of `ids`, and those still loading (they may have read the rows before the write). */
  dropShowing(ids: ReadonlySet<number>): void {
    for (const [key, entry] of this.entries) {
      if (!entry.products || [...ids].some((id) => entry.products!.has(id))) this.entries.delete(key);
    }
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, hit);
      if (hit.freshUntil > now) return hit.value;
      if (this.staleWhileRefresh) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          this.fill(key, load, now).catch(() => undefined);
        }
        return hit.value;
      }
    }
    return this.fill(key, load, now);
  }

  private fill(key: string, load: () => Promise<V>, now: number): Promise<V> {
    const entry: Entry<V> = { value: load(), version, freshUntil: now + this.ttlMs, refreshing: false };
    if (this.productsOf) {
      const productsOf = this.productsOf;
      entry.value.then((value) => {
        try {
          entry.products = new Set(productsOf(value));
        } catch {
          /* untagged: dropped by the next stock change */
        }
      }, () => undefined);
    }
    if (this.stretch) {
      entry.value.then(() => {
        const took = Date.now() - now;
        entry.freshUntil = Math.max(entry.freshUntil, now + took + this.stretch * took);
      }, () => undefined);
    }
    const previous = this.entries.get(key);
    const put = () => {
      this.entries.delete(key);
      this.entries.set(key, entry);
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    };
    if (previous && this.staleWhileRefresh && previous.version === version) {
      // The previous value keeps being answered until the fresh one has arrived.
      entry.value.then(
        () => {
          if (this.entries.get(key) === previous) put();
        },
        () => {
          previous.refreshing = false;
        },
      );
    } else {
      put();
      const drop = () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      };
      entry.value.then((value) => this.keep(value) || drop(), drop);
    }
    return entry.value;
  }
}

export const pageCache = new CatalogCache<unknown>(ttl("CATALOG_CACHE_MS", 2_000), 500, { productsOf: productIdsOf });
export const detailCache = new CatalogCache<unknown>(ttl("CATALOG_CACHE_MS", 2_000), 1_000, { productsOf: productIdsOf });
export const countCache = new CatalogCache<number>(ttl("CATALOG_COUNT_CACHE_MS", 10_000), 2_000, { staleWhileRefresh: true, stretch: 20 });
/** How long a cached answer made of catalog reads (a GraphQL answer, say) may be reused. */
export const CATALOG_CACHE_MS = ttl("CATALOG_CACHE_MS", 2_000);
