// Categories over the Admin API. A category's url path per locale is its parent's path plus its slug, kept in
// step for the whole subtree when a slug or the parent changes; a category cannot move below itself.
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText, nullableHtml } from "../input.ts";
import { createCategory, deleteCategory, updateCategory } from "./category-service.ts";

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
  create: { input: Fields, run: createCategory },
  update: { input: Fields.partial(), run: updateCategory },
  remove: deleteCategory,
});
