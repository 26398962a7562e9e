// Attribute and attribute-option reads, with their labels in the request locale.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import { imageUrl } from "./products.ts";
import { heldRead } from "../db/held-reads.ts";

/** Tables an attribute or option answer is made of. */
const ATTRIBUTE_TABLES = ["Attribute", "AttributeTranslation", "AttributeOption", "AttributeOptionTranslation"];

const optionTranslations = { translations: { orderBy: { locale: "asc" as const } } };
/** An option read alone brings its attribute's swatch type; an attribute's options have it from their attribute. */
const optionInclude = { ...optionTranslations, attribute: { select: { swatchType: true } } };

type OptionRecord = {
  id: number;
  attributeId: number;
  adminName: string;
  sortOrder: number;
  swatchValue: string | null;
  translations: { id: number; locale: string; label: string }[];
};

function toOption(ctx: RequestContext, o: OptionRecord, swatchType: string | null) {
  const translations = o.translations.map((t) => ({ id: t.id, _id: t.id, attributeOptionId: o.id, locale: t.locale, label: t.label }));
  const translation = translations.find((t) => t.locale === ctx.locale) ?? translations[0] ?? null;
  return {
    id: o.id,
    attributeId: o.attributeId,
    adminName: o.adminName,
    label: translations.find((t) => t.locale === ctx.locale)?.label ?? o.adminName,
    sortOrder: o.sortOrder,
    swatchValue: o.swatchValue,
    swatchValueUrl: swatchType === "image" && o.swatchValue ? imageUrl(ctx, o.swatchValue) : null,
    translation,
    translations,
  };
}

const attributeInclude = {
  translations: { orderBy: { locale: "asc" as const } },
  options: { orderBy: [{ sortOrder: "asc" as const }, { id: "asc" as const }], include: optionTranslations },
};

type AttributeRecord = {
  id: number; code: string; adminName: string; type: string; position: number; isFilterable: number;
  isConfigurable: boolean; isRequired: boolean; isUnique: boolean; isComparable: boolean; isUserDefined: boolean;
  isVisibleOnFront: boolean; valuePerLocale: boolean; valuePerChannel: boolean; enableWysiwyg: boolean;
  validation: string | null; regex: string | null; defaultValue: string | null; swatchType: string | null;
  createdAt: Date; updatedAt: Date;
  translations: { id: number; attributeId: number; locale: string; name: string }[]; options: OptionRecord[];
};

/** The column of a product's value row that holds a value of this attribute type (lib/catalog/products.ts). */
const columnOf = (type: string) => (type === "select" ? "option_id" : type === "boolean" ? "boolean_value" : "text_value");

function rulesOf(a: AttributeRecord): string {
  const rules: Record<string, unknown> = {};
  if (a.isRequired) rules.required = true;
  if (a.isUnique) rules.unique = true;
  if (a.validation === "regex" && a.regex) rules.regex = a.regex;
  else if (a.validation) rules[a.validation] = true;
  return JSON.stringify(rules);
}

function toAttribute(ctx: RequestContext, a: AttributeRecord) {
  return {
    ...a,
    name: a.translations.find((t) => t.locale === ctx.locale)?.name ?? a.adminName,
    validations: rulesOf(a),
    columnName: columnOf(a.type),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    translations: a.translations.map((t) => ({ ...t, _id: t.id })),
    options: a.options.map((o) => toOption(ctx, o, a.swatchType)),
  };
}

export const listAttributes = heldRead("listAttributes", ATTRIBUTE_TABLES, async (ctx: RequestContext, q: { isFilterable?: number; code?: string }, paging: Paging): Promise<Page<ReturnType<typeof toAttribute>>> => {
  const where = { ...(q.isFilterable !== undefined ? { isFilterable: q.isFilterable } : {}), ...(q.code ? { code: q.code } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.attribute.count({ where }),
    ctx.db.attribute.findMany({ where, orderBy: [{ position: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include: attributeInclude }),
  ]);
  return { total, items: rows.map((a) => toAttribute(ctx, a)) };
});

export const getAttribute = heldRead("getAttribute", ATTRIBUTE_TABLES, async (ctx: RequestContext, id: number) => {
  const a = await ctx.db.attribute.findUnique({ where: { id }, include: attributeInclude });
  if (!a) throw new NotFound("Attribute");
  return toAttribute(ctx, a);
});

export const listAttributeOptions = heldRead("listAttributeOptions", ATTRIBUTE_TABLES, async (ctx: RequestContext, q: { attributeId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toOption>>> => {
  const where = q.attributeId !== undefined ? { attributeId: q.attributeId } : {};
  const [total, rows] = await Promise.all([
    ctx.db.attributeOption.count({ where }),
    ctx.db.attributeOption.findMany({ where, orderBy: [{ attributeId: "asc" }, { sortOrder: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include: optionInclude }),
  ]);
  return { total, items: rows.map((o) => toOption(ctx, o, o.attribute.swatchType)) };
});

export const getAttributeOption = heldRead("getAttributeOption", ATTRIBUTE_TABLES, async (ctx: RequestContext, id: number) => {
  const o = await ctx.db.attributeOption.findUnique({ where: { id }, include: optionInclude });
  if (!o) throw new NotFound("Attribute option");
  return toOption(ctx, o, o.attribute.swatchType);
});
