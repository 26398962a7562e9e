// The one in-process cache (issue 29): every read the service holds in memory (store settings, checkout reference
// data, the Shop API's public reads, catalog pages, details and totals, Shop GraphQL answers, verified storefront
// keys) is a `Cache` or a `cached` read. An entry is kept per key, for at most `ttl`, among at most `max` entries
// (the least recently used dropped first), and is dropped sooner by a write to one of the cache's tags: the tables
// its reads are made of, declared once next to the read. Write notices come from lib/db/observe.ts, for writes made
// here or, through the broadcast (lib/db/broadcast.ts), on another instance; a write inside a transaction is heard
// when it runs and again when the transaction ends, so an entry loaded in between (from the rows as they were) is
// dropped too. Some writes name the products whose rows they touched (`declareRows`): a cache whose entries show
// the rows of some products only (`rows`) then drops only the entries showing them, as narrowed tags such as
// `ProductInventory:12` would. A load in progress answers every caller that asks meanwhile; a load that fails, or
// is dropped while it runs, answers its callers and is not kept.
import { AsyncLocalStorage } from "node:async_hooks";
import { CACHED_TABLES, onWrite, type WriteNotice } from "../db/observe.ts";

/** A Map of at most `max` entries: reading or writing an entry makes it the most recent, the oldest goes first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}

  /** The entry, made the most recent. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The entry, left where it is. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  /** Deletes the entry, only if it is still `value` when one is given. */
  delete(key: K, value?: V): void {
    if (value === undefined || this.map.get(key) === value) this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}

export interface CacheOptions<V> {
  /** What the cache holds, for errors and tests. */
  name: string;
  /**
   * Tables every entry may be made of; a write to one drops them all, unless it declares it touched nothing a cache
   * shows (`declareRows` with no products: a sale moving its products' `updatedAt`). Each must be one of CACHED_TABLES.
   */
  tags: readonly string[];
  /**
   * Tables an entry shows the rows of some products of only, and those products (`of` its value: ids). A write to
   * one of `tables` that names its products drops only the entries showing one of them (and those still loading);
   * one that does not name them drops every entry. Not among `tags`.
   */
  rows?: { tables: readonly string[]; of: (value: V) => Iterable<number> };
  /** Longest life of an entry in ms; 0 holds nothing (every call loads), Infinity holds until a write. */
  ttl: number;
  /** Entries kept, the least recently used dropped first. */
  max: number;
  /** A loaded value this says no to answers the callers that waited for it, and is not kept. */
  keep?: (value: V) => boolean;
  /** A value that took long to load stays fresh for this many times its load time, if that is longer than `ttl`. */
  stretch?: number;
  /** An expired entry is still answered while a fresh value loads in the background (which then replaces it). */
  staleWhileRefresh?: boolean;
}

interface Entry<V> {
  value: Promise<V>;
  freshUntil: number;
  refreshing: boolean;
  /** The products its value shows, once loaded (with `rows`): until then, a write naming any product drops it. */
  products?: ReadonlySet<number>;
}

/** What a cache is made of, as the tests see it. */
export interface CacheInfo {
  name: string;
  tags: ReadonlySet<string>;
  rowTables: ReadonlySet<string>;
  forget(): void;
}

// Every cache of this copy of the module, for the write notices; the load running, for the tests' statement checks.
const everyCache = new Set<Cache<never>>();
const loadingIn = new AsyncLocalStorage<CacheInfo>();

onWrite((notice) => {
  for (const cache of everyCache) cache.hear(notice);
});

export class Cache<V> implements CacheInfo {
  readonly name: string;
  readonly tags: ReadonlySet<string>;
  readonly rowTables: ReadonlySet<string>;
  private readonly entries: Lru<string, Entry<V>>;

  constructor(private readonly options: CacheOptions<V>) {
    this.name = options.name;
    this.tags = new Set(options.tags);
    this.rowTables = new Set(options.rows?.tables ?? []);
    const named = [...this.tags, ...this.rowTables];
    const unlisted = named.filter((t) => !CACHED_TABLES.has(t));
    // Other instances hear only writes to CACHED_TABLES: a cache of another table would go stale there.
    if (unlisted.length) throw new Error(`${this.name}: tables missing from CACHED_TABLES (lib/db/observe.ts): ${unlisted.join(", ")}`);
    if (named.length !== new Set(named).size) throw new Error(`${this.name}: a table is both a tag and a row table`);
    this.entries = new Lru(options.max);
    everyCache.add(this as unknown as Cache<never>);
  }

