// Watches the SQL this process sends through Prisma's driver adapter. In-process caches (store settings,
// storefront keys, the catalog) learn which tables a write touched, so they drop what it made stale; tests count
// the statements a request issues. A write inside a transaction is announced when it runs (`settled: false`) and
// again when the transaction ends, so a cache filled from a read that ran in between (which still saw the old
// rows) is dropped too. With Redis, settled writes to watched tables reach the other instances (./broadcast.ts).

import { AsyncLocalStorage } from "node:async_hooks";

/** Tables a write touched; "all" when the statement does not say (a script, DDL, a CTE that writes). */
export type Written = ReadonlySet<string> | "all";

/**
 * For some written tables, the only rows the write touched, named by product id (e.g. stock taken by an order:
 * `{ ProductInventory: [12, 7] }`). A table written without such a declaration is absent: every row may have changed.
 */
export type Rows = Readonly<Record<string, readonly number[]>>;

export interface WriteNotice {
  tables: Written;
  /** "here": this process wrote; "elsewhere": another instance did (./broadcast.ts). */
  origin: "here" | "elsewhere";
  /** False for a statement inside a transaction still open; true once it is committed (or rolled back). */
  settled: boolean;
  /** Tables of `tables` whose changed rows are known (see `declareRows`); the others may have changed anywhere. */
  rows?: Rows;
}

type StatementListener = (sql: string) => void;
type WriteListener = (notice: WriteNotice) => void | Promise<void>;
interface Registry {
  statements: Set<StatementListener>;
  writes: Set<WriteListener>;
}

/**
 * Every table an in-process cache (lib/cache) is made of: the union of the caches' tags, each declared next to its
 * read (the catalog, the held public reads, store settings, checkout reference data, storefront keys). Their writes
 * are published to the other instances (./broadcast.ts) by every instance, also one that has never loaded the cache
 * (the CLI, a route bundle without the catalog): so the list is fixed here, not gathered as caches load. A cache
 * tagged with a table missing from it fails as it is made, and tests/api/cache-tags.test.ts fails for a table
 * here that no cache is tagged with.
 */
export const CACHED_TABLES: ReadonlySet<string> = new Set([
  // products, as lists, details and prices show them
  "Product", "ProductTranslation", "ProductChannel", "ProductCategory", "ProductAttributeValue", "ProductSuperAttribute",
  "ProductImage", "ProductInventory", "ProductGroupedLink", "ProductBundleOption", "ProductBundleOptionTranslation",
  "ProductBundleOptionProduct", "DownloadableLink", "ProductReview",
  "Attribute", "AttributeTranslation", "AttributeOption", "AttributeOptionTranslation",
  "Category", "CategoryTranslation",
  // the store: channels with their locales, currencies and rates
  "Channel", "ChannelTranslation", "ChannelLocale", "ChannelCurrency", "Currency", "ExchangeRate", "Locale",
  "CmsPage", "CmsPageTranslation", "CmsPageChannel", "UrlRedirect",
  "Country", "CountryState", "ShippingMethod", "PaymentMethod", "PaymentMethodChannel", "StorefrontKey",
]);

// On globalThis, like the Prisma client itself (./client.ts): route bundles that carried their own copy of this
// module would still hear the same writes.
const registry = ((globalThis as { __commerceDbObservers?: Registry }).__commerceDbObservers ??= {
  statements: new Set(),
  writes: new Set(),
});
const statementListeners = registry.statements;
const writeListeners = registry.writes;

/** Calls `listener` with every statement sent; returns the function that stops it. */
export function onStatement(listener: StatementListener): () => void {
  statementListeners.add(listener);
  return () => statementListeners.delete(listener);
}

const touches = (written: Written, tables: ReadonlySet<string>) => written === "all" || [...written].some((t) => tables.has(t));

/**
 * Calls `listener` after every write, or with `tables` only after writes that touched one of them (each must be
 * one of CACHED_TABLES, so that other instances' writes to it reach this listener). Returns the function that stops it.
 */
export function onWrite(listener: WriteListener, tables?: Iterable<string>): () => void {
  let registered = listener;
  if (tables) {
    const set = new Set(tables);
    const unlisted = [...set].filter((t) => !CACHED_TABLES.has(t));
    if (unlisted.length) throw new Error(`Cached tables missing from CACHED_TABLES (lib/db/observe.ts): ${unlisted.join(", ")}`);
    registered = (notice) => (touches(notice.tables, set) ? listener(notice) : undefined);
  }
  writeListeners.add(registered);
  return () => writeListeners.delete(registered);
}

/** Whether some cache, here or on another instance, depends on a table the write touched. */
export const isWatched = (written: Written): boolean => touches(written, CACHED_TABLES);

/** Tells every listener of a write; resolves once the asynchronous ones (a broadcast) are done. */
export async function announce(tables: Written, origin: WriteNotice["origin"] = "here", settled = true, rows?: Rows): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const listener of writeListeners) {
    const result = listener(rows && Object.keys(rows).length ? { tables, origin, settled, rows } : { tables, origin, settled });
    if (result) pending.push(result);
  }
  if (pending.length) await Promise.all(pending);
}

// Row declarations of the work running: writes made inside `withDeclaredRows` to a declared table carry its rows.
const declared = new AsyncLocalStorage<Map<string, Set<number>>>();

/** Runs `work` so that the writes it makes can be narrowed to rows with `declareRows`. */
export function withDeclaredRows<T>(work: () => Promise<T>): Promise<T> {
  return declared.run(new Map(), work);
}

