// Stock taken by an order drops only the cached catalog reads that show the product (issue 17): the order names
// the products whose stock it took (lib/db/observe.ts `declareRows`), and the page, detail and GraphQL caches
// (lib/catalog/cache.ts, lib/graphql/response-cache.ts) drop the entries showing them. A read of another
// product's detail or of a page without the product stays cached (no SQL statement at all), while the bought
// product's detail and the pages showing it are read again and show its new stock. Since the shop shows whether a
// product is in stock, not how many units, only stock that runs out changes a read: an order that leaves units
// behind drops nothing. Any other catalog write (an admin's price change) still drops everything.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { counted } from "../support/statements.ts";
import { call, getDb, graphql, storefrontKey, unique, type Answer } from "../support/client.ts";
import { adminCall, adminToken } from "../support/admin.ts";
import { freshProduct, guestCartWith, readyToPlace, stock } from "../support/checkout.ts";

// Cached reads live a minute here, so that a slow machine does not see one expire between two reads.
vi.hoisted(() => {
  process.env.CATALOG_CACHE_MS = "60000";
});

let key: string;
let admin: string;

beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
});

const settle = () => new Promise((r) => setTimeout(r, 200)); // "last used" stamps are written off the request path

/**
 * Not catalog reads: the gate's storefront-key lookup (held only STOREFRONT_KEY_CACHE_MS, 1 s) and its "last used"
 * stamp, and the product visits a detail read records, written in batches off the request path
 * (lib/catalog/activity.ts), which land wherever they land.
 */
