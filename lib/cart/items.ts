// Adding, changing and removing cart lines, with stock checked against the channel's inventory.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { NotFound, Validation } from "../errors.ts";
import { recalculate, STOCKABLE_TYPES, type LineOptions } from "./totals.ts";

export interface AddItemInput {
  productId: number;
  quantity: number;
  /** A configurable product's variant, by product id. */
  selectedConfigurableOption?: number;
  /** A configurable product's choice, `{ attributeId or code: optionId }`. */
  superAttribute?: Record<string, number | string>;
  /** Downloadable link ids. */
  links?: number[];
}

export const MAX_LINE_QTY = 10_000;

/** Units on hand for a stock-keeping product in the request's channel. */
export async function stockOf(tx: Tx, ctx: RequestContext, productId: number): Promise<number> {
  const row = await tx.productInventory.findUnique({ where: { productId_channelId: { productId, channelId: ctx.channel.id } } });
  return row?.qty ?? 0;
}

export function assertStock(available: number, wanted: number, name: string): void {
  if (wanted <= available) return;
  throw Validation.field(
    "quantity",
    available <= 0 ? `${name} is out of stock.` : `Only ${available} of ${name} left in stock; ${wanted} requested.`,
  );
}

/** Two lines are the same line when they name the same variant and the same links (stored JSON may reorder keys). */
export function sameOptions(a: unknown, b: unknown): boolean {
  const x = (a ?? {}) as LineOptions;
  const y = (b ?? {}) as LineOptions;
  const links = (o: LineOptions) => [...(o.links ?? [])].sort((m, n) => m - n).join(",");
  return (x.variantId ?? null) === (y.variantId ?? null) && links(x) === links(y);
}

async function saleableProduct(tx: Tx, ctx: RequestContext, productId: number) {
  const product = await tx.product.findFirst({
    where: { id: productId, status: true, channels: { some: { channelId: ctx.channel.id } } },
    include: {
      translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } },
      superAttributes: { include: { attribute: { select: { id: true, code: true, adminName: true } } } },
      downloadableLinks: { select: { id: true } },
    },
  });
  if (!product) throw Validation.field("productId", `Product ${productId} is not available.`);
  const name = (product.translations.find((t) => t.locale === ctx.locale) ?? product.translations[0])?.name ?? product.sku;
  return { ...product, name };
}

type Saleable = Awaited<ReturnType<typeof saleableProduct>>;

/** The variant a configurable choice names; 422 when the choice is incomplete or matches nothing. */
async function chooseVariant(tx: Tx, product: Saleable, input: AddItemInput) {
  const variants = await tx.product.findMany({
    where: { parentId: product.id, status: true },
    include: { attributeValues: { where: { optionId: { not: null } }, select: { attributeId: true, optionId: true } } },
  });
  if (input.selectedConfigurableOption !== undefined) {
    const v = variants.find((x) => x.id === input.selectedConfigurableOption);
    if (!v) throw Validation.field("selectedConfigurableOption", "This option is not a variant of the product.");
    return v;
  }
  const chosen = input.superAttribute ?? {};
  const wanted = new Map<number, number>();
  for (const { attribute } of product.superAttributes) {
    const value = chosen[String(attribute.id)] ?? chosen[attribute.code];
    if (value === undefined || !/^\d+$/.test(String(value))) {
      throw Validation.field("superAttribute", `Choose a ${attribute.adminName.toLowerCase()} for this product.`);
    }
    wanted.set(attribute.id, Number(value));
  }
  const v = variants.find((x) => [...wanted].every(([a, o]) => x.attributeValues.some((av) => av.attributeId === a && av.optionId === o)));
  if (!v) throw Validation.field("superAttribute", "No variant of this product matches the chosen options.");
  return v;
}

