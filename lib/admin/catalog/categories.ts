// Categories over the Admin API. A category's url path per locale is its parent's path plus its slug, kept in
// step for the whole subtree when a slug or the parent changes; a category cannot move below itself.
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { categoryInputs } from "./category-input.ts";
import { nullableHtml } from "../html-input.ts";
import { createCategory, deleteCategory, updateCategory } from "./category-service.ts";

/** The form's rules (./category-input.ts) plus the cleaning of the description's HTML, which only the server does. */
const { create: CategoryInput, update: CategoryUpdate } = categoryInputs(nullableHtml);

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
  filters: z.object({ parentId: intParam().optional(), status: intParam().optional(), name: z.string().trim().max(255).optional().describe("Substring of the name in any locale.") }),
  where: (_ctx, f) => ({
    ...(f.parentId ? { parentId: f.parentId } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.name ? { translations: { some: { name: { contains: f.name } } } } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), position: (d) => ({ position: d }), created_at: (d) => ({ createdAt: d }) }, default: "id" },
  create: { input: CategoryInput, run: createCategory },
  update: { input: CategoryUpdate, run: updateCategory },
  remove: deleteCategory,
});
