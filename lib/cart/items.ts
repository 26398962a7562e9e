// Adding, changing and removing cart lines, with stock checked against the channel's inventory.
import type { RequestContext } from "../context.ts";
import type { Tx } from "../db/client.ts";
import { NotFound, Validation } from "../errors.ts";
import { convert, dec, Decimal } from "../money.ts";
import { finalPrice, type Priced } from "../catalog/pricing.ts";
import { recalculate, recalculateState, STOCKABLE_TYPES, type LineOptions } from "./totals.ts";
import { loadCart, stockNeeds, type CartState } from "./state.ts";
import { bool, date, insertRow, int, rawRows, updateRow } from "../db/raw.ts";
import { bundleChoice, groupedChoice } from "./bundle.ts";

export interface AddItemInput {
  productId: number;
  quantity: number;
  /** A configurable product's variant, by product id. */
  selectedConfigurableOption?: number;
  /** A configurable product's choice, `{ attributeId or code: optionId }`. */
  superAttribute?: Record<string, number | string>;
  /** Downloadable link ids. */
  links?: number[];
  /** A grouped product's choice: `{ associated product id: quantity }` (default: the group's default quantities). */
  groupedQty?: Record<string, unknown>;
  /** A bundle's choice: `{ option id: [option product id, …] }`, and `{ option id: quantity }`. */
  bundleOptions?: Record<string, number | string | (number | string)[]>;
  bundleOptionQty?: Record<string, unknown>;
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

/**
 * Two lines are the same line when they name the same variant, the same links and the same bundle products in the
 * same quantities (stored JSON may reorder keys).
 */
export function sameOptions(a: unknown, b: unknown): boolean {
  const x = (a ?? {}) as LineOptions;
  const y = (b ?? {}) as LineOptions;
  const links = (o: LineOptions) => [...(o.links ?? [])].sort((m, n) => m - n).join(",");
  const bundle = (o: LineOptions) => (o.bundle ?? []).map((c) => `${c.optionProductId}x${c.qty}`).sort().join(",");
  return (x.variantId ?? null) === (y.variantId ?? null) && links(x) === links(y) && bundle(x) === bundle(y);
}

/** The name a stock message gives a product a line takes stock of: the line's own, or a bundle product's. */
function stockName(line: { name: string; additional: unknown }, productId: number): string {
  const child = ((line.additional ?? {}) as LineOptions).bundle?.find((c) => c.productId === productId);
  return child ? `${child.name} (in ${line.name})` : line.name;
}

const SALEABLE_SQL = `
SELECT p."id", p."sku", p."type", p."parentId", p."status", p."visibleIndividually", p."weight", p."price", p."specialPrice",
  p."specialPriceFrom", p."specialPriceTo",
  (SELECT t."name" FROM "ProductTranslation" t WHERE t."productId" = p."id" AND t."locale" = $1 LIMIT 1) AS "name",
  (SELECT t."name" FROM "ProductTranslation" t WHERE t."productId" = p."id" AND t."locale" = $2 LIMIT 1) AS "defaultName",
  (SELECT t."urlKey" FROM "ProductTranslation" t WHERE t."productId" = p."id" AND t."locale" = $1 LIMIT 1) AS "urlKey",
  (SELECT t."urlKey" FROM "ProductTranslation" t WHERE t."productId" = p."id" AND t."locale" = $2 LIMIT 1) AS "defaultUrlKey",
  (SELECT im."path" FROM "ProductImage" im WHERE im."productId" = p."id" ORDER BY im."position" ASC, im."id" ASC LIMIT 1) AS "image",
  (SELECT inv."qty" FROM "ProductInventory" inv WHERE inv."productId" = p."id" AND inv."channelId" = $3) AS "stock",
  (SELECT COUNT(*) FROM "ProductChannel" pc WHERE pc."productId" = p."id" AND pc."channelId" = $3) AS "inChannel"
FROM "Product" p WHERE p."id" = $4`;

/** The product as sold in the request's channel, with its name, image and stock, in one statement. */
async function saleableProduct(tx: Tx, ctx: RequestContext, productId: number) {
  const [r] = await rawRows(tx, SALEABLE_SQL, ctx.locale, ctx.channel.defaultLocale, ctx.channel.id, productId);
  if (!r || !bool(r.status) || !int(r.inChannel)) throw Validation.field("productId", `Product ${productId} is not available.`);
  const priced: Priced = { price: r.price, specialPrice: r.specialPrice, specialPriceFrom: date(r.specialPriceFrom), specialPriceTo: date(r.specialPriceTo) };
  const type = String(r.type);
  // Awaited in turn: this runs in the cart's transaction, whose one connection runs one statement at a time.
  const superAttributes = type === "configurable"
    ? await tx.productSuperAttribute.findMany({ where: { productId }, include: { attribute: { select: { id: true, code: true, adminName: true } } } })
    : [];
  const downloadableLinks = type === "downloadable" ? await tx.downloadableLink.findMany({ where: { productId }, select: { id: true, price: true } }) : [];
  return {
    id: int(r.id), sku: String(r.sku), type, parentId: r.parentId == null ? null : int(r.parentId), visibleIndividually: bool(r.visibleIndividually),
    weight: r.weight == null ? null : dec(r.weight), priced, stock: r.stock == null ? 0 : int(r.stock),
    name: (r.name ?? r.defaultName ?? r.sku) as string, urlKey: (r.urlKey ?? r.defaultUrlKey ?? null) as string | null, image: (r.image ?? null) as string | null,
    superAttributes, downloadableLinks,
  };
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

/**
 * Adds a line, or adds to the same line when the product and its options match; returns the cart as written.
 * A grouped product adds each associated product it is given a quantity of as its own line.
 */
export async function addItem(ctx: RequestContext, cartId: number, input: AddItemInput): Promise<CartState> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QTY) {
    throw Validation.field("quantity", `The quantity must be a whole number from 1 to ${MAX_LINE_QTY}.`);
  }
  return ctx.db.$transaction(async (tx) => {
    const state = await loadCart(tx, ctx, cartId);
    const product = await saleableProduct(tx, ctx, input.productId);
    if (product.type !== "grouped") return recalculateState(tx, ctx, { ...state, lines: await addLine(tx, ctx, state, product, input) });
    if (product.parentId !== null || !product.visibleIndividually) throw Validation.field("productId", `Product ${product.id} is not available.`);
    let lines = state.lines;
    for (const part of await groupedChoice(tx, ctx, product.id, input.groupedQty)) {
      const child = await saleableProduct(tx, ctx, part.productId);
      lines = await addLine(tx, ctx, { ...state, lines }, child, part, true);
    }
    return recalculateState(tx, ctx, { ...state, lines });
  });
}

