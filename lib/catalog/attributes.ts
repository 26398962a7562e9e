// Attribute and attribute-option reads, with their labels in the request locale.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";

const optionInclude = { translations: { orderBy: { locale: "asc" as const } } };

type OptionRecord = {
  id: number;
  attributeId: number;
  adminName: string;
  sortOrder: number;
  swatchValue: string | null;
  translations: { id: number; locale: string; label: string }[];
};

function toOption(ctx: RequestContext, o: OptionRecord) {
  return {
    id: o.id,
    attributeId: o.attributeId,
    adminName: o.adminName,
    label: o.translations.find((t) => t.locale === ctx.locale)?.label ?? o.adminName,
    sortOrder: o.sortOrder,
    swatchValue: o.swatchValue,
    translations: o.translations.map((t) => ({ id: t.id, locale: t.locale, label: t.label })),
  };
}

const attributeInclude = (ctx: RequestContext) => ({
  translations: { where: { locale: ctx.locale } },
  options: { orderBy: [{ sortOrder: "asc" as const }, { id: "asc" as const }], include: optionInclude },
});

type AttributeRecord = {
  id: number; code: string; adminName: string; type: string; position: number; isFilterable: number;
  isConfigurable: boolean; isRequired: boolean; swatchType: string | null;
  translations: { name: string }[]; options: OptionRecord[];
};

function toAttribute(ctx: RequestContext, a: AttributeRecord) {
  return {
    id: a.id,
    code: a.code,
    adminName: a.adminName,
    name: a.translations[0]?.name ?? a.adminName,
    type: a.type,
    position: a.position,
    isFilterable: a.isFilterable,
    isConfigurable: a.isConfigurable,
    isRequired: a.isRequired,
    swatchType: a.swatchType,
    options: a.options.map((o) => toOption(ctx, o)),
  };
}

export async function listAttributes(ctx: RequestContext, q: { isFilterable?: number; code?: string }, paging: Paging): Promise<Page<ReturnType<typeof toAttribute>>> {
  const where = { ...(q.isFilterable !== undefined ? { isFilterable: q.isFilterable } : {}), ...(q.code ? { code: q.code } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.attribute.count({ where }),
    ctx.db.attribute.findMany({ where, orderBy: [{ position: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include: attributeInclude(ctx) }),
  ]);
  return { total, items: rows.map((a) => toAttribute(ctx, a)) };
}

export async function getAttribute(ctx: RequestContext, id: number) {
  const a = await ctx.db.attribute.findUnique({ where: { id }, include: attributeInclude(ctx) });
  if (!a) throw new NotFound("Attribute");
  return toAttribute(ctx, a);
}

export async function listAttributeOptions(ctx: RequestContext, q: { attributeId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toOption>>> {
  const where = q.attributeId !== undefined ? { attributeId: q.attributeId } : {};
  const [total, rows] = await Promise.all([
    ctx.db.attributeOption.count({ where }),
    ctx.db.attributeOption.findMany({ where, orderBy: [{ attributeId: "asc" }, { sortOrder: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include: optionInclude }),
  ]);
  return { total, items: rows.map((o) => toOption(ctx, o)) };
}
