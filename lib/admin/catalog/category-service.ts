// Categories: the database work behind ./categories.ts. A category's url path per locale is its parent's path plus
// its slug, kept in step for the whole subtree when a slug or the parent changes; a category cannot move below itself.
import type { RequestContext } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Validation } from "../../errors.ts";

export interface CategoryFields {
  parentId?: number | null;
  position?: number;
  status?: number;
  displayMode?: "products_and_description" | "products_only" | "description_only" | null;
  translations: {
    locale: string; name: string; slug: string; description?: string | null; metaTitle?: string | null; metaDescription?: string | null; metaKeywords?: string | null;
  }[];
}
type Input = Partial<CategoryFields>;

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

export async function createCategory(ctx: RequestContext, input: CategoryFields): Promise<number> {
  await check(ctx, input);
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.category.create({ data: { ...scalars(input), position: input.position ?? 0, status: input.status ?? 1 } });
    await write(tx, row.id, input);
    return row.id;
  });
}

export async function updateCategory(ctx: RequestContext, id: number, input: Input): Promise<void> {
  await check(ctx, input, id);
  await ctx.db.$transaction(async (tx) => {
    await tx.category.update({ where: { id }, data: { ...scalars(input), updatedAt: new Date() } });
    await write(tx, id, input);
  });
}

/** A category with subcategories, or the root of a channel, stays. */
export async function deleteCategory(ctx: RequestContext, id: number): Promise<void> {
  const [children, roots] = await Promise.all([ctx.db.category.count({ where: { parentId: id } }), ctx.db.channel.count({ where: { rootCategoryId: id } })]);
  if (children) throw new Conflict(`The category has ${children} subcategories; move or delete them first.`);
  if (roots) throw new Conflict("The category is the root of a channel.");
  await ctx.db.category.delete({ where: { id } });
}