/** Adds `product` to the cart as read (`state`) and returns its lines as written; `inGroup`: one of a grouped product's. */
async function addLine(tx: Tx, ctx: RequestContext, state: CartState, product: Saleable, input: AddItemInput, inGroup = false) {
  const cartId = state.cart.id;
  let options: LineOptions = {};
  let weight = product.weight;
  let bundleStock: Map<number, number> | null = null;
  let stock: number | null = product.stock;
  let sku = product.sku;
  let unit = finalPrice(product.priced);
  if (product.type === "configurable") {
    const variant = await chooseVariant(tx, product, input);
    const attributes = Object.fromEntries(
      product.superAttributes.map(({ attribute }) => [attribute.code, variant.attributeValues.find((v) => v.attributeId === attribute.id)!.optionId!]),
    );
    options = { variantId: variant.id, attributes };
    sku = variant.sku;
    unit = finalPrice(variant);
    stock = null; // the variant's, read below
  } else if (product.parentId !== null || (!product.visibleIndividually && !inGroup)) {
    throw Validation.field("productId", "Add the configurable product with its options, not one of its variants.");
  } else if (inGroup && product.type !== "simple" && product.type !== "virtual") {
    throw Validation.field("groupedQty", `${product.name} cannot be bought as part of a group.`);
  } else if (product.type === "bundle") {
    const chosen = await bundleChoice(tx, ctx, product.id, input.bundleOptions, input.bundleOptionQty);
    options = chosen.options;
    unit = chosen.unit;
    weight = chosen.weight;
    bundleStock = chosen.stock;
  } else if (product.type === "downloadable") {
    const own = new Map(product.downloadableLinks.map((l) => [l.id, l]));
    const links = [...new Set(input.links ?? [])].sort((a, b) => a - b);
    if (!links.length) throw Validation.field("links", "Choose at least one download link.");
    if (links.some((l) => !own.has(l))) throw Validation.field("links", "A chosen link does not belong to this product.");
    options = { links };
    for (const l of links) unit = unit.add(dec(own.get(l)!.price));
  }

  const same = state.lines.find((l) => l.productId === product.id && sameOptions(l.additional, options));
  const quantity = (same?.quantity ?? 0) + input.quantity;
  if (quantity > MAX_LINE_QTY) throw Validation.field("quantity", `A line holds at most ${MAX_LINE_QTY} units.`);
  if (bundleStock) {
    const line = { type: product.type, productId: product.id, quantity, additional: options, name: product.name };
    for (const [childId, need] of stockNeeds(line)) assertStock(bundleStock.get(childId) ?? 0, need, stockName(line, childId));
  } else if (STOCKABLE_TYPES.has(product.type)) {
    const available = stock ?? (await stockOf(tx, ctx, options.variantId!));
    assertStock(available, quantity, product.name);
  }
  let lines;
  if (same) {
    await updateRow(tx, "CartItem", same.id, { quantity });
    lines = state.lines.map((l) => (l === same ? { ...l, quantity } : l));
  } else {
    const prices = { basePrice: unit, price: convert(unit, ctx.currency), baseTotal: unit.mul(quantity), total: convert(unit.mul(quantity), ctx.currency) };
    const id = await insertRow(tx, "CartItem", {
      cartId, productId: product.id, sku, type: product.type, name: product.name, quantity, ...prices,
      weight: weight ?? null, additional: JSON.stringify(options),
    });
    lines = [
      ...state.lines,
      {
        id, cartId, productId: product.id, sku, type: product.type, name: product.name, quantity, ...prices,
        baseDiscountAmount: new Decimal(0), baseTaxAmount: new Decimal(0), weight, additional: options,
        product: product.priced, image: product.image, urlKey: product.urlKey,
      },
    ];
  }
  return lines;
}