const bookkeeping = (sql: string) => /^\s*(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql) || /[`"](ProductVisit|StorefrontKey)[`"]/.test(sql);


/** A product of its own in a category of its own, so that `?category_id=` gives a page showing it alone. */
async function productInOwnCategory(qty: number): Promise<{ id: number; category: number }> {
  const db = await getDb();
  const id = await freshProduct({ qty, price: "20" });
  const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" }, select: { rootCategoryId: true } });
  const slug = unique("cat").toLowerCase();
  const category = await db.category.create({
    data: {
      parentId: channel.rootCategoryId,
      translations: { create: [{ locale: "en", name: `Category ${slug}`, slug, urlPath: slug }] },
      products: { create: [{ productId: id }] },
    },
  });
  return { id, category: category.id };
}

interface View {
  name: string;
  ask: () => Promise<Answer>;
  /** What the view says of the product: its id and stock flag, or null when absent. */
  seen: (a: Answer) => { id: number; inStock: boolean }[];
}

/** The product's REST detail, its category's REST page and the same page over GraphQL. */
function viewsOf(p: { id: number; category: number }): View[] {
  const rows = (list: { id: number; inStock: boolean }[]) => list.map((r) => ({ id: r.id, inStock: r.inStock }));
  const filter = JSON.stringify(JSON.stringify({ category_id: String(p.category) }));
  return [
    { name: `REST detail ${p.id}`, ask: () => call("GET", `/api/shop/products/${p.id}`, undefined, { key }), seen: (a) => rows([a.body]) },
    {
      name: `REST page of category ${p.category}`,
      ask: () => call("GET", `/api/shop/products?category_id=${p.category}&per_page=10`, undefined, { key }),
      seen: (a) => rows(a.body),
    },
    {
      name: `GraphQL page of category ${p.category}`,
      ask: () => graphql(`{ products(first: 5, filter: ${filter}) { edges { node { _id inStock } } } }`, undefined, { key }),
      seen: (a) => (a.body.data.products.edges as { node: { _id: number; inStock: boolean } }[]).map((e) => ({ id: e.node._id, inStock: e.node.inStock })),
    },
  ];
}

/** Asks every view; returns what each shows and the statements each cost. */
async function read(views: View[]) {
  const out: { name: string; seen: { id: number; inStock: boolean }[]; statements: string[] }[] = [];
  for (const v of views) {
    const { statements, result } = await counted(v.ask, bookkeeping);
    expect(result.status, `${v.name}: ${JSON.stringify(result.body)}`).toBe(200);
    out.push({ name: v.name, seen: v.seen(result), statements });
  }
  return out;
}

const costs = (reads: Awaited<ReturnType<typeof read>>) => Object.fromEntries(reads.map((r) => [r.name, r.statements.length]));
const shows = (reads: Awaited<ReturnType<typeof read>>) => Object.fromEntries(reads.map((r) => [r.name, r.seen]));

/** Both products, every view read twice: the second read is answered from the caches. */
async function warm() {
  const a = await productInOwnCategory(3);
  const b = await productInOwnCategory(5);
  const views = { a: viewsOf(a), b: viewsOf(b) };
  await read([...views.a, ...views.b]);
  await settle();
  const again = await read([...views.a, ...views.b]);
  expect(Object.values(costs(again)), `a second read of every view is answered from the caches: ${JSON.stringify(again.map((r) => r.statements.map((q) => q.slice(0, 100))))}`).toEqual([0, 0, 0, 0, 0, 0]);
  return { a, b, views };
}

describe("an order's stock change drops only the cached reads showing its products", () => {
  it("keeps the other product's detail and pages cached, and re-reads the bought product's, which show it sold out", async () => {
    const { a, b, views } = await warm();
    const bBefore = shows(await read(views.b));

    // A guest buys all three units of A.
    const token = await guestCartWith(key, [{ productId: a.id, quantity: 3 }]);
    await readyToPlace(key, token);
    const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await stock(a.id)).toBe(0);
    await settle();

    const bAfter = await read(views.b);
    expect(costs(bAfter), `B's detail and the pages without A cost no statement: ${JSON.stringify(bAfter.map((r) => r.statements.map((q) => q.slice(0, 100))))}`).toEqual(Object.fromEntries(views.b.map((v) => [v.name, 0])));
    expect(shows(bAfter)).toEqual(bBefore);
    expect(shows(bAfter)).toEqual(Object.fromEntries(views.b.map((v) => [v.name, [{ id: b.id, inStock: true }]])));

    const aAfter = await read(views.a);
    for (const r of aAfter) expect(r.statements.length, `${r.name} is read again`).toBeGreaterThan(0);
    expect(shows(aAfter)).toEqual(Object.fromEntries(views.a.map((v) => [v.name, [{ id: a.id, inStock: false }]])));
    await settle();
    expect(Object.values(costs(await read(views.a))), "and cached again").toEqual([0, 0, 0]);
  });

  it("an order that leaves stock behind keeps every read cached: none shows a quantity, only whether it is in stock", async () => {
    const { a, b, views } = await warm();
    const before = shows(await read([...views.a, ...views.b]));

    // A guest buys one of A's three units; a second guest one of B's five, in a cart with both lines.
    const token = await guestCartWith(key, [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 1 }]);
    await readyToPlace(key, token);
    const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect([await stock(a.id), await stock(b.id)]).toEqual([2, 4]);
    await settle();

    const after = await read([...views.a, ...views.b]);
    expect(Object.values(costs(after)), `no view is read again: ${JSON.stringify(after.map((r) => r.statements.map((q) => q.slice(0, 100))))}`).toEqual([0, 0, 0, 0, 0, 0]);
    expect(shows(after)).toEqual(before);

    // The next order takes A's last two units: now A's views change, and only they are read again.
    const last = await guestCartWith(key, [{ productId: a.id, quantity: 2 }]);
    await readyToPlace(key, last);
    expect((await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: last })).status).toBe(200);
    await settle();
    const soldOut = await read([...views.a, ...views.b]);
    for (const v of views.a) expect(costs(soldOut)[v.name], `${v.name} is read again`).toBeGreaterThan(0);
    for (const v of views.b) expect(costs(soldOut)[v.name], `${v.name} stays cached`).toBe(0);
    expect(shows(soldOut)).toEqual({ ...before, ...Object.fromEntries(views.a.map((v) => [v.name, [{ id: a.id, inStock: false }]])) });
  });

  it("an admin's price change to one product still drops every cached read", async () => {
    const { a, views } = await warm();
    const res = await adminCall(admin, "PATCH", `/api/admin/catalog/products/${a.id}`, { price: 31.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await read([...views.a, ...views.b]);
    for (const r of after) expect(r.statements.length, `${r.name} is read again`).toBeGreaterThan(0);
    const detail = await call("GET", `/api/shop/products/${a.id}`, undefined, { key });
    expect(detail.body.price).toBe(31.5);
  });

  it("stock put back by an undeclared write (an admin's inventory edit) drops every cached read too", async () => {
    const { a, b, views } = await warm();
    const res = await adminCall(admin, "PATCH", `/api/admin/catalog/products/${a.id}`, { inventories: [{ channel_id: 1, qty: 0 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await read([...views.a, ...views.b]);
    for (const r of after) expect(r.statements.length, `${r.name} is read again`).toBeGreaterThan(0);
    expect(shows(after)).toEqual({
      ...Object.fromEntries(views.a.map((v) => [v.name, [{ id: a.id, inStock: false }]])),
      ...Object.fromEntries(views.b.map((v) => [v.name, [{ id: b.id, inStock: true }]])),
    });
  });
});
