// Isolated catalog rows for cart tests (each with its own stock, so parallel files never fight over units),
// coupons with a unique code, and a cart holding what a test needs, in one line each.
 
import { getDb, unique } from "./client.ts";
import { freshProduct } from "./checkout.ts";
import { invoke, type Via } from "./invoke.ts";

const sku = (prefix: string) => `${prefix}-${unique()}`.toUpperCase();

async function productBase(type: string, price: string, extra: Record<string, unknown> = {}) {
  const db = await getDb();
  const code = sku(type.slice(0, 3));
  return db.product.create({
    data: {
      sku: code,
      type,
      price,
      ...extra,
      translations: { create: [{ locale: "en", name: `Test ${code}`, urlKey: code.toLowerCase() }] },
      channels: { create: [{ channelId: 1 }] },
    },
  });
}

export interface Configurable {
  id: number;
  colorId: number;
  sizeId: number;
  /** Variants by `<Color>/<Size>`, e.g. `Red/S`. */
  variants: Record<string, { id: number; color: number; size: number }>;
}

/** A configurable product (super attributes color and size) with one variant per entry, each with its own stock and price. */
export async function freshConfigurable(variants: { color: string; size: string; qty: number; price: string }[], price = "30"): Promise<Configurable> {
  const db = await getDb();
  const attrs = await db.attribute.findMany({ where: { code: { in: ["color", "size"] } }, include: { options: true } });
  const color = attrs.find((a) => a.code === "color")!;
  const size = attrs.find((a) => a.code === "size")!;
  const parent = await productBase("configurable", price, {
    superAttributes: { create: [{ attributeId: color.id }, { attributeId: size.id }] },
  });
  const out: Configurable = { id: parent.id, colorId: color.id, sizeId: size.id, variants: {} };
  for (const v of variants) {
    const c = color.options.find((o) => o.adminName === v.color)!.id;
    const s = size.options.find((o) => o.adminName === v.size)!.id;
    const row = await productBase("simple", v.price, {
      parentId: parent.id,
      visibleIndividually: false,
      attributeValues: { create: [{ attributeId: color.id, optionId: c }, { attributeId: size.id, optionId: s }] },
      inventories: { create: [{ channelId: 1, qty: v.qty }] },
    });
    out.variants[`${v.color}/${v.size}`] = { id: row.id, color: c, size: s };
  }
  return out;
}

/** A downloadable product with priced links; returns the product id and the link ids in order. */
export async function freshDownloadable(price: string, linkPrices: string[]): Promise<{ id: number; links: number[] }> {
  const p = await productBase("downloadable", price, {
    downloadableLinks: {
      create: linkPrices.map((lp, i) => ({ title: `Link ${i + 1}`, type: "url", url: `https://dl.example.com/${i}`, price: lp, downloads: 2, sortOrder: i })),
    },
  });
  const db = await getDb();
  const links = await db.downloadableLink.findMany({ where: { productId: p.id }, orderBy: { sortOrder: "asc" } });
  return { id: p.id, links: links.map((l) => l.id) };
}

export const freshVirtual = (price = "15") => freshProduct({ type: "virtual", price, qty: 100 });

/** A coupon of its own (a unique code), so usage counts belong to this test alone. */
export async function freshCoupon(data: { type?: string; amount?: string; usageLimit?: number; timesUsed?: number; minSubtotal?: string; endsAt?: Date; startsAt?: Date; status?: boolean } = {}) {
  const db = await getDb();
  return db.coupon.create({ data: { code: sku("CPN"), name: "Test coupon", type: data.type ?? "percent", amount: data.amount ?? "10", ...data } });
}

export async function cartRow(id: number) {
  const db = await getDb();
  return db.cart.findUniqueOrThrow({ where: { id }, include: { items: { orderBy: { id: "asc" } } } });
}

/** A new guest cart over the given transport; returns the token and the cart id. */
export async function guestCart(via: Via, key: string): Promise<{ token: string; id: number }> {
  const r = await invoke(via, "createCartToken", {}, { key });
  if (!r.ok) throw new Error(`cart token failed: ${JSON.stringify(r.body)}`);
  return { token: r.body.cartToken, id: r.body.id };
}

/** Adds lines through the API; throws when one is refused. */
export async function fill(via: Via, opts: { key: string; bearer?: string }, items: Record<string, unknown>[]) {
  let cart: any = null;
  for (const item of items) {
    const r = await invoke(via, "createAddProductInCart", item, opts);
    if (!r.ok) throw new Error(`add failed: ${r.status} ${JSON.stringify(r.body)}`);
    cart = r.body;
  }
  return cart;
}

/** The smallest valid PNG (1×1, transparent). */
export const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
);