async function ownLine(tx: Tx, cartId: number, cartItemId: number) {
  const line = await tx.cartItem.findFirst({ where: { id: cartItemId, cartId, parentId: null } });
  if (!line) throw new NotFound("Cart item");
  return line;
}

export async function updateItem(ctx: RequestContext, cartId: number, input: { cartItemId: number; quantity: number }): Promise<CartState> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QTY) {
    throw Validation.field("quantity", `The quantity must be a whole number from 1 to ${MAX_LINE_QTY}; remove the item instead of setting 0.`);
  }
  return ctx.db.$transaction(async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    if (line.type === "downloadable" && input.quantity !== line.quantity) {
      throw Validation.field("quantity", "The quantity of a downloadable product cannot change.");
    }
    // A bundle's products are checked for the new quantity times their units per bundle.
    for (const [productId, need] of stockNeeds({ ...line, quantity: input.quantity })) {
      assertStock(await stockOf(tx, ctx, productId), need, stockName(line, productId));
    }
    await tx.cartItem.update({ where: { id: line.id }, data: { quantity: input.quantity } });
    return recalculate(tx, ctx, cartId);
  });
}

export async function removeItem(ctx: RequestContext, cartId: number, input: { cartItemId: number }): Promise<CartState> {
  return ctx.db.$transaction(async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    await tx.cartItem.delete({ where: { id: line.id } });
    return recalculate(tx, ctx, cartId);
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
      // As many as the stock of every product the line takes allows (a bundle: each of its products per bundle).
      let fits = quantity;
      for (const [productId, perUnit] of stockNeeds({ ...g, quantity: 1 })) {
        fits = Math.min(fits, Math.floor((await stockOf(tx, ctx, productId)) / perUnit));
      }
      if (fits < quantity) {
        quantity = fits;
        shortened.push(g.name);
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
    // The guest cart is gone into this one: a gateway session it opened must not be paid (the target's own are
    // superseded by the recalculation).
    await tx.paymentSession.updateMany({ where: { cartId: guestCartId, status: "pending" }, data: { status: "superseded" } });
    await recalculate(tx, ctx, targetCartId);
  });
  return shortened;
}
