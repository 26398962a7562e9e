// The admin product record: every locale, channel, category, stock level, attribute value, image and variant.
import { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { toNumber } from "../../money.ts";
import { imageUrl } from "../../catalog/products.ts";
import type { RowOf } from "../resource.ts";

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

const Variant = z.object({ id: z.int(), sku: z.string(), status: z.boolean(), price: z.number() }).meta({ id: "AdminProductVariant" });

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
    translations: z.array(Translation),
    channels: z.array(z.int()),
    categories: z.array(z.int()),
    inventories: z.array(Inventory),
    attributeValues: z.array(AttributeValue),
    superAttributes: z.array(z.string()),
    variants: z.array(Variant),
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
  variants: { select: { id: true, sku: true, status: true, price: true }, orderBy: { id: "asc" as const } },
  images: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] },
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
  };
}
