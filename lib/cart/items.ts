// Adding, changing and removing cart lines, with stock checked against the channel's inventory.
import type { RequestContext } from "../context.ts";
import type { Sql } from "../db/sql/index.ts";
import { NotFound, Validation } from "../errors.ts";
import { convert, dec, Decimal } from "../money.ts";
import { finalPrice, type Priced } from "../catalog/pricing.ts";
import { sold, stockOf as unitsOnHand } from "../catalog/visibility.ts";
import { recalculate, recalculateState, STOCKABLE_TYPES, updateById, type LineOptions } from "./totals.ts";
import { loadCart, stockNeeds, type CartState, type Line } from "./state.ts";
import { bundleChoice, groupedChoice } from "./bundle.ts";
import { cartTransaction } from "../db/sql/expressions.ts";
import { prepared } from "../db/sql/prepared.ts";

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
export async function stockOf(tx: Sql, ctx: RequestContext, productId: number): Promise<number> {
  const row = await tx.selectFrom("ProductInventory").select("qty").where("productId", "=", productId).where("channelId", "=", ctx.channel.id).executeTakeFirst();
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

/** The read behind `saleableProduct`, prepared once (lib/db/sql/prepared.ts): every add to cart sends it. */
const saleableQuery = prepared<{ productId: number; locale: string; defaultLocale: string; channelId: number }>()((db, $) =>
  db
    .selectFrom("Product as p")
    .select(["p.id", "p.sku", "p.type", "p.parentId", "p.visibleIndividually", "p.weight", "p.price", "p.specialPrice", "p.specialPriceFrom", "p.specialPriceTo"])
    .select((eb) => {
      const translated = (column: "name" | "urlKey", locale: string) =>
        eb.selectFrom("ProductTranslation as t").select(`t.${column}`).whereRef("t.productId", "=", "p.id").where("t.locale", "=", locale).limit(1);
      return [
        translated("name", $("locale")).as("name"),
        translated("name", $("defaultLocale")).as("defaultName"),
        translated("urlKey", $("locale")).as("urlKey"),
        translated("urlKey", $("defaultLocale")).as("defaultUrlKey"),
        eb.selectFrom("ProductImage as im").select("im.path").whereRef("im.productId", "=", "p.id").orderBy("im.position").orderBy("im.id").limit(1).as("image"),
        unitsOnHand("p", $("channelId")).as("stock"),
        sold("p", $("channelId")).as("sold"),
      ];
    })
    .where("p.id", "=", $("productId")),
);

/** The product with its name and URL key (in the locale, else the channel's default), first image, stock and whether it is sold. */
async function saleableProduct(tx: Sql, ctx: RequestContext, productId: number) {
  const [r] = await saleableQuery(tx, { productId, locale: ctx.locale, defaultLocale: ctx.channel.defaultLocale, channelId: ctx.channel.id });
  // A selected condition is not decoded by column type: SQLite answers 0/1, PostgreSQL a boolean.
  if (!r || !Number(r.sold)) throw Validation.field("productId", `Product ${productId} is not available.`);
  const priced: Priced = { price: r.price, specialPrice: r.specialPrice, specialPriceFrom: r.specialPriceFrom, specialPriceTo: r.specialPriceTo };
  // Awaited in turn: this runs in the cart's transaction, whose one connection runs one statement at a time.
  const superAttributes = r.type === "configurable"
    ? await tx
      .selectFrom("ProductSuperAttribute as sa")
      .innerJoin("Attribute as a", "a.id", "sa.attributeId")
      .select(["a.id", "a.code", "a.adminName"])
      .where("sa.productId", "=", productId)
      .orderBy("sa.attributeId")
      .execute()
      .then((rows) => rows.map((attribute) => ({ attribute })))
    : [];
  const downloadableLinks = r.type === "downloadable" ? await tx.selectFrom("DownloadableLink").select(["id", "price"]).where("productId", "=", productId).execute() : [];
  return {
    id: r.id, sku: r.sku, type: r.type, parentId: r.parentId, visibleIndividually: r.visibleIndividually,
    weight: r.weight == null ? null : dec(r.weight), priced, stock: r.stock == null ? 0 : Number(r.stock),
    name: r.name ?? r.defaultName ?? r.sku, urlKey: r.urlKey ?? r.defaultUrlKey ?? null, image: r.image ?? null,
    superAttributes, downloadableLinks,
  };
}

type Saleable = Awaited<ReturnType<typeof saleableProduct>>;

/** The active variants of a configurable product with the options they take, in one statement (a row per value). */
async function variantsOf(tx: Sql, productId: number) {
  const rows = await tx
    .selectFrom("Product as v")
    .leftJoin("ProductAttributeValue as av", (j) => j.onRef("av.productId", "=", "v.id").on("av.optionId", "is not", null))
    .select(["v.id", "v.sku", "v.price", "v.specialPrice", "v.specialPriceFrom", "v.specialPriceTo", "av.attributeId", "av.optionId"])
    .where("v.parentId", "=", productId)
    .where("v.status", "=", true)
    .orderBy("v.id")
    .orderBy("av.id")
    .execute();
  const variants = new Map<number, Priced & { id: number; sku: string; attributeValues: { attributeId: number; optionId: number }[] }>();
  for (const { attributeId, optionId, ...v } of rows) {
    const variant = variants.get(v.id) ?? variants.set(v.id, { ...v, attributeValues: [] }).get(v.id)!;
    if (attributeId != null && optionId != null) variant.attributeValues.push({ attributeId, optionId });
  }
  return [...variants.values()];
}

/** The variant a configurable choice names; 422 when the choice is incomplete or matches nothing. */
async function chooseVariant(tx: Sql, product: Saleable, input: AddItemInput) {
  const variants = await variantsOf(tx, product.id);
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
  return cartTransaction(ctx.sql, async (tx) => {
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
async function addLine(tx: Sql, ctx: RequestContext, state: CartState, product: Saleable, input: AddItemInput, inGroup = false) {
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
      product.superAttributes.map(({ attribute }) => [attribute.code, variant.attributeValues.find((v) => v.attributeId === attribute.id)!.optionId]),
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
  let lines: Line[];
  if (same) {
    await updateById(tx, "CartItem", same.id, { quantity });
    lines = state.lines.map((l) => (l === same ? { ...l, quantity } : l));
  } else {
    const prices = { basePrice: unit, price: convert(unit, ctx.currency), baseTotal: unit.mul(quantity), total: convert(unit.mul(quantity), ctx.currency) };
    const { id } = await tx
      .insertInto("CartItem")
      .values({
        cartId, productId: product.id, sku, type: product.type, name: product.name, quantity, basePrice: prices.basePrice.toString(),
        price: prices.price.toString(), baseTotal: prices.baseTotal.toString(), total: prices.total.toString(),
        weight: weight?.toString() ?? null, additional: options,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
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

async function ownLine(tx: Sql, cartId: number, cartItemId: number) {
  const line = await tx
    .selectFrom("CartItem")
    .select(["id", "type", "name", "productId", "quantity", "additional"])
    .where("id", "=", cartItemId)
    .where("cartId", "=", cartId)
    .where("parentId", "is", null)
    .executeTakeFirst();
  if (!line) throw new NotFound("Cart item");
  return line;
}

export async function updateItem(ctx: RequestContext, cartId: number, input: { cartItemId: number; quantity: number }): Promise<CartState> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QTY) {
    throw Validation.field("quantity", `The quantity must be a whole number from 1 to ${MAX_LINE_QTY}; remove the item instead of setting 0.`);
  }
  return cartTransaction(ctx.sql, async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    if (line.type === "downloadable" && input.quantity !== line.quantity) {
      throw Validation.field("quantity", "The quantity of a downloadable product cannot change.");
    }
    // A bundle's products are checked for the new quantity times their units per bundle.
    for (const [productId, need] of stockNeeds({ ...line, quantity: input.quantity })) {
      assertStock(await stockOf(tx, ctx, productId), need, stockName(line, productId));
    }
    await updateById(tx, "CartItem", line.id, { quantity: input.quantity });
    return recalculate(tx, ctx, cartId);
  });
}

export async function removeItem(ctx: RequestContext, cartId: number, input: { cartItemId: number }): Promise<CartState> {
  return cartTransaction(ctx.sql, async (tx) => {
    const line = await ownLine(tx, cartId, input.cartItemId);
    await tx.deleteFrom("CartItem").where("id", "=", line.id).execute();
    return recalculate(tx, ctx, cartId);
  });
}

/** The top-level lines of a cart, oldest first, as a merge copies them. */
function cartLines(tx: Sql, cartId: number) {
  return tx
    .selectFrom("CartItem")
    .select(["id", "productId", "sku", "type", "name", "quantity", "weight", "additional"])
    .where("cartId", "=", cartId)
    .where("parentId", "is", null)
    .orderBy("id");
}

/**
 * Moves a guest cart's lines into a customer's cart: the same line adds up (capped at the stock on hand) and
 * the guest cart is closed. Returns the lines that could not be moved whole.
 */
export async function mergeInto(ctx: RequestContext, targetCartId: number, guestCartId: number): Promise<string[]> {
  const shortened: string[] = [];
  await cartTransaction(ctx.sql, async (tx) => {
    const guestLines = await cartLines(tx, guestCartId).execute();
    for (const g of guestLines) {
      const target = (await cartLines(tx, targetCartId).where("productId", "=", g.productId).execute()).find((l) => sameOptions(l.additional, g.additional));
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
        await updateById(tx, "CartItem", target.id, { quantity: Math.max(quantity, target.quantity) });
      } else if (quantity > 0) {
        await tx
          .insertInto("CartItem")
          .values({ cartId: targetCartId, productId: g.productId, sku: g.sku, type: g.type, name: g.name, quantity, additional: g.additional ?? {}, weight: g.weight })
          .execute();
      }
    }
    await updateById(tx, "Cart", guestCartId, { isActive: false });
    // The guest cart is gone into this one: a gateway session it opened must not be paid (the target's own are
    // superseded by the recalculation).
    await tx.updateTable("PaymentSession").set({ status: "superseded" }).where("cartId", "=", guestCartId).where("status", "=", "pending").execute();
    await recalculate(tx, ctx, targetCartId);
  });
  return shortened;
}