/** Adds a line, or adds to the same line when the product and its options match. */
export async function addItem(ctx: RequestContext, cartId: number, input: AddItemInput): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QTY) {
    throw Validation.field("quantity", `The quantity must be a whole number from 1 to ${MAX_LINE_QTY}.`);
  }
  await ctx.db.$transaction(async (tx) => {
    const product = await saleableProduct(tx, ctx, input.productId);
    let options: LineOptions = {};
    let stockId: number | null = product.id;
    let sku = product.sku;
    if (product.type === "configurable") {
      const variant = await chooseVariant(tx, product, input);
      const attributes = Object.fromEntries(
        product.superAttributes.map(({ attribute }) => [attribute.code, variant.attributeValues.find((v) => v.attributeId === attribute.id)!.optionId!]),
      );
      options = { variantId: variant.id, attributes };
      stockId = variant.id;
      sku = variant.sku;
    } else if (product.parentId !== null || !product.visibleIndividually) {
      throw Validation.field("productId", "Add the configurable product with its options, not one of its variants.");
    } else if (product.type === "downloadable") {
      const own = new Set(product.downloadableLinks.map((l) => l.id));
      const links = [...new Set(input.links ?? [])].sort((a, b) => a - b);
      if (!links.length) throw Validation.field("links", "Choose at least one download link.");
      if (links.some((l) => !own.has(l))) throw Validation.field("links", "A chosen link does not belong to this product.");
      options = { links };
    }
    if (!STOCKABLE_TYPES.has(product.type)) stockId = null;

    const lines = await tx.cartItem.findMany({ where: { cartId, productId: product.id, parentId: null } });
    const same = lines.find((l) => sameOptions(l.additional, options));
    const quantity = (same?.quantity ?? 0) + input.quantity;
    if (quantity > MAX_LINE_QTY) throw Validation.field("quantity", `A line holds at most ${MAX_LINE_QTY} units.`);
    if (stockId !== null) assertStock(await stockOf(tx, ctx, stockId), quantity, product.name);
    if (same) await tx.cartItem.update({ where: { id: same.id }, data: { quantity } });
    else {
      await tx.cartItem.create({
        // Prisma's JSON input type wants an index signature that LineOptions does not declare; tsc needs the cast,
        // while the linter reads the generated client's types more loosely and calls it unnecessary.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        data: { cartId, productId: product.id, sku, type: product.type, name: product.name, quantity, additional: options as object, weight: product.weight },
      });
    }
    await recalculate(tx, ctx, cartId);
  });
}

async function ownLine(tx: Tx, cartId: number, cartItemId: number) {
  const line = await tx.cartItem.findFirst({ where: { id: cartItemId, cartId, parentId: null } });
  if (!line) throw new NotFound("Cart item");
  return line;
}

export async function updateItem(ctx: RequestContext, cartId: number, input: { cartItemId: number; quantity: number }): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QTY) {
    throw Validation.field("quantity", `The quantity must be a whole number from 1 to ${MAX_LINE_QTY}; remove the item instead of setting 0.`);
  }
  await ctx.db.$transaction(async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    if (line.type === "downloadable" && input.quantity !== line.quantity) {
      throw Validation.field("quantity", "The quantity of a downloadable product cannot change.");
    }
    const stockId = STOCKABLE_TYPES.has(line.type) ? ((line.additional as LineOptions | null)?.variantId ?? line.productId) : null;
    if (stockId !== null) assertStock(await stockOf(tx, ctx, stockId), input.quantity, line.name);
    await tx.cartItem.update({ where: { id: line.id }, data: { quantity: input.quantity } });
    await recalculate(tx, ctx, cartId);
  });
}

export async function removeItem(ctx: RequestContext, cartId: number, input: { cartItemId: number }): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    await tx.cartItem.delete({ where: { id: line.id } });
    await recalculate(tx, ctx, cartId);
  });
}

/**
 * Moves a guest cart's lines into a customer's cart: the same line adds up (capped at the stock on hand) and
 * the guest cart is closed. Returns the lines that could not be moved whole.
 */
export async function mergeInto(ctx: RequestContext, targetCartId: number, guestCartId: number): Promise<string[]> {
  const shortened: string[] = [];
  await ctx.db.$transaction(async (tx) => {
    const guestLines = await tx.cartItem.findMany({ where: { cartId: guestCartId, parentId: null }, orderBy: { id: "asc" } });
    for (const g of guestLines) {
      const target = (await tx.cartItem.findMany({ where: { cartId: targetCartId, productId: g.productId, parentId: null } }))
        .find((l) => sameOptions(l.additional, g.additional));
      let quantity = (target?.quantity ?? 0) + g.quantity;
      const stockId = STOCKABLE_TYPES.has(g.type) ? ((g.additional as LineOptions | null)?.variantId ?? g.productId) : null;
      if (stockId !== null) {
        const available = await stockOf(tx, ctx, stockId);
        if (quantity > available) {
          quantity = available;
          shortened.push(g.name);
        }
      }
      if (target) {
        await tx.cartItem.update({ where: { id: target.id }, data: { quantity: Math.max(quantity, target.quantity) } });
      } else if (quantity > 0) {
        await tx.cartItem.create({
          data: { cartId: targetCartId, productId: g.productId, sku: g.sku, type: g.type, name: g.name, quantity, additional: (g.additional ?? {}) as object, weight: g.weight },
        });
      }
    }
    await tx.cart.update({ where: { id: guestCartId }, data: { isActive: false } });
    await recalculate(tx, ctx, targetCartId);
  });
  return shortened;
}
