// Category reads: active categories only, flat or as a tree below a parent.
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import type { CategoryTreeNode } from "./shapes.ts";
import { imageUrl } from "./products.ts";

const translationsInclude = { translations: { orderBy: { locale: "asc" as const } } };
const activeChildren = { where: { status: 1 }, orderBy: [{ position: "asc" as const }, { id: "asc" as const }], include: translationsInclude };
/** Children with their own active children: a category answer shows two levels below it. */
const activeChildrenTwoLevels = { ...activeChildren, include: { ...translationsInclude, children: activeChildren } };

type TranslationRecord = { id: number; categoryId: number; locale: string; name: string; slug: string; urlPath: string; description: string | null; metaTitle: string | null; metaDescription: string | null; metaKeywords: string | null };

type CategoryRecord = {
  id: number;
  parentId: number | null;
  position: number;
  status: number;
  logoPath: string | null;
  bannerPath: string | null;
  displayMode: string | null;
  additional: string | null;
  createdAt: Date;
  updatedAt: Date;
  translations: TranslationRecord[];
};

/** What every category answer needs beside its row: its nested-set bounds and the store's locale ids. */
interface TreeIndex {
  bounds: Map<number, { lft: number; rgt: number }>;
  localeIds: Map<string, number>;
}

/** Numbers the whole tree depth first (sibling order: position, id), as a nested set does. */
async function treeIndex(ctx: RequestContext): Promise<TreeIndex> {
  const [rows, locales] = await Promise.all([
    ctx.db.category.findMany({ select: { id: true, parentId: true }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    ctx.db.locale.findMany({ select: { id: true, code: true } }),
  ]);
  const byParent = new Map<number | null, number[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r.id]);
  const bounds = new Map<number, { lft: number; rgt: number }>();
  let n = 0;
  const visit = (id: number) => {
    const lft = ++n;
    for (const child of byParent.get(id) ?? []) visit(child);
    bounds.set(id, { lft, rgt: ++n });
  };
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) if (r.parentId === null || !ids.has(r.parentId)) visit(r.id);
  return { bounds, localeIds: new Map(locales.map((l) => [l.code, l.id])) };
}

function toCategory(ctx: RequestContext, index: TreeIndex, c: CategoryRecord) {
  const translations = c.translations.map((t) => ({ ...t, _id: t.id, localeId: index.localeIds.get(t.locale) ?? null }));
  const t = translations.find((x) => x.locale === ctx.locale) ?? translations.find((x) => x.locale === ctx.channel.defaultLocale) ?? translations[0] ?? null;
  const bounds = index.bounds.get(c.id) ?? { lft: 0, rgt: 0 };
  return {
    id: c.id,
    parentId: c.parentId,
    position: c.position,
    status: c.status,
    logoPath: c.logoPath,
    logoUrl: c.logoPath ? imageUrl(ctx, c.logoPath) : null,
    bannerPath: c.bannerPath,
    bannerUrl: c.bannerPath ? imageUrl(ctx, c.bannerPath) : null,
    displayMode: c.displayMode,
    _lft: bounds.lft,
    _rgt: bounds.rgt,
    additional: c.additional,
    url: `${ctx.baseUrl}/${t?.urlPath ?? ""}`,
    name: t?.name ?? "",
    slug: t?.slug ?? "",
    urlPath: t?.urlPath ?? "",
    description: t?.description ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    translation: t,
    translations,
  };
}

const withChildren = (ctx: RequestContext, index: TreeIndex, c: CategoryRecord & { children: (CategoryRecord & { children: CategoryRecord[] })[] }) => ({
  ...toCategory(ctx, index, c),
  children: c.children.map((x) => ({ ...toCategory(ctx, index, x), children: x.children.map((y) => toCategory(ctx, index, y)) })),
});

export async function listCategories(ctx: RequestContext, q: { parentId?: number }, paging: Paging): Promise<Page<ReturnType<typeof withChildren>>> {
  const where = { status: 1, ...(q.parentId !== undefined ? { parentId: q.parentId } : {}) };
  const [total, rows, index] = await Promise.all([
    ctx.db.category.count({ where }),
    ctx.db.category.findMany({
      where,
      orderBy: [{ position: "asc" }, { id: "asc" }],
      skip: paging.offset,
      take: paging.limit,
      include: { ...translationsInclude, children: activeChildrenTwoLevels },
    }),
    treeIndex(ctx),
  ]);
  return { total, items: rows.map((c) => withChildren(ctx, index, c)) };
}

export async function getCategory(ctx: RequestContext, id: number) {
  const [c, index] = await Promise.all([
    ctx.db.category.findFirst({ where: { id, status: 1 }, include: { ...translationsInclude, children: activeChildrenTwoLevels } }),
    treeIndex(ctx),
  ]);
  if (!c) throw new NotFound("Category");
  return withChildren(ctx, index, c);
}

/** The active subtree below `parentId` (default: the channel's root category), in one query. */
export async function categoryTree(ctx: RequestContext, parentId?: number): Promise<CategoryTreeNode[]> {
  const rootId = parentId ?? ctx.channel.rootCategoryId;
  if (parentId !== undefined) {
    const parent = await ctx.db.category.findFirst({ where: { id: parentId, status: 1 }, select: { id: true } });
    if (!parent) throw new NotFound("Category");
  }
  const [rows, index] = await Promise.all([
    ctx.db.category.findMany({ where: { status: 1 }, orderBy: [{ position: "asc" }, { id: "asc" }], include: translationsInclude }),
    treeIndex(ctx),
  ]);
  const byParent = new Map<number | null, CategoryRecord[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (id: number | null): CategoryTreeNode[] =>
    (byParent.get(id) ?? []).map((c) => ({ ...toCategory(ctx, index, c), children: build(c.id) }));
  return build(rootId ?? null);
}
