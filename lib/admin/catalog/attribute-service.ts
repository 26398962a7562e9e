// Attributes and their options: the database work behind ./attributes.ts. PATCH `options` is the whole wanted
// list (with `id`: keep and update; without: add; left out: removed unless a product uses it).
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";

type Label = { locale: string; label: string };
export interface AttributeFields {
  adminName: string;
  position?: number;
  isRequired?: boolean;
  isUnique?: boolean;
  isConfigurable?: boolean;
  isFilterable?: number;
  isVisibleOnFront?: boolean;
  valuePerLocale?: boolean;
  valuePerChannel?: boolean;
  swatchType?: "dropdown" | "color" | "image" | "text" | null;
  translations?: { locale: string; name: string }[];
  options?: { id?: number; adminName: string; sortOrder?: number; swatchValue?: string | null; translations?: Label[] }[];
}
export type NewAttribute = AttributeFields & { code: string; type: string };
type Input = Partial<NewAttribute>;

async function check(ctx: RequestContext, input: Input, type: string) {
  const locales = new Set((await ctx.db.locale.findMany()).map((l) => l.code));
  const bad = [...(input.translations ?? []), ...(input.options ?? []).flatMap((o) => o.translations ?? [])].find((t) => !locales.has(t.locale));
  if (bad) throw Validation.field("translations", `The store has no locale "${bad.locale}".`);
  if (input.options?.length && type !== "select" && type !== "multiselect") throw Validation.field("options", "Only select and multiselect attributes have options.");
  if (input.isConfigurable && type !== "select") throw Validation.field("isConfigurable", "Only a select attribute can be configurable.");
}

async function writeOptions(tx: Tx, attributeId: number, options: NonNullable<Input["options"]>, replace: boolean) {
  const existing = await tx.attributeOption.findMany({ where: { attributeId }, select: { id: true } });
  const known = new Set(existing.map((o) => o.id));
  const unknown = options.find((o) => o.id && !known.has(o.id));
  if (unknown) throw Validation.field("options", `Option ${unknown.id} does not belong to this attribute.`);
  if (replace) {
    const dropped = existing.map((o) => o.id).filter((id) => !options.some((o) => o.id === id));
    if (dropped.length && (await tx.productAttributeValue.count({ where: { optionId: { in: dropped } } }))) {
      throw new Conflict("Products use some of the options left out; remove the values from the products first.");
    }
    await tx.attributeOption.deleteMany({ where: { id: { in: dropped } } });
  }
  for (const [i, o] of options.entries()) {
    const data = { adminName: o.adminName, sortOrder: o.sortOrder ?? i, swatchValue: o.swatchValue ?? null };
    const id = o.id ? (await tx.attributeOption.update({ where: { id: o.id }, data })).id : (await tx.attributeOption.create({ data: { ...data, attributeId } })).id;
    for (const t of o.translations ?? []) {
      await tx.attributeOptionTranslation.upsert({ where: { optionId_locale: { optionId: id, locale: t.locale } }, create: { optionId: id, ...t }, update: { label: t.label } });
    }
  }
}

async function write(tx: Tx, id: number, input: Input, replaceOptions: boolean) {
  for (const t of input.translations ?? []) {
    await tx.attributeTranslation.upsert({ where: { attributeId_locale: { attributeId: id, locale: t.locale } }, create: { attributeId: id, ...t }, update: { name: t.name } });
  }
  if (input.options) await writeOptions(tx, id, input.options, replaceOptions);
}

const SCALARS = ["adminName", "position", "isRequired", "isUnique", "isConfigurable", "isFilterable", "isVisibleOnFront", "valuePerLocale", "valuePerChannel", "swatchType"] as const;
const scalars = (input: Input) => Object.fromEntries(SCALARS.map((k) => [k, input[k]]));

export async function createAttribute(ctx: RequestContext, input: NewAttribute): Promise<number> {
  if (await ctx.db.attribute.count({ where: { code: input.code } })) throw Validation.field("code", `An attribute with code "${input.code}" already exists.`);
  await check(ctx, input, input.type);
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.attribute.create({ data: { ...scalars(input), code: input.code, type: input.type, adminName: input.adminName } });
    await write(tx, row.id, input, false);
    return row.id;
  });
}

export async function updateAttribute(ctx: RequestContext, id: number, input: Partial<AttributeFields>): Promise<void> {
  const current = await ctx.db.attribute.findUniqueOrThrow({ where: { id } });
  await check(ctx, input, current.type);
  await ctx.db.$transaction(async (tx) => {
    await tx.attribute.update({ where: { id }, data: { ...scalars(input), updatedAt: new Date() } });
    await write(tx, id, input, true);
  });
}

/** An attribute products use stays. */
export async function deleteAttribute(ctx: RequestContext, id: number): Promise<void> {
  const [values, supers] = await Promise.all([ctx.db.productAttributeValue.count({ where: { attributeId: id } }), ctx.db.productSuperAttribute.count({ where: { attributeId: id } })]);
  if (values || supers) throw new Conflict("Products use this attribute; remove it from them first.");
  await ctx.db.attribute.delete({ where: { id } });
}