/**
 * Declares that the writes to `table` about to be made (inside `withDeclaredRows`) touch only the rows of these
 * products, so caches drop what shows them and nothing else; no products at all: nothing any cache shows changed.
 * Inside a transaction, products declared after a write and before the commit are in the commit's notice too (an
 * order learns from a decrement's result whether it sold a product out). Outside `withDeclaredRows` it does nothing.
 */
export function declareRows(table: string, productIds: Iterable<number>): void {
  const store = declared.getStore();
  if (!store) return;
  const set = store.get(table) ?? new Set<number>();
  for (const id of productIds) set.add(id);
  store.set(table, set);
}

const NOT_A_WRITE = /^\s*(SELECT|PRAGMA|EXPLAIN|BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW|DEALLOCATE)\b/i;
const WRITE =
  /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+(?:(?:ONLY\s+)?[`"[]?\w+[`"\]]?\s*\.\s*)?[`"[]?(\w+)[`"\]]?/i;

/** The table a statement writes, null for a read, "all" when it cannot tell. */
export function writtenTable(sql: string): string | null {
  if (NOT_A_WRITE.test(sql)) return null;
  const m = WRITE.exec(sql);
  if (m) return m[1];
  if (/^\s*WITH\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql)) return null;
  return "all";
}

interface Query {
  sql: string;
}
interface Queryable {
  queryRaw(query: Query): Promise<unknown>;
  executeRaw(query: Query): Promise<unknown>;
}
interface TransactionLike extends Queryable {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** Delegates everything to `target` (methods bound to it, so private fields keep working) except `overrides`. */
export function delegate<T extends object>(target: T, overrides: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (typeof prop === "string" && prop in overrides) return overrides[prop];
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

/** Calls the statement listeners (tests count statements) with a statement about to be sent. */
export function emitStatement(sql: string): void {
  for (const listener of statementListeners) listener(sql);
}

/** What a transaction wrote: tables, and for each the rows declared, or null once some write did not declare. */
export class TransactionWrites {
  readonly #written = new Map<string, Set<number> | null>();

  note(key: string, live: Set<number> | undefined): void {
    // The declaration itself, not a copy: rows declared later in the transaction count at its commit.
    const before = this.#written.get(key);
    if (!live || before === null) this.#written.set(key, null);
    else this.#written.set(key, before && before !== live ? new Set([...before, ...live]) : live);
  }

  /** Tells of everything written, settled: once the transaction has committed or rolled back. */
  async settle(): Promise<void> {
    if (!this.#written.size) return;
    const rows: Record<string, number[]> = {};
    for (const [table, ids] of this.#written) if (ids) rows[table] = [...ids];
    await announce(this.#written.has("*") ? "all" : new Set(this.#written.keys()), "here", true, rows);
  }
}

/**
 * Tells of a write to `tables` ("all" when they are not known): outside a transaction it is settled now, and the
 * caller goes on once every instance has heard; inside one (`writes`) it is told now unsettled and again at the end.
 */
export async function noteWrite(tables: readonly string[] | "all", writes: TransactionWrites | null): Promise<void> {
  if (tables === "all") {
    writes?.note("*", undefined);
    await announce("all", "here", !writes);
    return;
  }
  const rows: Record<string, number[]> = {};
  for (const table of tables) {
    const live = declared.getStore()?.get(table);
    if (live) rows[table] = [...live];
    writes?.note(table, live);
  }
  await announce(new Set(tables), "here", !writes, Object.keys(rows).length ? rows : undefined);
}

function observeQueryable<T extends Queryable>(target: T, written: TransactionWrites | null, extra: Record<string, unknown> = {}): T {
  const watch = (method: "queryRaw" | "executeRaw") => async (query: Query) => {
    emitStatement(query.sql);
    const result = await target[method](query);
    const table = writtenTable(query.sql);
    if (table) await noteWrite(table === "all" ? "all" : [table], written);
    return result;
  };
  return delegate(target, { queryRaw: watch("queryRaw"), executeRaw: watch("executeRaw"), ...extra });
}

function observeTransaction<T extends TransactionLike>(tx: T): T {
  const written = new TransactionWrites();
  const end = (method: "commit" | "rollback") => async () => {
    try {
      await tx[method]();
    } finally {
      await written.settle();
    }
  };
  return observeQueryable(tx, written, { commit: end("commit"), rollback: end("rollback") });
}

interface AdapterLike extends Queryable {
  executeScript(script: string): Promise<void>;
  startTransaction(...args: unknown[]): Promise<TransactionLike>;
}

function observeAdapter<T extends AdapterLike>(adapter: T): T {
  return observeQueryable(adapter, null, {
    executeScript: async (script: string) => {
      emitStatement(script);
      try {
        return await adapter.executeScript(script);
      } finally {
        await announce("all");
      }
    },
    startTransaction: async (...args: unknown[]) => observeTransaction(await adapter.startTransaction(...args)),
  });
}

/** Wraps a driver adapter factory (SQLite or PostgreSQL) so that every connection it makes is observed. */
export function observed<F extends { connect(): Promise<unknown> }>(factory: F): F {
  const connect = (method: "connect" | "connectToShadowDb") => async () =>
    observeAdapter((await (factory as unknown as Record<string, () => Promise<AdapterLike>>)[method]()));
  return delegate(factory, {
    connect: connect("connect"),
    ...("connectToShadowDb" in factory ? { connectToShadowDb: connect("connectToShadowDb") } : {}),
  });
}
