// Grouped and bundle products of their own (children with their own stock), so parallel files never share units.
import { getDb } from "./client.ts";
import { freshProduct } from "./checkout.ts";

const code = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.toUpperCase();

async function parent(type: "grouped" | "bundle") {
  const db = await getDb();
  const sku = code(type === "grouped" ? "GRP" : "BND");
  return db.product.create({
    data: {
      sku,
      type,
      price: "0",
      translations: { create: [{ locale: "en", name: `Test ${sku}`, urlKey: sku.toLowerCase() }, { locale: "fr", name: `Test ${sku} fr`, urlKey: `${sku.toLowerCase()}-fr` }] },
      channels: { create: [{ channelId: 1 }] },
    },
  });
}

export interface Grouped {
  id: number;
  /** Associated product ids in their order. */
  children: number[];
}

/** A grouped product of fresh simple products: `{ price, qty (stock), defaultQty }` each. */
export async function freshGrouped(children: { price: string; qty: number; defaultQty?: number; type?: string }[]): Promise<Grouped> {
  const db = await getDb();
  const p = await parent("grouped");
  const ids: number[] = [];
  for (const [position, c] of children.entries()) {
    const id = await freshProduct({ price: c.price, qty: c.qty, type: c.type });
    await db.productGroupedLink.create({ data: { productId: p.id, associatedProductId: id, qty: c.defaultQty ?? 1, position } });
    ids.push(id);
  }
  return { id: p.id, children: ids };
}

export interface BundleOptionSpec {
  type: "select" | "radio" | "checkbox" | "multiselect";
  isRequired: boolean;
  label?: string;
  products: { price: string; qty: number; perBundle?: number; isDefault?: boolean; isUserDefined?: boolean; type?: string }[];
}

export interface Bundle {
  id: number;
  options: { id: number; products: { id: number; productId: number }[] }[];
}

/** A bundle of fresh simple (or virtual) products: `qty` is each product's stock, `perBundle` its units per bundle. */
export async function freshBundle(options: BundleOptionSpec[]): Promise<Bundle> {
  const db = await getDb();
  const p = await parent("bundle");
  const out: Bundle = { id: p.id, options: [] };
  for (const [position, o] of options.entries()) {
    const option = await db.productBundleOption.create({
      data: { productId: p.id, type: o.type, isRequired: o.isRequired, position, translations: { create: [{ locale: "en", label: o.label ?? `Option ${position + 1}` }] } },
    });
    const products: { id: number; productId: number }[] = [];
    for (const [i, c] of o.products.entries()) {
      const productId = await freshProduct({ price: c.price, qty: c.qty, type: c.type });
      const row = await db.productBundleOptionProduct.create({
        data: { optionId: option.id, productId, qty: c.perBundle ?? 1, isDefault: c.isDefault ?? false, isUserDefined: c.isUserDefined ?? false, position: i },
      });
      products.push({ id: row.id, productId });
    }
    out.options.push({ id: option.id, products });
  }
  return out;
}
