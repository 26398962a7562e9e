// The admin product record: every locale, channel, category, stock level, attribute value, image and variant.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { toNumber } from "../../money.ts";
import { imageUrl } from "../../catalog/products.ts";
import type { RowOf } from "../resource.ts";
import { metadataOf } from "../external.ts";

const Translation = z
  .object({
    locale: z.string(),
    name: z.string(),
    urlKey: z.string(),
    shortDescription: z.string().nullable(),
    description: z.string().nullable(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    metaKeywords: z.string().nullable(),
  })
  .meta({ id: "AdminProductTranslation" });

const Inventory = z.object({ channelId: z.int(), qty: z.int() }).meta({ id: "AdminProductInventory" });

const AttributeValue = z
  .object({
    attributeId: z.int(),
    attributeCode: z.string(),
    optionId: z.int().nullable(),
    value: z.string().nullable(),
    locale: z.string().nullable(),
    channelId: z.int().nullable(),
  })
  .meta({ id: "AdminProductAttributeValue" });

const Image = z
  .object({ id: z.int(), type: z.string(), path: z.string(), url: z.string(), position: z.int() })
  .meta({ id: "AdminProductImage" });

const GroupedLink = z.object({ productId: z.int(), qty: z.int(), position: z.int() }).meta({ id: "AdminGroupedProduct" });

const BundleOption = z
  .object({
    id: z.int(),
    label: z.string(),
    type: z.string(),
    isRequired: z.boolean(),
    position: z.int(),
    translations: z.array(z.object({ locale: z.string(), label: z.string() }).meta({ id: "AdminBundleOptionTranslation" })),
    products: z.array(
      z
        .object({ id: z.int(), productId: z.int(), qty: z.int(), isUserDefined: z.boolean(), isDefault: z.boolean(), position: z.int() })
        .meta({ id: "AdminBundleOptionProduct" }),
    ),
  })
  .meta({ id: "AdminBundleOption" });

const Variant = z.object({ id: z.int(), sku: z.string(), externalId: z.string().nullable(), status: z.boolean(), price: z.number() }).meta({ id: "AdminProductVariant" });

export const AdminProduct = z
  .object({
    id: z.int(),
    sku: z.string(),
    type: z.string(),
    parentId: z.int().nullable(),
    name: z.string(),
    status: z.boolean(),
    visibleIndividually: z.boolean(),
    price: z.number(),
    specialPrice: z.number().nullable(),
    specialPriceFrom: z.string().nullable(),
    specialPriceTo: z.string().nullable(),
    cost: z.number().nullable(),
    weight: z.number().nullable(),
    new: z.boolean(),
    featured: z.boolean(),
    rmaReturnPeriod: z.int().nullable(),
    /** The caller's own id (an ERP's), unique among products and variants; null when none was given. */
    externalId: z.string().nullable(),
    /** String keys to string values the caller keeps on the product; `{}` when none. */
    metadata: z.record(z.string(), z.string()),
    translations: z.array(Translation),
    channels: z.array(z.int()),
    categories: z.array(z.int()),
    inventories: z.array(Inventory),
    attributeValues: z.array(AttributeValue),
    superAttributes: z.array(z.string()),
    variants: z.array(Variant),
    /** A grouped product's associated products. */
    groupedProducts: z.array(GroupedLink),
    /** A bundle's options with their products. */
    bundleOptions: z.array(BundleOption),
    images: z.array(Image),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProduct", iri: "/api/admin/catalog/products" });

export const productInclude = () => ({
  translations: { orderBy: { locale: "asc" as const } },
  channels: { select: { channelId: true } },
  categories: { select: { categoryId: true } },
  inventories: { select: { channelId: true, qty: true }, orderBy: { channelId: "asc" as const } },
  attributeValues: { include: { attribute: { select: { code: true } } }, orderBy: { id: "asc" as const } },
  superAttributes: { include: { attribute: { select: { code: true } } } },
  variants: { select: { id: true, sku: true, externalId: true, status: true, price: true }, orderBy: { id: "asc" as const } },
  images: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] },
  groupedLinks: { select: { associatedProductId: true, qty: true, position: true }, orderBy: [{ position: "asc" as const }, { id: "asc" as const }] },
  bundleOptions: {
    orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
    include: {
      translations: { select: { locale: true, label: true }, orderBy: { locale: "asc" as const } },
      products: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] },
    },
  },
});

const num = (v: unknown) => (v == null ? null : toNumber(v as never, 4));

/** A product row as read with `productInclude`. */
export type ProductRow = RowOf<"product", ReturnType<typeof productInclude>>;

export function toAdminProduct(ctx: RequestContext, p: ProductRow) {
  const t = p.translations.find((x: { locale: string }) => x.locale === ctx.locale) ?? p.translations[0];
  return {
    ...p,
    name: t?.name ?? p.sku,
    price: num(p.price),
    specialPrice: num(p.specialPrice),
    cost: num(p.cost),
    weight: num(p.weight),
    metadata: metadataOf(p.metadata),
    channels: p.channels.map((c: { channelId: number }) => c.channelId).sort((a: number, b: number) => a - b),
    categories: p.categories.map((c: { categoryId: number }) => c.categoryId).sort((a: number, b: number) => a - b),
    attributeValues: p.attributeValues.map((v: { attribute: { code: string }; booleanValue: boolean | null; textValue: string | null }) => ({
      ...v,
      attributeCode: v.attribute.code,
      value: v.textValue ?? (v.booleanValue == null ? null : String(v.booleanValue)),
    })),
    superAttributes: p.superAttributes.map((s: { attribute: { code: string } }) => s.attribute.code),
    variants: p.variants.map((v: { price: unknown }) => ({ ...v, price: num(v.price) })),
    images: p.images.map((i: { path: string }) => ({ ...i, url: imageUrl(ctx, i.path) })),
    groupedProducts: p.groupedLinks.map((g: { associatedProductId: number; qty: number; position: number }) => ({ productId: g.associatedProductId, qty: g.qty, position: g.position })),
    bundleOptions: p.bundleOptions.map((o: { translations: { locale: string; label: string }[] }) => ({
      ...o,
      label: (o.translations.find((t) => t.locale === ctx.channel.defaultLocale) ?? o.translations.find((t) => t.locale === ctx.locale) ?? o.translations[0])?.label ?? "",
    })),
  };
}
