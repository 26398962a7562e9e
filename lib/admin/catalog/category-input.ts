// The category input of the Admin API, as the category declarations (./categories.ts) take it and the panel's
// category form checks it (lib/ui/admin/catalog/categories.tsx): pure zod, no database, so both can import it.
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../text-input.ts";
import { nullableHtml } from "../html-input.ts";

const slug = z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be a slug: lowercase letters, digits, single hyphens" });
const TranslationInput = z.object({
  locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255), slug,
  description: nullableHtml(100_000), metaTitle: nullableText(255), metaDescription: nullableText(1000), metaKeywords: nullableText(1000),
});

export const DISPLAY_MODES = ["products_and_description", "products_only", "description_only"] as const;

/** A new category; an update takes any of its fields (`CategoryUpdate`). */
export const CategoryInput = z.object({
  parentId: recordId().nullable().optional(),
  position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  status: intParam().pipe(z.int().min(0).max(1)).optional(),
  displayMode: z.enum(DISPLAY_MODES).nullable().optional(),
  translations: z.array(TranslationInput).min(1, { message: "needs at least one locale" }).max(50),
});

export const CategoryUpdate = CategoryInput.partial();
