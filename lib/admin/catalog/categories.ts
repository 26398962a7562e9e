// Categories over the Admin API. A category's url path per locale is its parent's path plus its slug, kept in
// step for the whole subtree when a slug or the parent changes; a category cannot move below itself.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";
import { intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText, nullableHtml } from "../input.ts";

const Translation = z
  .object({
    locale: z.string(), name: z.string(), slug: z.string(), urlPath: z.string(), description: z.string().nullable(),
    metaTitle: z.string().nullable(), metaDescription: z.string().nullable(), metaKeywords: z.string().nullable(),
  })
  .meta({ id: "AdminCategoryTranslation" });

export const AdminCategory = z
  .object({
    id: z.int(), parentId: z.int().nullable(), name: z.string(), position: z.int(), status: z.int(), displayMode: z.string().nullable(),
    logoPath: z.string().nullable(), bannerPath: z.string().nullable(), translations: z.array(Translation),
    childrenCount: z.int(), productsCount: z.int(), createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminCategory", iri: "/api/admin/catalog/categories" });

const slug = z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be a slug: lowercase letters, digits, single hyphens" });
const TranslationInput = z.object({
  locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255), slug,
  description: nullableHtml(100_000), metaTitle: nullableText(255), metaDescription: nullableText(1000), metaKeywords: nullableText(1000),
});
const Fields = z.object({
  parentId: recordId().nullable().optional(),
  position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  status: intParam().pipe(z.int().min(0).max(1)).optional(),
  displayMode: z.enum(["products_and_description", "products_only", "description_only"]).nullable().optional(),
  translations: z.array(TranslationInput).min(1, { message: "needs at least one locale" }).max(50),
});

type Input = Partial<z.output<typeof Fields>>;

async function check(ctx: RequestContext, input: Input, selfId?: number) {
  if (input.parentId) {
    if (input.parentId === selfId) throw Validation.field("parentId", "A category cannot be its own parent.");
    const parent = await ctx.db.category.findUnique({ where: { id: input.parentId } });
    if (!parent) throw Validation.field("parentId", `There is no category ${input.parentId}.`);
    for (let p: { parentId: number | null } | null = parent; p?.parentId; p = await ctx.db.category.findUnique({ where: { id: p.parentId } })) {
      if (p.parentId === selfId) throw Validation.field("parentId", "A category cannot move below one of its own children.");
    }
  }
  if (input.translations) {
    const locales = new Set((await ctx.db.locale.findMany()).map((l) => l.code));
    const seen = new Set<string>();
    input.translations.forEach((t, i) => {
      if (!locales.has(t.locale)) throw Validation.field(`translations.${i}.locale`, `The store has no locale "${t.locale}".`);
      if (seen.has(t.locale)) throw Validation.field(`translations.${i}.locale`, `Locale "${t.locale}" is given twice.`);
      seen.add(t.locale);
    });
  }
}

/** Recomputes url paths of `id` and everything below it; a path taken by another category is a 422. */
async function refreshPaths(tx: Tx, id: number) {
  const node = await tx.category.findUniqueOrThrow({ where: { id }, include: { translations: true, parent: { include: { translations: true } } } });
  for (const t of node.translations) {
    const parentPath = node.parent?.parentId ? node.parent.translations.find((p) => p.locale === t.locale)?.urlPath : "";
    const urlPath = parentPath ? `${parentPath}/${t.slug}` : t.slug;
    const clash = await tx.categoryTranslation.findFirst({ where: { locale: t.locale, urlPath, categoryId: { not: id } } });
    if (clash) throw Validation.field("translations", `The url path "${urlPath}" (${t.locale}) is already used by category ${clash.categoryId}.`);
    if (urlPath !== t.urlPath) await tx.categoryTranslation.update({ where: { id: t.id }, data: { urlPath } });
  }
  for (const child of await tx.category.findMany({ where: { parentId: id }, select: { id: true } })) await refreshPaths(tx, child.id);
}

async function write(tx: Tx, id: number, input: Input) {
  for (const { locale, ...fields } of input.translations ?? []) {
    const data = { ...fields, description: fields.description ?? null, metaTitle: fields.metaTitle ?? null, metaDescription: fields.metaDescription ?? null, metaKeywords: fields.metaKeywords ?? null };
    await tx.categoryTranslation.upsert({ where: { categoryId_locale: { categoryId: id, locale } }, create: { ...data, locale, categoryId: id, urlPath: fields.slug }, update: data });
  }
  await refreshPaths(tx, id);
}

const scalars = (i: Input) => ({ parentId: i.parentId, position: i.position, status: i.status, displayMode: i.displayMode });

export const categories = adminResource({
  path: "catalog/categories",
  one: "Category",
  many: "Categories",
  permission: "catalog.categories",
  model: "category",
  output: AdminCategory,
  include: () => ({ translations: { orderBy: { locale: "asc" as const } }, _count: { select: { children: true, products: true } } }),
  toOutput: (ctx, c) => ({
    ...c,
    name: (c.translations.find((t: { locale: string }) => t.locale === ctx.locale) ?? c.translations[0])?.name ?? "",
    childrenCount: c._count.children,
    productsCount: c._count.products,
  }),
  filters: z.object({ parentId: intParam().optional(), status: intParam().optional(), name: z.string().trim().max(255).optional() }),
  where: (_ctx, f) => ({
    ...(f.parentId ? { parentId: f.parentId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.name ? { translations: { some: { name: { contains: f.name } } } } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), position: (d) => ({ position: d }), created_at: (d) => ({ createdAt: d }) }, default: "id" },
  create: {
    input: Fields,
    run: async (ctx, input) => {
      await check(ctx, input);
      return ctx.db.$transaction(async (tx) => {
        const row = await tx.category.create({ data: { ...scalars(input), position: input.position ?? 0, status: input.status ?? 1 } });
        await write(tx, row.id, input);
        return row.id;
      });
    },
  },
  update: {
    input: Fields.partial(),
    run: async (ctx, id, input) => {
      await check(ctx, input, id);
      await ctx.db.$transaction(async (tx) => {
        await tx.category.update({ where: { id }, data: { ...scalars(input), updatedAt: new Date() } });
        await write(tx, id, input);
      });
    },
  },
  remove: async (ctx, id) => {
    const [children, roots] = await Promise.all([ctx.db.category.count({ where: { parentId: id } }), ctx.db.channel.count({ where: { rootCategoryId: id } })]);
    if (children) throw new Conflict(`The category has ${children} subcategories; move or delete them first.`);
    if (roots) throw new Conflict("The category is the root of a channel.");
    await ctx.db.category.delete({ where: { id } });
  },
});
