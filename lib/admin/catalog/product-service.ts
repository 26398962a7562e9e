// Product writes, the database work behind ./products.ts and the CSV import: the input's checks against the store
// (locales, channels, categories, attributes, variants) and one transaction that writes the product with its
// translations, channels, categories, stock and values, and its change events (lib/events); image files.
// The checks read through `db`, the client by default; the batch upsert (./product-batch-service.ts) passes its
// row's transaction instead, so that a row's variants are checked against the parent the row has just written.
import type { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";
import { patchedMetadata } from "../external.ts";
import { checkStockChange } from "../store-data/inventory-service.ts";
import { EXTENSIONS, storeFile } from "../../storage/files.ts";
import { recordEvent, recordEvents, type NewEvent } from "../../events/record.ts";
import { changedFields, newEvent } from "../../events/payloads.ts";
import { CHILD_TYPES, COMPOSITE_TYPES, compositesOf, refreshCompositePrices, SINGLE_CHOICE, storeCompositePrices } from "../../catalog/composite.ts";
import { productInputs, type AttributeValueInput, type ProductInput } from "./product-input.ts";
import { nullableHtml } from "../html-input.ts";

/**
 * The product inputs as the operations (./products.ts) and the batch upsert (./product-batch-service.ts) parse them:
 * the form's rules (./product-input.ts) plus the cleaning of the descriptions' HTML, which only the server does.
 */
export const { create: ProductCreate, update: ProductUpdate } = productInputs(nullableHtml);

type Existing = { id: number; type: string; parentId: number | null; sku: string; externalId: string | null; superAttributes: string[] } | null;

/** A checked write: in the transaction given (a batch row's), or in one of its own. */
export type PlannedWrite<T> = (tx?: Tx) => Promise<T>;

type GroupedRow = { associatedProductId: number; qty: number; position: number };

/** The associated products a write names (a bare id: quantity 1, in the order given). */
function groupedRows(input: ProductInput): GroupedRow[] | null {
  return (
    input.groupedProducts?.map((g, i) =>
      typeof g === "number" ? { associatedProductId: g, qty: 1, position: i } : { associatedProductId: g.productId, qty: g.qty ?? 1, position: g.position ?? i },
    ) ?? null
  );
}

/**
 * Grouped and bundle products are made of simple or virtual products that exist (never of themselves); they keep
 * no stock of their own. Every problem is a 422 naming the field.
 */
async function checkComposite(ctx: RequestContext, db: Tx, input: ProductInput, type: string, selfId: number | null) {
  const grouped = groupedRows(input);
  if (grouped && type !== "grouped") throw Validation.field("groupedProducts", "Only a grouped product has associated products.");
  if (input.bundleOptions && type !== "bundle") throw Validation.field("bundleOptions", "Only a bundle product has bundle options.");
  if (COMPOSITE_TYPES.has(type) && input.inventories?.length) {
    throw Validation.field("inventories", `A ${type} product has no stock of its own: its products' stock is its stock.`);
  }
  if (COMPOSITE_TYPES.has(type) && input.parentId) throw Validation.field("parentId", "A variant of a configurable product is a simple product.");
  const named = [...(grouped ?? []).map((g) => g.associatedProductId), ...(input.bundleOptions ?? []).flatMap((o) => o.products.map((p) => p.productId))];
  const children = named.length
    ? await db.product.findMany({ where: { id: { in: [...new Set(named)] } }, select: { id: true, type: true, parentId: true } })
    : [];
  const checkChild = (productId: number, field: string) => {
    if (selfId !== null && productId === selfId) throw Validation.field(field, "A product cannot be part of itself.");
    const c = children.find((x) => x.id === productId);
    if (!c) throw Validation.field(field, `There is no product ${productId}.`);
    if (!CHILD_TYPES.has(c.type) || c.parentId !== null) throw Validation.field(field, `Product ${productId} is a ${c.parentId !== null ? "variant" : c.type} product: only simple and virtual products can be part of a ${type} product.`);
  };
  if (grouped) {
    const seen = new Set<number>();
    for (const [i, g] of grouped.entries()) {
      checkChild(g.associatedProductId, `groupedProducts.${i}${typeof input.groupedProducts![i] === "number" ? "" : ".productId"}`);
      if (seen.has(g.associatedProductId)) throw Validation.field(`groupedProducts.${i}`, `Product ${g.associatedProductId} is named twice.`);
      seen.add(g.associatedProductId);
    }
  }
  if (input.bundleOptions) {
    const locales = new Set((await db.locale.findMany({ select: { code: true } })).map((l) => l.code));
    for (const [i, o] of input.bundleOptions.entries()) {
      for (const [k, t] of (o.translations ?? []).entries()) {
        if (!locales.has(t.locale)) throw Validation.field(`bundleOptions.${i}.translations.${k}.locale`, `The store has no locale "${t.locale}".`);
      }
      const seen = new Set<number>();
      for (const [j, p] of o.products.entries()) {
        checkChild(p.productId, `bundleOptions.${i}.products.${j}.productId`);
        if (seen.has(p.productId)) throw Validation.field(`bundleOptions.${i}.products.${j}.productId`, `Product ${p.productId} is named twice in this option.`);
        seen.add(p.productId);
      }
      if (SINGLE_CHOICE.has(o.type) && o.products.filter((p) => p.isDefault).length > 1) {
        throw Validation.field(`bundleOptions.${i}.products`, `A ${o.type} option has at most one default product.`);
      }
    }
  }
}

/** Replaces a grouped product's associated products and a bundle's options with what the write names. */
async function writeComposite(tx: Tx, ctx: RequestContext, id: number, input: ProductInput) {
  const grouped = groupedRows(input);
  if (grouped) {
    await tx.productGroupedLink.deleteMany({ where: { productId: id } });
    await tx.productGroupedLink.createMany({ data: grouped.map((g) => ({ ...g, productId: id })) });
  }
  if (input.bundleOptions) {
    await tx.productBundleOption.deleteMany({ where: { productId: id } });
    for (const [i, o] of input.bundleOptions.entries()) {
      const labels = new Map([[ctx.channel.defaultLocale, o.label], ...(o.translations ?? []).map((t) => [t.locale, t.label] as const)]);
      await tx.productBundleOption.create({
        select: { id: true },
        data: {
          productId: id,
          type: o.type,
          isRequired: o.isRequired ?? false,
          position: o.position ?? i,
          translations: { create: [...labels].map(([locale, label]) => ({ locale, label })) },
          products: {
            create: o.products.map((p, j) => ({
              productId: p.productId, qty: p.qty ?? 1, isUserDefined: p.isUserDefined ?? false, isDefault: p.isDefault ?? false, position: p.position ?? j,
            })),
          },
        },
      });
    }
  }
}

async function checkRefs(db: Tx, input: ProductInput, current: Existing) {
  const type = current?.type ?? input.type!;
  if (input.sku && input.sku !== current?.sku) {
    if (await db.product.count({ where: { sku: input.sku } })) throw Validation.field("sku", `A product with sku "${input.sku}" already exists.`);
  }
  // The same clash as a taken sku: both name one product for a connector.
  if (input.externalId && input.externalId !== current?.externalId) {
    if (await db.product.count({ where: { externalId: input.externalId } })) throw Validation.field("externalId", `A product with external id "${input.externalId}" already exists.`);
  }
  if (input.specialPriceFrom && input.specialPriceTo && input.specialPriceFrom > input.specialPriceTo) {
    throw Validation.field("specialPriceTo", "must not be before specialPriceFrom.");
  }
  if (input.translations) {
    const locales = new Set((await db.locale.findMany({ select: { code: true } })).map((l) => l.code));
    const seen = new Set<string>();
    for (const [i, t] of input.translations.entries()) {
      if (!locales.has(t.locale)) throw Validation.field(`translations.${i}.locale`, `The store has no locale "${t.locale}".`);
      if (seen.has(t.locale)) throw Validation.field(`translations.${i}.locale`, `Locale "${t.locale}" is given twice.`);
      seen.add(t.locale);
      const clash = await db.productTranslation.findFirst({ where: { locale: t.locale, urlKey: t.urlKey, ...(current ? { productId: { not: current.id } } : {}) } });
      if (clash) throw Validation.field(`translations.${i}.urlKey`, `The url key "${t.urlKey}" is already used in ${t.locale} by product ${clash.productId}.`);
    }
  }
  const channelIds = [...new Set([...(input.channels ?? []), ...(input.inventories ?? []).map((i) => i.channelId)])];
  if (channelIds.length && (await db.channel.count({ where: { id: { in: channelIds } } })) !== channelIds.length) {
    throw Validation.field(input.channels ? "channels" : "inventories", "must name existing channels only.");
  }
  const categoryIds = [...new Set(input.categories ?? [])];
  if (categoryIds.length && (await db.category.count({ where: { id: { in: categoryIds } } })) !== categoryIds.length) {
    throw Validation.field("categories", "must name existing categories only.");
  }
  if (input.superAttributes) {
    if (type !== "configurable") throw Validation.field("superAttributes", "Only a configurable product has super attributes.");
    const attrs = await db.attribute.findMany({ where: { code: { in: input.superAttributes }, isConfigurable: true, type: "select" } });
    if (attrs.length !== new Set(input.superAttributes).size) throw Validation.field("superAttributes", "must name configurable select attributes (e.g. color, size).");
    if (current && (await db.product.count({ where: { parentId: current.id } })) && [...input.superAttributes].sort().join() !== [...current.superAttributes].sort().join()) {
      throw new Conflict("The super attributes of a configurable product with variants cannot change.");
    }
  }
  if (type === "configurable" && !current && !input.superAttributes?.length) {
    throw Validation.field("superAttributes", "A configurable product needs its super attributes (e.g. [\"color\", \"size\"]).");
  }
}

type ResolvedValue = { attributeId: number; optionId: number | null; textValue: string | null; booleanValue: boolean | null; locale: string | null; channelId: number | null };

/** Checks each value against its attribute's type and scope; returns the rows to write. */
async function resolveValues(db: Tx, values: z.output<typeof AttributeValueInput>[]): Promise<ResolvedValue[]> {
  const attrs = await db.attribute.findMany({ where: { code: { in: values.map((v) => v.attributeCode) } }, include: { options: { select: { id: true } } } });
  const rows: ResolvedValue[] = [];
  for (const [i, v] of values.entries()) {
    const field = `attributeValues.${i}`;
    const a = attrs.find((x) => x.code === v.attributeCode);
    if (!a) throw Validation.field(`${field}.attributeCode`, `There is no attribute "${v.attributeCode}".`);
    if (v.locale !== undefined && !a.valuePerLocale) throw Validation.field(`${field}.locale`, `Attribute "${a.code}" has one value for every locale.`);
    if (v.channelId !== undefined && !a.valuePerChannel) throw Validation.field(`${field}.channelId`, `Attribute "${a.code}" has one value for every channel.`);
    const base = { attributeId: a.id, optionId: null, textValue: null, booleanValue: null, locale: v.locale ?? null, channelId: v.channelId ?? null };
    const optionOk = (id: number) => a.options.some((o) => o.id === id);
    if (a.type === "select") {
      if (!v.optionId || !optionOk(v.optionId)) throw Validation.field(`${field}.optionId`, `must be an option id of "${a.code}".`);
      rows.push({ ...base, optionId: v.optionId });
    } else if (a.type === "multiselect") {
      if (!v.optionIds?.length || !v.optionIds.every(optionOk)) throw Validation.field(`${field}.optionIds`, `must be option ids of "${a.code}".`);
      for (const optionId of new Set(v.optionIds)) rows.push({ ...base, optionId });
    } else if (a.type === "boolean") {
      if (typeof v.value !== "boolean") throw Validation.field(`${field}.value`, `"${a.code}" takes true or false.`);
      rows.push({ ...base, booleanValue: v.value });
    } else {
      if (v.value == null || typeof v.value === "boolean") throw Validation.field(`${field}.value`, `"${a.code}" takes a ${a.type} value.`);
      const text = String(v.value);
      if (a.type === "price" && !(Number(text) >= 0)) throw Validation.field(`${field}.value`, `"${a.code}" takes a non-negative number.`);
      if (a.type === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw Validation.field(`${field}.value`, `"${a.code}" takes a date YYYY-MM-DD.`);
      rows.push({ ...base, textValue: text });
    }
  }
  return rows;
}

/** A variant names one option of each of its parent's super attributes, in a combination no sibling has. */
async function checkVariant(db: Tx, parentId: number, values: ResolvedValue[], selfId?: number) {
  const parent = await db.product.findUnique({ where: { id: parentId }, include: { superAttributes: true } });
  if (!parent || parent.type !== "configurable") throw Validation.field("parentId", "must be the id of a configurable product.");
  const supers = parent.superAttributes.map((s) => s.attributeId);
  const picked = supers.map((id) => values.find((v) => v.attributeId === id)?.optionId);
  if (picked.some((o) => !o)) throw Validation.field("attributeValues", "A variant needs an option for each super attribute of its parent.");
  const siblings = await db.product.findMany({
    where: { parentId, ...(selfId ? { id: { not: selfId } } : {}) },
    include: { attributeValues: { where: { attributeId: { in: supers } } } },
  });
  const key = picked.join(",");
  if (siblings.some((s) => supers.map((id) => s.attributeValues.find((v) => v.attributeId === id)?.optionId).join(",") === key)) {
    throw Validation.field("attributeValues", "Another variant of this product already has this combination of options.");
  }
}

type StockEvent = NewEvent<"inventory.updated">;

/**
 * Writes the stock rows a write names, each whose quantity moves with its `inventory.updated` event (a channel
 * without a row held 0); answers the events, for the caller to record after the product's own.
 */
async function writeInventories(tx: Tx, productId: number, inventories: { channelId: number; qty?: number; adjust?: number }[]): Promise<StockEvent[]> {
  if (!inventories.length) return [];
  inventories.forEach((i, n) => checkStockChange(i, `inventories.${n}.`));
  const rows = await tx.productInventory.findMany({ where: { productId, channelId: { in: inventories.map((i) => i.channelId) } }, select: { channelId: true, qty: true } });
  const held = new Map(rows.map((r) => [r.channelId, r.qty]));
  const events: StockEvent[] = [];
  for (const [n, { channelId, qty: set, adjust }] of inventories.entries()) {
    if (adjust !== undefined) {
      const event = await adjustInventory(tx, productId, channelId, adjust, `inventories.${n}.adjust`);
      if (event) {
        held.set(channelId, event.data.newQty);
        events.push(event);
      }
      continue;
    }
    const qty = set!;
    const oldQty = held.get(channelId);
    if (oldQty === qty) continue;
    const row = await tx.productInventory.upsert({ where: { productId_channelId: { productId, channelId } }, create: { productId, channelId, qty }, update: { qty } });
    held.set(channelId, row.qty);
    if (row.qty !== (oldQty ?? 0)) {
      events.push({ type: "inventory.updated", data: { id: row.id, productId, channelId, oldQty: oldQty ?? 0, newQty: row.qty, reason: "admin", updatedAt: row.updatedAt } });
    }
  }
  return events;
}

/**
 * Moves a channel's stock by `adjust` in one statement, so that a sale or another adjust committing meanwhile is
 * counted, not overwritten; a channel without a row holds 0. Below 0 is a 422 naming `field`.
 */
async function adjustInventory(tx: Tx, productId: number, channelId: number, adjust: number, field: string): Promise<StockEvent | null> {
  if (adjust === 0) return null;
  const { count } = await tx.productInventory.updateMany({ where: { productId, channelId, qty: { gte: -adjust } }, data: { qty: { increment: adjust } } });
  if (!count) {
    const row = await tx.productInventory.findUnique({ where: { productId_channelId: { productId, channelId } }, select: { qty: true } });
    if (row || adjust < 0) throw Validation.field(field, `would leave ${(row?.qty ?? 0) + adjust} in stock in channel ${channelId}; the quantity cannot be negative.`);
    const made = await tx.productInventory.create({ data: { productId, channelId, qty: adjust } });
    return { type: "inventory.updated", data: { id: made.id, productId, channelId, oldQty: 0, newQty: made.qty, reason: "admin", updatedAt: made.updatedAt } };
  }
  const row = await tx.productInventory.findUniqueOrThrow({ where: { productId_channelId: { productId, channelId } } });
  return { type: "inventory.updated", data: { id: row.id, productId, channelId, oldQty: row.qty - adjust, newQty: row.qty, reason: "admin", updatedAt: row.updatedAt } };
}

async function writeRelations(tx: Tx, id: number, input: ProductInput, values: ResolvedValue[] | null, superIds: number[] | null): Promise<StockEvent[]> {
  for (const t of input.translations ?? []) {
    const { locale, ...fields } = t;
    const data = { ...fields, shortDescription: fields.shortDescription ?? null, description: fields.description ?? null, metaTitle: fields.metaTitle ?? null, metaDescription: fields.metaDescription ?? null, metaKeywords: fields.metaKeywords ?? null };
    await tx.productTranslation.upsert({ where: { productId_locale: { productId: id, locale } }, create: { ...data, productId: id, locale }, update: data });
  }
  if (input.channels) {
    await tx.productChannel.deleteMany({ where: { productId: id } });
    await tx.productChannel.createMany({ data: [...new Set(input.channels)].map((channelId) => ({ productId: id, channelId })) });
  }
  if (input.categories) {
    await tx.productCategory.deleteMany({ where: { productId: id } });
    await tx.productCategory.createMany({ data: [...new Set(input.categories)].map((categoryId) => ({ productId: id, categoryId })) });
  }
  const stock = await writeInventories(tx, id, input.inventories ?? []);
  if (values) {
    for (const attributeId of new Set(values.map((v) => v.attributeId))) {
      const scope = values.filter((v) => v.attributeId === attributeId);
      await tx.productAttributeValue.deleteMany({ where: { productId: id, attributeId, OR: scope.map((s) => ({ locale: s.locale, channelId: s.channelId })) } });
    }
    await tx.productAttributeValue.createMany({ data: values.map((v) => ({ ...v, productId: id })) });
  }
  if (superIds) {
    await tx.productSuperAttribute.deleteMany({ where: { productId: id } });
    await tx.productSuperAttribute.createMany({ data: superIds.map((attributeId) => ({ productId: id, attributeId })) });
  }
  return stock;
}

/**
 * Records a write's events, last in its transaction so each carries the record's final `updatedAt`: the product's
 * own, its stock's, then `product.updated` (price) for each other composite whose price followed it.
 */
async function recordProductEvents(
  tx: Tx,
  own: { id: number; type: "product.created" | "product.updated"; changed: string[] },
  stock: StockEvent[],
  repriced: number[],
) {
  const others = repriced.filter((id) => id !== own.id);
  const rows = await tx.product.findMany({ where: { id: { in: [own.id, ...others] } }, select: { id: true, sku: true, type: true, updatedAt: true } });
  const event = (id: number, type: typeof own.type, changed: string[]) => {
    const r = rows.find((x) => x.id === id)!;
    return newEvent(type, { id, sku: r.sku, type: r.type, changed, updatedAt: r.updatedAt });
  };
  // A composite's own write can move its price too (its products changed): that is part of what it changed.
  const changed = repriced.includes(own.id) && !own.changed.includes("price") ? [...own.changed, "price"] : own.changed;
  await recordEvents(tx, [event(own.id, own.type, changed), ...stock, ...others.map((id) => event(id, "product.updated", ["price"]))]);
}

const scalarFields = (input: ProductInput) => ({
  sku: input.sku,
  price: input.price,
  specialPrice: input.specialPrice,
  specialPriceFrom: input.specialPriceFrom === undefined ? undefined : input.specialPriceFrom && new Date(input.specialPriceFrom),
  specialPriceTo: input.specialPriceTo === undefined ? undefined : input.specialPriceTo && new Date(input.specialPriceTo),
  cost: input.cost,
  weight: input.weight,
  status: input.status,
  visibleIndividually: input.visibleIndividually,
  new: input.new,
  featured: input.featured,
  rmaReturnPeriod: input.rmaReturnPeriod,
});

async function superAttributeIds(db: Tx, codes: string[] | undefined) {
  if (!codes) return null;
  const rows = await db.attribute.findMany({ where: { code: { in: codes } }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** Runs a checked write in `tx`, or in a transaction of its own. */
const inTransaction = <T>(ctx: RequestContext, write: (tx: Tx) => Promise<T>): PlannedWrite<T> => (tx) => (tx ? write(tx) : ctx.db.$transaction(write));

/** Checks a new product against the store (read through `db`); the answer writes it and answers its id. */
export async function planCreate(ctx: RequestContext, input: z.output<typeof ProductCreate>, db: Tx = ctx.db): Promise<PlannedWrite<number>> {
  if (input.parentId && input.type !== "simple") throw Validation.field("type", "A variant of a configurable product is a simple product.");
  await checkRefs(db, input, null);
  await checkComposite(ctx, db, input, input.type, null);
  const values = input.attributeValues ? await resolveValues(db, input.attributeValues) : [];
  if (input.parentId) await checkVariant(db, input.parentId, values);
  const superIds = await superAttributeIds(db, input.superAttributes);
  const channels = input.channels ?? [ctx.channel.id];
  return inTransaction(ctx, async (tx) => {
    const row = await tx.product.create({
      data: {
        ...scalarFields(input), sku: input.sku, price: input.price, type: input.type, parentId: input.parentId ?? null, visibleIndividually: input.visibleIndividually ?? !input.parentId,
        externalId: input.externalId ?? null, ...(input.metadata ? { metadata: input.metadata } : {}),
      },
    });
    const stock = await writeRelations(tx, row.id, { ...input, channels }, values, superIds);
    await writeComposite(tx, ctx, row.id, input);
    // A new product is part of no composite yet; a new composite's price is its children's.
    const repriced = COMPOSITE_TYPES.has(input.type) ? await refreshCompositePrices(tx, ctx.channel.id, [row.id]) : [];
    await recordProductEvents(tx, { id: row.id, type: "product.created", changed: changedFields(input) }, stock, repriced);
    return row.id;
  });
}

export async function createProduct(ctx: RequestContext, input: z.output<typeof ProductCreate>): Promise<number> {
  return (await planCreate(ctx, input))();
}

/** Checks a change to product `id` (read through `db`); the answer writes it. */
export async function planUpdate(ctx: RequestContext, id: number, input: z.output<typeof ProductUpdate>, db: Tx = ctx.db): Promise<PlannedWrite<void>> {
  const current = await db.product.findUniqueOrThrow({ where: { id }, include: { superAttributes: { include: { attribute: true } } } });
  const existing = { ...current, superAttributes: current.superAttributes.map((s) => s.attribute.code) };
  await checkRefs(db, input, existing);
  await checkComposite(ctx, db, input, current.type, id);
  const values = input.attributeValues ? await resolveValues(db, input.attributeValues) : null;
  if (values && current.parentId) {
    const kept = await db.productAttributeValue.findMany({ where: { productId: id, attributeId: { notIn: values.map((v) => v.attributeId) } } });
    await checkVariant(db, current.parentId, [...values, ...kept], id);
  }
  const superIds = await superAttributeIds(db, input.superAttributes);
  const images = input.images && (await checkImageOrder(db, id, input.images));
  return inTransaction(ctx, async (tx) => {
    if (images) await writeImageOrder(tx, id, images);
    // The merge patch applies to the metadata as stored when the write runs, so a key set meanwhile is kept.
    const metadata = input.metadata === undefined ? undefined : patchedMetadata((await tx.product.findUniqueOrThrow({ where: { id }, select: { metadata: true } })).metadata, input.metadata);
    // updatedAt is set by hand: a write of relations or stock alone changes no column of the product row.
    await tx.product.update({ where: { id }, data: { ...scalarFields(input), externalId: input.externalId, ...(metadata ? { metadata } : {}), updatedAt: new Date() } });
    const stock = await writeRelations(tx, id, input, values, superIds);
    await writeComposite(tx, ctx, id, input);
    const repriced = movesCompositePrices(input) ? await refreshCompositePrices(tx, ctx.channel.id, [id]) : [];
    await recordProductEvents(tx, { id, type: "product.updated", changed: changedFields(input) }, stock, repriced);
  });
}

/** A write that can change what a composite costs: its children, or a price or the status of a product. */
const movesCompositePrices = (input: ProductInput) =>
  (["price", "specialPrice", "specialPriceFrom", "specialPriceTo", "status", "groupedProducts", "bundleOptions"] as const).some((k) => input[k] !== undefined);

/**
 * Deletes a product, and with it its variants (a configurable's): each leaves a `product.deleted` tombstone. The
 * composites it was part of lose it and take their prices from the products left: a `product.updated` each.
 */
export async function deleteProduct(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const owners = (await compositesOf(tx, [id])).filter((c) => c.id !== id);
    const gone = await tx.product.findMany({ where: { OR: [{ id }, { parentId: id }] }, select: { id: true, sku: true }, orderBy: { id: "asc" } });
    await tx.product.delete({ where: { id }, select: { id: true } });
    // Their links went with the product (a cascade), which changes no column of theirs: their updatedAt is moved here.
    if (owners.length) await tx.product.updateMany({ where: { id: { in: owners.map((o) => o.id) } }, data: { updatedAt: new Date() } });
    const repriced = await storeCompositePrices(tx, ctx.channel.id, owners);
    const after = await tx.product.findMany({ where: { id: { in: owners.map((o) => o.id) } }, select: { id: true, sku: true, type: true, updatedAt: true } });
    await recordEvents(tx, [
      // The product first, then its variants.
      ...[...gone.filter((p) => p.id === id), ...gone.filter((p) => p.id !== id)].map((p) => newEvent("product.deleted", { id: p.id, sku: p.sku })),
      ...after.map((o) =>
        newEvent("product.updated", {
          id: o.id, sku: o.sku, type: o.type, changed: [o.type === "grouped" ? "groupedProducts" : "bundleOptions", ...(repriced.includes(o.id) ? ["price"] : [])], updatedAt: o.updatedAt,
        }),
      ),
    ]);
  });
}

export async function updateProduct(ctx: RequestContext, id: number, input: z.output<typeof ProductUpdate>): Promise<void> {
  await (await planUpdate(ctx, id, input))();
}

/** The images an `images` list keeps and removes: each id must be one of the product's images (else 422). */
async function checkImageOrder(db: Tx, productId: number, ids: number[]): Promise<{ order: number[]; removed: number[] }> {
  const own = (await db.productImage.findMany({ where: { productId }, select: { id: true } })).map((i) => i.id);
  const stranger = ids.find((i) => !own.includes(i));
  if (stranger !== undefined) throw Validation.field("images", `Image ${stranger} is not an image of this product.`);
  return { order: ids, removed: own.filter((i) => !ids.includes(i)) };
}

/** Puts the kept images in the given order (positions 1…n) and deletes the rows of the removed ones. */
async function writeImageOrder(tx: Tx, productId: number, { order, removed }: { order: number[]; removed: number[] }) {
  if (removed.length) await tx.productImage.deleteMany({ where: { productId, id: { in: removed } } });
  for (const [i, id] of order.entries()) await tx.productImage.update({ where: { id }, data: { position: i + 1 }, select: { id: true } });
}

/** Stores checked images (their bytes already sniffed) and lists them after the product's others. */
export async function addProductImages(ctx: RequestContext, id: number, images: { bytes: Uint8Array; type: string }[]): Promise<void> {
  const last = await ctx.db.productImage.aggregate({ where: { productId: id }, _max: { position: true } });
  let position = last._max.position ?? 0;
  const paths: string[] = [];
  for (const f of images) paths.push(await storeFile(`product/${id}`, EXTENSIONS[f.type], f.bytes));
  await ctx.db.$transaction(async (tx) => {
    await tx.productImage.createMany({ data: paths.map((path) => ({ productId: id, path, type: "images", position: ++position })) });
    const row = await tx.product.update({ where: { id }, data: { updatedAt: new Date() }, select: { sku: true, type: true, updatedAt: true } });
    await recordEvent(tx, "product.updated", { id, sku: row.sku, type: row.type, changed: ["images"], updatedAt: row.updatedAt });
  });
}
