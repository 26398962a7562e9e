// Attributes and their options over the Admin API. `code` and `type` are fixed once created; PATCH `options` is the
// whole wanted list (with `id`: keep and update; without: add; left out: removed unless a product uses it).
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";
import { boolParam, intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";

const TYPES = ["text", "textarea", "select", "multiselect", "boolean", "price", "date", "image", "file"] as const;

const OptionShape = z
  .object({
    id: z.int(), adminName: z.string(), sortOrder: z.int(), swatchValue: z.string().nullable(),
    translations: z.array(z.object({ locale: z.string(), label: z.string() }).meta({ id: "AdminAttributeOptionTranslation" })),
  })
  .meta({ id: "AdminAttributeOption" });

export const AdminAttribute = z
  .object({
    id: z.int(), code: z.string(), adminName: z.string(), type: z.string(), position: z.int(), isRequired: z.boolean(), isUnique: z.boolean(),
    isFilterable: z.int(), isConfigurable: z.boolean(), isVisibleOnFront: z.boolean(), valuePerLocale: z.boolean(), valuePerChannel: z.boolean(),
    swatchType: z.string().nullable(),
    translations: z.array(z.object({ locale: z.string(), name: z.string() }).meta({ id: "AdminAttributeTranslation" })),
    options: z.array(OptionShape),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminAttribute", iri: "/api/admin/catalog/attributes" });

const label = z.object({ locale: z.string().trim().min(1).max(20), label: z.string().trim().min(1, { message: "is required" }).max(255) });
const OptionInput = z.object({
  id: recordId().optional(),
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  sortOrder: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  swatchValue: nullableText(255),
  translations: z.array(label).max(50).optional(),
});
const Editable = z.object({
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  isRequired: boolParam().optional(), isUnique: boolParam().optional(), isConfigurable: boolParam().optional(),
  isFilterable: intParam().pipe(z.int().min(0).max(1)).optional(),
  isVisibleOnFront: boolParam().optional(), valuePerLocale: boolParam().optional(), valuePerChannel: boolParam().optional(),
  swatchType: z.enum(["dropdown", "color", "image", "text"]).nullable().optional(),
  translations: z.array(z.object({ locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255) })).max(50).optional(),
  options: z.array(OptionInput).max(1000).optional(),
});
const Create = Editable.extend({
  code: z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" }),
  type: z.enum(TYPES, { message: `must be one of ${TYPES.join(", ")}` }),
});

type Input = Partial<z.output<typeof Create>>;

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

const { translations: _t, options: _o, ...scalarKeys } = Editable.shape;
const scalars = (input: Input) => Object.fromEntries(Object.keys(scalarKeys).map((k) => [k, input[k as keyof Input]]));

export const attributes = adminResource({
  path: "catalog/attributes",
  one: "Attribute",
  many: "Attributes",
  permission: "catalog.attributes",
  model: "attribute",
  output: AdminAttribute,
  include: () => ({
    translations: { orderBy: { locale: "asc" as const } },
    options: { orderBy: [{ sortOrder: "asc" as const }, { id: "asc" as const }], include: { translations: { orderBy: { locale: "asc" as const } } } },
  }),
  filters: z.object({ code: z.string().trim().max(191).optional(), type: z.enum(TYPES).optional(), isFilterable: intParam().optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code } : {}), ...(f.type ? { type: f.type } : {}), ...(f.isFilterable !== undefined ? { isFilterable: f.isFilterable } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), position: (d) => ({ position: d }) }, default: "id" },
  create: {
    input: Create,
    run: async (ctx, input) => {
      if (await ctx.db.attribute.count({ where: { code: input.code } })) throw Validation.field("code", `An attribute with code "${input.code}" already exists.`);
      await check(ctx, input, input.type);
      return ctx.db.$transaction(async (tx) => {
        const row = await tx.attribute.create({ data: { ...scalars(input), code: input.code, type: input.type, adminName: input.adminName } });
        await write(tx, row.id, input, false);
        return row.id;
      });
    },
  },
  update: {
    input: Editable.partial(),
    run: async (ctx, id, input) => {
      const current = await ctx.db.attribute.findUniqueOrThrow({ where: { id } });
      await check(ctx, input, current.type);
      await ctx.db.$transaction(async (tx) => {
        await tx.attribute.update({ where: { id }, data: { ...scalars(input), updatedAt: new Date() } });
        await write(tx, id, input, true);
      });
    },
  },
  remove: async (ctx, id) => {
    const [values, supers] = await Promise.all([ctx.db.productAttributeValue.count({ where: { attributeId: id } }), ctx.db.productSuperAttribute.count({ where: { attributeId: id } })]);
    if (values || supers) throw new Conflict("Products use this attribute; remove it from them first.");
    await ctx.db.attribute.delete({ where: { id } });
  },
});
