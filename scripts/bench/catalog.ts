// Grows a seeded store to a large catalog fast: multi-row INSERTs through the typed layer, a few thousand products
// per transaction, ids assigned here so that no row needs a round trip for its product's id.
// The products look like the demo's simple products: two locales, one image, a sub-category and its department,
// a color and a size, stock in the default channel.
import type { Insertable } from "kysely";
import type { DB, Sql } from "../../lib/db/sql/index.ts";
import { followIdSequence } from "../../lib/db/sql/expressions.ts";
import { listed } from "../../lib/catalog/visibility.ts";

/** Bound parameters per statement, below SQLite's limit (32,766) and PostgreSQL's (65,535). */
const PARAMS_PER_STATEMENT = 30_000;
const PRODUCTS_PER_TRANSACTION = 10_000;

async function insertRows<T extends keyof DB>(db: Sql, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (!rows.length) return;
  // The layer adds createdAt/updatedAt where a row leaves them out: counted with the row's own columns.
  const perStatement = Math.floor(PARAMS_PER_STATEMENT / (Object.keys(rows[0]).length + 2));
  for (let i = 0; i < rows.length; i += perStatement) {
    await db.insertInto(table).values(rows.slice(i, i + perStatement)).execute();
  }
}

/** Listed products of the default channel: what the product list counts (lib/catalog/visibility.ts). */
export async function visibleProducts(db: Sql, channelId: number): Promise<number> {
  const row = await db
    .selectFrom("Product as p")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(listed("p", channelId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface StoreShape {
  channelId: number;
  /** [sub-category id, its department's id] */
  leaves: [number, number][];
  attributeOptions: { attributeId: number; optionIds: number[] }[];
}

async function storeShape(db: Sql): Promise<StoreShape> {
  const channel = await db.selectFrom("Channel").select(["id", "rootCategoryId"]).where("code", "=", "default").executeTakeFirstOrThrow();
  const categories = await db.selectFrom("Category").select(["id", "parentId"]).where("status", "=", 1).execute();
  const departments = new Set(categories.filter((c) => c.parentId === channel.rootCategoryId).map((c) => c.id));
  const leaves = categories.filter((c) => c.parentId !== null && departments.has(c.parentId)).map((c) => [c.id, c.parentId!] as [number, number]);
  const attributes = await db.selectFrom("Attribute").select(["id"]).where("code", "in", ["color", "size"]).execute();
  const options = await db.selectFrom("AttributeOption").select(["id", "attributeId"]).orderBy("id", "asc").execute();
  return {
    channelId: channel.id,
    leaves,
    attributeOptions: attributes.map((a) => ({ attributeId: a.id, optionIds: options.filter((o) => o.attributeId === a.id).map((o) => o.id) })),
  };
}

/** Adds simple products until the default channel lists `target` of them. Returns how many were added. */
export async function growCatalog(db: Sql, target: number, now = new Date()): Promise<number> {
  const shape = await storeShape(db);
  const missing = target - (await visibleProducts(db, shape.channelId));
  if (missing <= 0) return 0;
  let productId = Number((await db.selectFrom("Product").select((eb) => eb.fn.max("id").as("m")).executeTakeFirst())?.m ?? 0);
  for (let done = 0; done < missing; done += PRODUCTS_PER_TRANSACTION) {
    const count = Math.min(PRODUCTS_PER_TRANSACTION, missing - done);
    const products: Insertable<DB["Product"]>[] = [];
    const translations: Insertable<DB["ProductTranslation"]>[] = [];
    const channels: Insertable<DB["ProductChannel"]>[] = [];
    const categories: Insertable<DB["ProductCategory"]>[] = [];
    const inventories: Insertable<DB["ProductInventory"]>[] = [];
    const images: Insertable<DB["ProductImage"]>[] = [];
    const values: Insertable<DB["ProductAttributeValue"]>[] = [];
    for (let k = 0; k < count; k++) {
      const n = done + k + 1;
      const id = ++productId;
      const cents = 500 + ((n * 7919) % 49_500);
      const created = new Date(now.getTime() - ((n * 104_729) % (365 * 24 * 3600)) * 1000);
      products.push({
        id, sku: `BENCH-${String(n).padStart(6, "0")}`, type: "simple", parentId: null, status: true, visibleIndividually: true,
        price: (cents / 100).toString(), cost: ((cents * 0.6) / 100).toString(), weight: "0.5", new: n % 17 === 0, featured: n % 23 === 0,
        createdAt: created, updatedAt: created,
      });
      translations.push(
        { productId: id, locale: "en", name: `Bench Product ${n}`, urlKey: `bench-product-${n}`, shortDescription: `Bench product number ${n}.`, description: `<p>Bench product number ${n}.</p>` },
        { productId: id, locale: "fr", name: `Produit Bench ${n}`, urlKey: `produit-bench-${n}`, shortDescription: `Produit bench numéro ${n}.`, description: `<p>Produit bench numéro ${n}.</p>` },
      );
      channels.push({ productId: id, channelId: shape.channelId });
      const [leaf, department] = shape.leaves[n % shape.leaves.length];
      categories.push({ productId: id, categoryId: leaf, position: 0 }, { productId: id, categoryId: department, position: 0 });
      inventories.push({ productId: id, channelId: shape.channelId, qty: 1_000_000_000 });
      images.push({ productId: id, type: "images", path: `product/bench/${n % 50}.png`, position: 1 });
      for (const a of shape.attributeOptions) {
        if (a.optionIds.length) values.push({ productId: id, attributeId: a.attributeId, optionId: a.optionIds[(n * 31 + a.attributeId) % a.optionIds.length] });
      }
    }
    await db.transaction().execute(async (tx) => {
      await insertRows(tx, "Product", products);
      await insertRows(tx, "ProductTranslation", translations);
      await insertRows(tx, "ProductChannel", channels);
      await insertRows(tx, "ProductCategory", categories);
      await insertRows(tx, "ProductInventory", inventories);
      await insertRows(tx, "ProductImage", images);
      await insertRows(tx, "ProductAttributeValue", values);
    });
  }
  // The product ids were given here: PostgreSQL's id sequence must move past them.
  await followIdSequence(db, "Product");
  return missing;
}
