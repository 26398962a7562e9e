// Category reads: active categories only, flat or as a tree below a parent. Each is made from the whole category
// table read at once, and held until a write to it (lib/db/held-reads.ts).
import type { RequestContext } from "../context.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound } from "../errors.ts";
import type { CategoryTreeNode } from "./shapes.ts";
import { imageUrl } from "./products.ts";
import { storeSettings } from "../store/settings.ts";
import { heldRead } from "../db/held-reads.ts";

const translationsInclude = { translations: { orderBy: { locale: "asc" as const } } };

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

/**
 * The whole category table, read at once (a few hundred rows in a large store): every answer needs the nested-set
 * bounds of its categories, which only the whole tree gives, and its children two levels down.
 */
interface Tree {
  /** Active categories in sibling order (position, id). */
  active: CategoryRecord[];
  /** Active children of each category, in sibling order. */
  children: Map<number | null, CategoryRecord[]>;
  bounds: Map<number, { lft: number; rgt: number }>;
  localeIds: Map<string, number>;
}

/** Tables a category answer is made of (the locales are the scope's, lib/db/held-reads.ts). */
const CATEGORY_TABLES = ["Category", "CategoryTranslation"];

/** Numbers the whole tree depth first (sibling order: position, id), as a nested set does. */
async function readTree(ctx: RequestContext): Promise<Tree> {
  const [rows, settings] = await Promise.all([
    ctx.db.category.findMany({ orderBy: [{ position: "asc" }, { id: "asc" }], include: translationsInclude }),
    storeSettings(ctx.db),
  ]);
  const all = new Map<number | null, number[]>();
  const children = new Map<number | null, CategoryRecord[]>();
  const add = <T>(map: Map<number | null, T[]>, parentId: number | null, item: T) => {
    const list = map.get(parentId);
    if (list) list.push(item);
    else map.set(parentId, [item]);
  };
  for (const r of rows) {
    add(all, r.parentId, r.id);
    if (r.status === 1) add(children, r.parentId, r);
  }
  const bounds = new Map<number, { lft: number; rgt: number }>();
  let n = 0;
  const visit = (id: number) => {
    const lft = ++n;
    for (const child of all.get(id) ?? []) visit(child);
    bounds.set(id, { lft, rgt: ++n });
  };
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) if (r.parentId === null || !ids.has(r.parentId)) visit(r.id);
  const localeIds = new Map([...settings.locales.values()].map((l) => [l.code, l.id]));
  return { active: rows.filter((r) => r.status === 1), children, bounds, localeIds };
}

function toCategory(ctx: RequestContext, index: Tree, c: CategoryRecord) {
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

/** A category with its active children and theirs: a category answer shows two levels below it. */
const withChildren = (ctx: RequestContext, tree: Tree, c: CategoryRecord) => ({
  ...toCategory(ctx, tree, c),
  children: (tree.children.get(c.id) ?? []).map((x) => ({
    ...toCategory(ctx, tree, x),
    children: (tree.children.get(x.id) ?? []).map((y) => toCategory(ctx, tree, y)),
  })),
});

/** Active categories, flat, in sibling order; `parentId` narrows to the children of one. Held until a write (lib/db/held-reads.ts). */
export const listCategories = heldRead(
  "listCategories",
  CATEGORY_TABLES,
  async (ctx: RequestContext, q: { parentId?: number }, paging: Paging): Promise<Page<ReturnType<typeof withChildren>>> => {
    const tree = await readTree(ctx);
    const rows = q.parentId !== undefined ? (tree.children.get(q.parentId) ?? []) : tree.active;
    const items = rows.slice(paging.offset, paging.offset + paging.limit).map((c) => withChildren(ctx, tree, c));
    return { total: rows.length, items };
  },
);

export const getCategory = heldRead("getCategory", CATEGORY_TABLES, async (ctx: RequestContext, id: number) => {
  const tree = await readTree(ctx);
  const c = tree.active.find((x) => x.id === id);
  if (!c) throw new NotFound("Category");
  return withChildren(ctx, tree, c);
});

/** The active subtree below `parentId` (default: the channel's root category). */
export const categoryTree = heldRead("categoryTree", CATEGORY_TABLES, async (ctx: RequestContext, parentId?: number): Promise<CategoryTreeNode[]> => {
  const tree = await readTree(ctx);
  if (parentId !== undefined && !tree.active.some((x) => x.id === parentId)) throw new NotFound("Category");
  const build = (id: number | null): CategoryTreeNode[] => (tree.children.get(id) ?? []).map((c) => ({ ...toCategory(ctx, tree, c), children: build(c.id) }));
  return build(parentId ?? ctx.channel.rootCategoryId ?? null);
});
