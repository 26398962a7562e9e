// The product input of the Admin API, as the product declarations (./products.ts) and the CSV import
// (../imports/products.ts) take it; ./product-service.ts checks it against the store and writes it. Pure zod: the
// admin panel's product form checks with these very rules before it sends, so nothing here may import server code.
// The descriptions' HTML is the one difference: the server cleans it on the way in (../html-input.ts, sanitize-html),
// the form only checks it, so the schemas are built around the description field (`productInputs`), as the CMS page
// inputs are (lib/cms/page-input.ts).
import { z } from "zod";
import { boolParam, intParam, numberParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../text-input.ts";
import { BUNDLE_OPTION_TYPES, PRODUCT_TYPES } from "../../catalog/product-types.ts";
import { externalIdField, metadataField, metadataPatchField } from "../external-fields.ts";

const money = numberParam().pipe(z.number().min(0, { message: "must not be negative" }).max(1e12));
const slug = z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be a slug: lowercase letters, digits, single hyphens" });

export const AttributeValueInput = z.object({
  attributeCode: z.string().trim().min(1).max(191),
  optionId: recordId().optional(),
  optionIds: z.array(recordId()).max(100).optional(),
  value: z.union([z.string().max(65535), z.number(), z.boolean()]).nullable().optional(),
  locale: z.string().max(20).optional(),
  channelId: recordId().optional(),
});

const position = intParam().pipe(z.int().min(0).max(1_000_000));
const childQty = intParam().pipe(z.int().min(0).max(10_000));

const GroupedProductInput = z.object({ productId: recordId(), qty: childQty.optional(), position: position.optional() });

const BundleOptionInput = z.object({
  label: z.string().trim().min(1, { message: "is required" }).max(255),
  /** Labels in other locales than the channel's default (which `label` is). */
  translations: z.array(z.object({ locale: z.string().trim().min(1).max(20), label: z.string().trim().min(1).max(255) })).max(50).optional(),
  type: z.enum(BUNDLE_OPTION_TYPES, { message: `must be one of ${BUNDLE_OPTION_TYPES.join(", ")}` }),
  isRequired: boolParam().optional(),
  position: position.optional(),
  products: z
    .array(
      z.object({
        productId: recordId(),
        qty: intParam().pipe(z.int().min(1).max(10_000)).optional(),
        isUserDefined: boolParam().optional(),
        isDefault: boolParam().optional(),
        position: position.optional(),
      }),
    )
    .min(1, { message: "needs at least one product" })
    .max(100),
});

export const PRODUCT_TYPE = z.enum(PRODUCT_TYPES, { message: `must be one of ${PRODUCT_TYPES.join(", ")}` });

/**
 * The create and update inputs, around `html`, which makes a description field of at most `max` characters: the
 * form's plain check (`nullableText`) or the server's cleaning one (`nullableHtml`, ../html-input.ts).
 */
export function productInputs<H extends z.ZodType<string | null | undefined, unknown>>(html: (max: number) => H) {
  const TranslationInput = z.object({
    locale: z.string().trim().min(1).max(20),
    name: z.string().trim().min(1, { message: "is required" }).max(255),
    urlKey: slug,
    shortDescription: html(2000),
    description: html(100_000),
    metaTitle: nullableText(255),
    metaDescription: nullableText(1000),
    metaKeywords: nullableText(1000),
  });
  const ProductFields = z.object({
    sku: z.string().trim().min(1, { message: "is required" }).max(191).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { message: "may hold letters, digits, dot, dash and underscore" }),
    price: money,
    specialPrice: money.nullable().optional(),
    specialPriceFrom: z.iso.datetime({ offset: true }).nullable().optional(),
    specialPriceTo: z.iso.datetime({ offset: true }).nullable().optional(),
    cost: money.nullable().optional(),
    weight: numberParam().pipe(z.number().min(0)).nullable().optional(),
    status: boolParam().optional(),
    visibleIndividually: boolParam().optional(),
    new: boolParam().optional(),
    featured: boolParam().optional(),
    rmaReturnPeriod: intParam().pipe(z.int().min(0).max(3650)).nullable().optional(),
    translations: z.array(TranslationInput).min(1, { message: "needs at least one locale" }).max(50),
    channels: z.array(recordId()).min(1, { message: "must name at least one channel" }).max(100).optional(),
    categories: z.array(recordId()).max(500).optional(),
    /** Stock per channel: `qty` sets it, `adjust` (a signed delta) moves it from what the channel holds; exactly one each. */
    inventories: z
      .array(z.object({ channelId: recordId(), qty: intParam().pipe(z.int().min(0).max(1e9)).optional(), adjust: intParam().pipe(z.int().min(-1e9).max(1e9)).optional() }))
      .max(100)
      .optional(),
    attributeValues: z.array(AttributeValueInput).max(200).optional(),
    superAttributes: z.array(z.string().trim().min(1).max(191)).max(10).optional(),
    /**
     * A grouped product's associated (simple or virtual) products, `{ productId, qty, position }` each or a bare
     * product id (the family's `grouped_products: [ids]`, camelCased on the way in) at quantity 1; replaces the set.
     */
    groupedProducts: z.array(z.union([GroupedProductInput, recordId()])).max(100).optional(),
    /** A bundle's options, each with its (simple or virtual) products; replaces the set. */
    bundleOptions: z.array(BundleOptionInput).max(50).optional(),
  });
  const ProductCreate = ProductFields.extend({
    type: PRODUCT_TYPE,
    parentId: recordId().optional(),
    /** The caller's own id (an ERP's), unique among products and variants. */
    externalId: externalIdField().optional(),
    metadata: metadataField().optional(),
  });
  const ProductUpdate = ProductFields.partial().extend({
    /** The product's images (ids of its `images`) in the order to show them; one left out is removed. */
    images: z.array(recordId()).max(100)
      .refine((ids) => new Set(ids).size === ids.length, "lists an image more than once")
      .describe("The product's image ids in the order to show them (the first is the main image); an image left out is removed.")
      .optional(),
    /** `null` clears it. */
    externalId: externalIdField().nullable().optional(),
    /** A JSON merge patch of the stored metadata: a key given as null is removed, `null` removes every key. */
    metadata: metadataPatchField().nullable().optional(),
  });
  return { create: ProductCreate, update: ProductUpdate };
}

/** What the panel's product form checks before it sends: every rule but the cleaning, which only the server does. */
export const ProductForms = productInputs(nullableText);

/** What the checks and writes of ./product-service.ts read, of a create or an update alike. */
export type ProductInput = Partial<Omit<z.output<typeof ProductForms.create>, "externalId" | "metadata">> & { externalId?: string | null; metadata?: unknown };
