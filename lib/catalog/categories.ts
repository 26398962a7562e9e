// Category reads: active categories only, flat or as a tree below a parent.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import type { CategoryTreeNode } from "./shapes.ts";

const withTranslation = (ctx: RequestContext) => ({
  translations: { where: { locale: { in: [ctx.locale, ctx.channel.defaultLocale] } } },
});

type CategoryRecord = {
  id: number;
  parentId: number | null;
  position: number;
  status: number;
  logoPath: string | null;
  translations: { id: number; locale: string; name: string; slug: string; urlPath: string; description: string | null; metaTitle: string | null; metaDescription: string | null }[];
};

function toCategory(ctx: RequestContext, c: CategoryRecord) {
  const t = c.translations.find((x) => x.locale === ctx.locale) ?? c.translations[0] ?? null;
  return {
    id: c.id,
    parentId: c.parentId,
    position: c.position,
    status: c.status,
    logoPath: c.logoPath,
    name: t?.name ?? "",
    slug: t?.slug ?? "",
    urlPath: t?.urlPath ?? "",
    description: t?.description ?? null,
    translation: t,
  };
}

export async function listCategories(ctx: RequestContext, q: { parentId?: number }, paging: Paging): Promise<Page<ReturnType<typeof toCategory>>> {
  const where = { status: 1, ...(q.parentId !== undefined ? { parentId: q.parentId } : {}) };
  const [total, rows] = await Promise.all([
    ctx.db.category.count({ where }),
    ctx.db.category.findMany({ where, orderBy: [{ position: "asc" }, { id: "asc" }], skip: paging.offset, take: paging.limit, include: withTranslation(ctx) }),
  ]);
  return { total, items: rows.map((c) => toCategory(ctx, c)) };
}

export async function getCategory(ctx: RequestContext, id: number) {
  const c = await ctx.db.category.findFirst({ where: { id, status: 1 }, include: withTranslation(ctx) });
  if (!c) throw new NotFound("Category");
  return toCategory(ctx, c);
}

/** The active subtree below `parentId` (default: the channel's root category), in one query. */
export async function categoryTree(ctx: RequestContext, parentId?: number): Promise<CategoryTreeNode[]> {
  const rootId = parentId ?? ctx.channel.rootCategoryId;
  if (parentId !== undefined) {
    const parent = await ctx.db.category.findFirst({ where: { id: parentId, status: 1 }, select: { id: true } });
    if (!parent) throw new NotFound("Category");
  }
  const rows = await ctx.db.category.findMany({
    where: { status: 1 },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    include: withTranslation(ctx),
  });
  const byParent = new Map<number | null, CategoryRecord[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (id: number | null): CategoryTreeNode[] =>
    (byParent.get(id) ?? []).map((c) => ({ ...toCategory(ctx, c), children: build(c.id) }));
  return build(rootId ?? null);
}
