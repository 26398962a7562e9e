// Attributes and their options over the Admin API. `code` and `type` are fixed once created; PATCH `options` is the
// whole wanted list (with `id`: keep and update; without: add; left out: removed unless a product uses it).
import { z } from "zod";
import { intParam } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { ATTRIBUTE_TYPES, AttributeCreate, AttributeUpdate } from "./attribute-input.ts";
import { createAttribute, deleteAttribute, updateAttribute } from "./attribute-service.ts";

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
  filters: z.object({ code: z.string().trim().max(191).optional(), type: z.enum(ATTRIBUTE_TYPES).optional(), isFilterable: intParam().optional() }),
  where: (_ctx, f) => ({ ...(f.code ? { code: f.code } : {}), ...(f.type ? { type: f.type } : {}), ...(f.isFilterable !== undefined ? { isFilterable: f.isFilterable } : {}) }),
  sort: { fields: { id: (d) => ({ id: d }), code: (d) => ({ code: d }), position: (d) => ({ position: d }) }, default: "id" },
  create: { input: AttributeCreate, run: createAttribute },
  update: { input: AttributeUpdate, run: updateAttribute },
  remove: deleteAttribute,
});