  /** The value kept for `key`, or `load`'s (kept for the next callers). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    if (this.options.ttl <= 0) return this.load(load, now).value;
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.freshUntil > now) return hit.value;
      if (this.options.staleWhileRefresh) {
        if (!hit.refreshing) this.refresh(key, hit, load, now);
        return hit.value;
      }
    }
    const entry = this.load(load, now);
    this.entries.set(key, entry);
    const drop = () => this.entries.delete(key, entry);
    const keep = this.options.keep;
    entry.value.then((value) => (keep && !keep(value) ? drop() : undefined), drop);
    return entry.value;
  }

  /** Drops every entry (tests that count statements start cold). */
  forget(): void {
    this.entries.clear();
  }

  /** Drops what a write made stale (see CacheOptions `tags` and `rows`). */
  hear({ tables, rows }: WriteNotice): void {
    if (tables === "all") return this.forget();
    let products: number[] | null = null;
    for (const table of tables) {
      const named = rows?.[table];
      if (this.tags.has(table)) {
        if (named?.length === 0) continue;
        return this.forget();
      }
      if (!this.rowTables.has(table)) continue;
      if (!named) return this.forget();
      products = [...(products ?? []), ...named];
    }
    if (products) this.dropShowing(new Set(products));
  }

  /** Drops the entries showing one of `ids`, and those still loading (they may have read the rows before the write). */
  private dropShowing(ids: ReadonlySet<number>): void {
    for (const [key, entry] of this.entries.entries()) {
      if (!entry.products || [...ids].some((id) => entry.products!.has(id))) this.entries.delete(key);
    }
  }

  /** The previous value keeps being answered until the fresh one has arrived; a failed refresh leaves it. */
  private refresh(key: string, previous: Entry<V>, load: () => Promise<V>, now: number): void {
    previous.refreshing = true;
    const entry = this.load(load, now);
    entry.value.then(
      (value) => {
        if (this.entries.peek(key) === previous && (this.options.keep?.(value) ?? true)) this.entries.set(key, entry);
      },
      () => {
        previous.refreshing = false;
      },
    );
  }

  private load(load: () => Promise<V>, now: number): Entry<V> {
    // Awaited within: a Prisma query starts only once awaited, and its statements belong to this load (loadingCache).
    const value = loadingIn.run(this, async () => await load());
    const entry: Entry<V> = { value, freshUntil: now + this.options.ttl, refreshing: false };
    const { rows, stretch } = this.options;
    entry.value.then((value) => {
      if (stretch) {
        const took = Date.now() - now;
        entry.freshUntil = Math.max(entry.freshUntil, now + took + stretch * took);
      }
      if (rows) {
        try {
          entry.products = new Set(rows.of(value));
        } catch {
          /* no products known: dropped by the next write naming any */
        }
      }
    }, () => undefined);
    return entry;
  }
}

export interface CachedOptions<A extends unknown[], V> extends Omit<CacheOptions<V>, "max"> {
  /** The entry a call reads; without it, the read is one value. Arguments that give the same key ask the same. */
  key?: (...args: A) => string;
  /** Entries kept; default 1 without `key`. */
  max?: number;
}

export type CachedRead<A extends unknown[], V> = ((...args: A) => Promise<V>) & { forget(): void };

/** `load`, its values kept per `key` of its arguments (see CacheOptions). */
export function cached<A extends unknown[], V>(options: CachedOptions<A, V>, load: (...args: A) => Promise<V>): CachedRead<A, V> {
  const { key, max, ...rest } = options;
  if (!key && (max ?? 1) !== 1) throw new Error(`${options.name}: several entries need a key`);
  const cache = new Cache<V>({ ...rest, max: max ?? 1 });
  const read = (...args: A) => cache.get(key ? key(...args) : "", () => load(...args));
  return Object.assign(read, { forget: () => cache.forget() });
}

/** Drops the entries of every cache tagged with `table`, as a write to it would, without telling other instances. */
export function forgetTagged(table: string): void {
  for (const cache of everyCache) if (cache.tags.has(table) || cache.rowTables.has(table)) cache.forget();
}

/** Every cache made so far in this process (tests). */
export function caches(): CacheInfo[] {
  return [...everyCache];
}

/** The cache whose load is running in this asynchronous context, the innermost when loads nest (tests). */
export function loadingCache(): CacheInfo | undefined {
  return loadingIn.getStore();
}
