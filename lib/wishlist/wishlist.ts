// The customer's wishlist in the request's channel: list, one, add-or-toggle, delete, and move to cart.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";
import { listableProduct, productRows, type ProductRowData } from "../catalog/products.ts";
import { addItem, type AddItemInput } from "../cart/items.ts";
import { customerCart } from "../cart/carts.ts";

type Entry = {
  id: number; productId: number; channelId: number; createdAt: Date;
  customer: { id: number; email: string; firstName: string; lastName: string };
  channel: { id: number; code: string; name: string; translations: { locale: string; name: string }[] };
};

/** The entry's owner and channel, as wishlist answers show them. */
const withOwner = {
  customer: { select: { id: true, email: true, firstName: true, lastName: true } },
  channel: { select: { id: true, code: true, name: true, translations: { select: { locale: true, name: true } } } },
} as const;

function channelOf(ctx: RequestContext, c: Entry["channel"]) {
  const t = c.translations.find((x) => x.locale === ctx.locale);
  return { id: c.id, code: c.code, name: c.name, translation: t ?? { locale: ctx.locale, name: c.name } };
}

function toEntry(ctx: RequestContext, e: Entry, product: ProductRowData | undefined) {
  const created = e.createdAt.toISOString();
  // An entry is never changed once made: it was last updated when it was created.
  return { id: e.id, productId: e.productId, channelId: e.channelId, product: product ?? null, customer: e.customer, channel: channelOf(ctx, e.channel), createdAt: created, updatedAt: created };
}

async function withProducts(ctx: RequestContext, entries: Entry[]) {
  const rows = await productRows(ctx, entries.map((e) => e.productId));
  return entries.map((e) => toEntry(ctx, e, rows.get(e.productId)));
}

export async function listWishlist(ctx: RequestContext, input: { productId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toEntry>>> {
  const where = { customerId: customerId(ctx), channelId: ctx.channel.id, ...(input.productId !== undefined ? { productId: input.productId } : {}) };
  const [total, entries] = await Promise.all([
    ctx.db.wishlistItem.count({ where }),
    ctx.db.wishlistItem.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: paging.offset, take: paging.limit, include: withOwner }),
  ]);
  return { total, items: await withProducts(ctx, entries) };
}

async function ownEntry(ctx: RequestContext, id: number) {
  const entry = await ctx.db.wishlistItem.findFirst({ where: { id, customerId: customerId(ctx) }, include: withOwner });
  if (!entry) throw new NotFound("Wishlist item");
  return entry;
}

export async function wishlistEntry(ctx: RequestContext, id: number) {
  const [entry] = await withProducts(ctx, [await ownEntry(ctx, id)]);
  return entry;
}

/** Adds the product, or removes it when it is already on the wishlist; `isWishlisted` and `message` say which. */
export async function toggleWishlist(ctx: RequestContext, input: { productId: number }) {
  const owner = customerId(ctx);
  const key = { customerId: owner, productId: input.productId, channelId: ctx.channel.id };
  const existing = await ctx.db.wishlistItem.findUnique({ where: { customerId_productId_channelId: key }, include: withOwner });
  if (existing) {
    await ctx.db.wishlistItem.deleteMany({ where: { id: existing.id } });
    const [entry] = await withProducts(ctx, [existing]);
    return { ...entry, isWishlisted: false, success: true, message: "The product was removed from your wishlist." };
  }
  await listableProduct(ctx, input.productId);
  const created = await ctx.db.wishlistItem.create({ data: key, include: withOwner });
  const [entry] = await withProducts(ctx, [created]);
  return { ...entry, isWishlisted: true, success: true, message: "The product was added to your wishlist." };
}

/** Adds the product to the wishlist; one already there is a 422 and nothing changes. */
export async function addToWishlist(ctx: RequestContext, input: { productId: number }) {
  const key = { customerId: customerId(ctx), productId: input.productId, channelId: ctx.channel.id };
  await listableProduct(ctx, input.productId);
  const existing = await ctx.db.wishlistItem.findUnique({ where: { customerId_productId_channelId: key }, select: { id: true } });
  if (existing) throw Validation.field("productId", "This product is already on your wishlist.");
  const [entry] = await withProducts(ctx, [await ctx.db.wishlistItem.create({ data: key, include: withOwner })]);
  return entry;
}

/** Empties the caller's wishlist in this channel; `deletedCount` says how many entries went. */
export async function clearWishlist(ctx: RequestContext) {
  const { count } = await ctx.db.wishlistItem.deleteMany({ where: { customerId: customerId(ctx), channelId: ctx.channel.id } });
  return { message: count ? "Your wishlist has been cleared." : "Your wishlist was already empty.", deletedCount: count };
}

export async function deleteWishlistEntry(ctx: RequestContext, id: number) {
  const entry = await ownEntry(ctx, id);
  await ctx.db.wishlistItem.deleteMany({ where: { id: entry.id } });
  return { id: entry.id, success: true, message: "The product was removed from your wishlist." };
}

/**
 * Puts a wishlisted product in the customer's cart through the cart's own rules (availability, stock), then takes
 * it off the wishlist; a configurable product needs its options as on add-to-cart. A product the cart refuses stays on the wishlist and the cart's 4xx comes back.
 */
export async function moveToCart(ctx: RequestContext, input: Omit<AddItemInput, "productId"> & { wishlistItemId: number }) {
  const { wishlistItemId, ...options } = input;
  const entry = await ownEntry(ctx, wishlistItemId);
  const cart = await customerCart(ctx, entry.customerId);
  await addItem(ctx, cart.id, { ...options, productId: entry.productId });
  await ctx.db.wishlistItem.deleteMany({ where: { id: entry.id } });
  return {
    wishlistItemId: entry.id,
    productId: entry.productId,
    cartId: cart.id,
    quantity: input.quantity,
    success: true,
    message: "The product was moved to your cart.",
  };
}
