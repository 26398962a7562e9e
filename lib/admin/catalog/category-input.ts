// The category input of the Admin API, as the category declarations (./categories.ts) take it and the panel's
// category form checks it (lib/ui/admin/catalog/categories.tsx): pure zod, no database, so both can import it. The
// description's HTML is the one difference: the server cleans it on the way in (../html-input.ts, sanitize-html), the
// form only checks it, so the schemas are built around that field (`categoryInputs`), as the product inputs are.
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../text-input.ts";

const slug = z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be a slug: lowercase letters, digits, single hyphens" });

export const DISPLAY_MODES = ["products_and_description", "products_only", "description_only"] as const;

/**
 * A new category (`create`) and an update, which takes any of its fields, around `html`, which makes the description
 * field of at most `max` characters: the form's plain check (`nullableText`) or the server's cleaning one (`nullableHtml`).
 */
export function categoryInputs<H extends z.ZodType<string | null | undefined, unknown>>(html: (max: number) => H) {
  const TranslationInput = z.object({
    locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255), slug,
    description: html(100_000), metaTitle: nullableText(255), metaDescription: nullableText(1000), metaKeywords: nullableText(1000),
  });
  const create = z.object({
    parentId: recordId().nullable().optional(),
    position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
    status: intParam().pipe(z.int().min(0).max(1)).optional(),
    displayMode: z.enum(DISPLAY_MODES).nullable().optional(),
    translations: z.array(TranslationInput).min(1, { message: "needs at least one locale" }).max(50),
  });
  return { create, update: create.partial() };
}

/** What the panel's category form checks before it sends: every rule but the cleaning, which only the server does. */
export const CategoryForms = categoryInputs(nullableText);
