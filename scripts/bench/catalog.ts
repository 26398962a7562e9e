// Grows a seeded store to a large catalog fast: raw multi-row INSERTs with bound parameters, a few thousand
// products per transaction, ids assigned here so that no row needs a round trip for its product's id.
// The products look like the demo's simple products: two locales, one image, a sub-category and its department,
// a color and a size, stock in the default channel.
import { provider, type Db } from "../../lib/db/client.ts";

/** Bound parameters per statement, below SQLite's limit (32,766) and PostgreSQL's (65,535). */
const PARAMS_PER_STATEMENT = 30_000;
const PRODUCTS_PER_TRANSACTION = 10_000;

type Row = (string | number | null)[];

async function insertRows(db: Db, table: string, columns: string[], rows: Row[]): Promise<void> {
  // SQLite takes `?`, PostgreSQL `$1, $2, …` (whose untyped parameters take their column's type: 1/0 booleans too).
  const pg = provider() === "postgresql";
  let n = 0;
  const tuple = () => `(${columns.map(() => (pg ? `$${++n}` : "?")).join(",")})`;
  const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES `;
  const perStatement = Math.floor(PARAMS_PER_STATEMENT / columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    n = 0;
    await db.$executeRawUnsafe(head + chunk.map(tuple).join(","), ...chunk.flat());
  }
}

/** Visible products of the default channel: what the product list counts. */
export async function visibleProducts(db: Db, channelId: number): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: number | bigint }[]>(
    `SELECT count(*) AS n FROM "Product" p JOIN "ProductChannel" c ON c."productId" = p.id AND c."channelId" = ${provider() === "postgresql" ? "$1" : "?"}
     WHERE p.status = true AND p."visibleIndividually" = true AND p."parentId" IS NULL`,
    channelId,
  );
  return Number(rows[0].n);
}

interface StoreShape {
  channelId: number;
  /** [sub-category id, its department's id] */
  leaves: [number, number][];
  attributeOptions: { attributeId: number; optionIds: number[] }[];
}

async function storeShape(db: Db): Promise<StoreShape> {
  const channel = await db.channel.findUniqueOrThrow({ where: { code: "default" }, select: { id: true, rootCategoryId: true } });
  const categories = await db.category.findMany({ where: { status: 1 }, select: { id: true, parentId: true } });
  const departments = new Set(categories.filter((c) => c.parentId === channel.rootCategoryId).map((c) => c.id));
  const leaves = categories.filter((c) => c.parentId !== null && departments.has(c.parentId)).map((c) => [c.id, c.parentId!] as [number, number]);
  const attributes = await db.attribute.findMany({
    where: { code: { in: ["color", "size"] } },
    select: { id: true, options: { select: { id: true }, orderBy: { id: "asc" } } },
  });
  return {
    channelId: channel.id,
    leaves,
    attributeOptions: attributes.map((a) => ({ attributeId: a.id, optionIds: a.options.map((o) => o.id) })),
  };
}

/** Adds simple products until the default channel lists `target` of them. Returns how many were added. */
export async function growCatalog(db: Db, target: number, now = new Date()): Promise<number> {
  const shape = await storeShape(db);
  const missing = target - (await visibleProducts(db, shape.channelId));
  if (missing <= 0) return 0;
  const maxId = async (table: string) =>
    Number((await db.$queryRawUnsafe<{ m: number | bigint | null }[]>(`SELECT max(id) AS m FROM "${table}"`))[0].m ?? 0);
  let productId = await maxId("Product");
  for (let done = 0; done < missing; done += PRODUCTS_PER_TRANSACTION) {
    const count = Math.min(PRODUCTS_PER_TRANSACTION, missing - done);
    const products: Row[] = [];
    const translations: Row[] = [];
    const channels: Row[] = [];
    const categories: Row[] = [];
    const inventories: Row[] = [];
    const images: Row[] = [];
    const values: Row[] = [];
    for (let k = 0; k < count; k++) {
      const n = done + k + 1;
      const id = ++productId;
      const sku = `BENCH-${String(n).padStart(6, "0")}`;
      const cents = 500 + ((n * 7919) % 49_500);
      const created = new Date(now.getTime() - ((n * 104_729) % (365 * 24 * 3600)) * 1000).toISOString();
      products.push([id, sku, "simple", null, 1, 1, cents / 100, (cents * 0.6) / 100, 0.5, n % 17 === 0 ? 1 : 0, n % 23 === 0 ? 1 : 0, created, created]);
      translations.push(
        [id, "en", `Bench Product ${n}`, `bench-product-${n}`, `Bench product number ${n}.`, `<p>Bench product number ${n}.</p>`],
        [id, "fr", `Produit Bench ${n}`, `produit-bench-${n}`, `Produit bench numéro ${n}.`, `<p>Produit bench numéro ${n}.</p>`],
      );
      channels.push([id, shape.channelId]);
      const [leaf, department] = shape.leaves[n % shape.leaves.length];
      categories.push([id, leaf, 0], [id, department, 0]);
      inventories.push([id, shape.channelId, 1_000_000_000]);
      images.push([id, "images", `product/bench/${n % 50}.png`, 1]);
      for (const a of shape.attributeOptions) {
        if (a.optionIds.length) values.push([id, a.attributeId, a.optionIds[(n * 31 + a.attributeId) % a.optionIds.length]]);
      }
    }
    await db.$transaction(
      async (tx) => {
        const t = tx as unknown as Db;
        await insertRows(t, "Product", ["id", "sku", "type", "parentId", "status", "visibleIndividually", "price", "cost", "weight", "new", "featured", "createdAt", "updatedAt"], products);
        await insertRows(t, "ProductTranslation", ["productId", "locale", "name", "urlKey", "shortDescription", "description"], translations);
        await insertRows(t, "ProductChannel", ["productId", "channelId"], channels);
        await insertRows(t, "ProductCategory", ["productId", "categoryId", "position"], categories);
        await insertRows(t, "ProductInventory", ["productId", "channelId", "qty"], inventories);
        await insertRows(t, "ProductImage", ["productId", "type", "path", "position"], images);
        await insertRows(t, "ProductAttributeValue", ["productId", "attributeId", "optionId"], values);
      },
      { maxWait: 10_000, timeout: 600_000 },
    );
  }
  // PostgreSQL: the product ids were given here, so the id sequence must be moved past them.
  if (provider() === "postgresql") await db.$queryRawUnsafe(`SELECT setval(pg_get_serial_sequence('"Product"', 'id'), (SELECT max(id) FROM "Product"))`);
  return missing;
}
