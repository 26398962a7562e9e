// The attribute input of the Admin API, as the attribute declarations (./attributes.ts) take it and the panel's
// attribute form checks it (lib/ui/admin/catalog/attributes.tsx): pure zod, no database, so both can import it.
// `code` and `type` are fixed once created; `options` on an update is the whole wanted list.
import { z } from "zod";
import { boolParam, intParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../input.ts";

export const ATTRIBUTE_TYPES = ["text", "textarea", "select", "multiselect", "boolean", "price", "date", "image", "file"] as const;
export const SWATCH_TYPES = ["dropdown", "color", "image", "text"] as const;

const label = z.object({ locale: z.string().trim().min(1).max(20), label: z.string().trim().min(1, { message: "is required" }).max(255) });
const OptionInput = z.object({
  id: recordId().optional(),
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  sortOrder: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  swatchValue: nullableText(255),
  translations: z.array(label).max(50).optional(),
});

/** What an update may change (every field optional there: `AttributeUpdate`). */
export const AttributeEditable = z.object({
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  isRequired: boolParam().optional(), isUnique: boolParam().optional(), isConfigurable: boolParam().optional(),
  isFilterable: intParam().pipe(z.int().min(0).max(1)).optional(),
  isVisibleOnFront: boolParam().optional(), valuePerLocale: boolParam().optional(), valuePerChannel: boolParam().optional(),
  swatchType: z.enum(SWATCH_TYPES).nullable().optional(),
  translations: z.array(z.object({ locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255) })).max(50).optional(),
  options: z.array(OptionInput).max(1000).optional(),
});

export const AttributeCreate = AttributeEditable.extend({
  code: z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" }),
  type: z.enum(ATTRIBUTE_TYPES, { message: `must be one of ${ATTRIBUTE_TYPES.join(", ")}` }),
});

export const AttributeUpdate = AttributeEditable.partial();
