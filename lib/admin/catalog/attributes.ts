// Attributes and their options over the Admin API. `code` and `type` are fixed once created; PATCH `options` is the
// whole wanted list (with `id`: keep and update; without: add; left out: removed unless a product uses it).
import { z } from "zod";
import { boolParam, intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { nullableText } from "../input.ts";
import { createAttribute, deleteAttribute, updateAttribute } from "./attribute-service.ts";

const TYPES = ["text", "textarea", "select", "multiselect", "boolean", "price", "date", "image", "file"] as const;

const OptionShape = z
  .object({
    id: z.int(), adminName: z.string(), sortOrder: z.int(), swatchValue: z.string().nullable(),
    translations: z.array(z.object({ locale: z.string(), label: z.string() }).meta({ id: "AdminAttributeOptionTranslation" })),
  })
  .meta({ id: "AdminAttributeOption" });

export const AdminAttribute = z
  .object({
    id: z.int(), code: z.string(), adminName: z.string(), type: z.string(), position: z.int(), isRequired: z.boolean(), isUnique: z.boolean(),
    isFilterable: z.int(), isConfigurable: z.boolean(), isVisibleOnFront: z.boolean(), valuePerLocale: z.boolean(), valuePerChannel: z.boolean(),
    swatchType: z.string().nullable(),
    translations: z.array(z.object({ locale: z.string(), name: z.string() }).meta({ id: "AdminAttributeTranslation" })),
    options: z.array(OptionShape),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminAttribute", iri: "/api/admin/catalog/attributes" });

const label = z.object({ locale: z.string().trim().min(1).max(20), label: z.string().trim().min(1, { message: "is required" }).max(255) });
const OptionInput = z.object({
  id: recordId().optional(),
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  sortOrder: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  swatchValue: nullableText(255),
  translations: z.array(label).max(50).optional(),
});
const Editable = z.object({
  adminName: z.string().trim().min(1, { message: "is required" }).max(255),
  position: intParam().pipe(z.int().min(0).max(1e6)).optional(),
  isRequired: boolParam().optional(), isUnique: boolParam().optional(), isConfigurable: boolParam().optional(),
  isFilterable: intParam().pipe(z.int().min(0).max(1)).optional(),
  isVisibleOnFront: boolParam().optional(), valuePerLocale: boolParam().optional(), valuePerChannel: boolParam().optional(),
  swatchType: z.enum(["dropdown", "color", "image", "text"]).nullable().optional(),
  translations: z.array(z.object({ locale: z.string().trim().min(1).max(20), name: z.string().trim().min(1, { message: "is required" }).max(255) })).max(50).optional(),
  options: z.array(OptionInput).max(1000).optional(),
});
const Create = Editable.extend({
  code: z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z][a-z0-9_]*$/, { message: "must start with a letter and hold lowercase letters, digits and underscores" }),
  type: z.enum(TYPES, { message: `must be one of ${TYPES.join(", ")}` }),
});

export const attributes = adminResource({
  path: "catalog/attributes",
  one: "Attribute",
  many: "Attributes",
  permission: "catalog.attributes",
  model: "attribute",
  output: AdminAttribute,
  include: () => ({
    translations: { orderBy: { locale: "asc" as const } },
    options: { orderBy: [{ sortOrder: "asc" as const }, { id: "asc" as const }], include: { translations: { orderBy: { locale: "asc" as const } } } },
  }),
  filters: z.object({ code: z.string().trim().max(191).optional(), type: z.enum(TYPES).optional(), isFilterable: intParam().optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code } : {}), ...(f.type ? { type: f.type } : {}), ...(f.isFilterable !== undefined ? { isFilterable: f.isFilterable } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), position: (d) => ({ position: d }) }, default: "id" },
  create: { input: Create, run: createAttribute },
  update: { input: Editable.partial(), run: updateAttribute },
  remove: deleteAttribute,
});
