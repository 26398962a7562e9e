// Output shapes of the catalog, declared once: REST answers, GraphQL types and OpenAPI schemas derive from them.
import { z } from "zod";

const money = z.number();
const nullableMoney = z.number().nullable();

export const ProductImage = z
  .object({ id: z.int(), type: z.string(), path: z.string(), url: z.string(), position: z.int() })
  .meta({ id: "ProductImage" });

export const ProductRow = z
  .object({
    id: z.int(),
    sku: z.string(),
    type: z.string(),
    name: z.string(),
    urlKey: z.string(),
    url_key: z.string(),
    status: z.boolean(),
    price: money,
    formattedPrice: z.string(),
    specialPrice: nullableMoney,
    formattedSpecialPrice: z.string().nullable(),
    minimumPrice: money,
    formattedMinimumPrice: z.string(),
    maximumPrice: money,
    formattedMaximumPrice: z.string(),
    new: z.boolean(),
    featured: z.boolean(),
    inStock: z.boolean(),
    isSaleable: z.boolean(),
    baseImageUrl: z.string().nullable(),
    shortDescription: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Product", iri: "/api/shop/products" });

export const ProductAttributeValue = z
  .object({
    attributeId: z.int(),
    code: z.string(),
    label: z.string(),
    type: z.string(),
    value: z.string().nullable(),
    optionId: z.int().nullable(),
  })
  .meta({ id: "ProductAttributeValue" });

export const ProductVariant = z
  .object({
    id: z.int(),
    sku: z.string(),
    name: z.string(),
    price: money,
    formattedPrice: z.string(),
    inStock: z.boolean(),
    /** attribute code → option id, e.g. `{ color: 3, size: 7 }` */
    attributes: z.record(z.string(), z.int()),
  })
  .meta({ id: "ProductVariant", iri: "/api/shop/products" });

export const SuperAttribute = z
  .object({
    id: z.int(),
    code: z.string(),
    label: z.string(),
    options: z.array(z.object({ id: z.int(), label: z.string(), swatchValue: z.string().nullable() }).meta({ id: "SuperAttributeOption" })),
  })
  .meta({ id: "SuperAttribute" });

export const DownloadableLinkShape = z
  .object({ id: z.int(), title: z.string(), price: money, formattedPrice: z.string(), downloads: z.int() })
  .meta({ id: "DownloadableLink" });

export const ProductDetail = ProductRow.extend({
  description: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  images: z.array(ProductImage),
  attributeValues: z.array(ProductAttributeValue),
  superAttributes: z.array(SuperAttribute),
  variants: z.array(ProductVariant),
  downloadableLinks: z.array(DownloadableLinkShape),
  categories: z.array(z.object({ id: z.int(), name: z.string(), slug: z.string() }).meta({ id: "ProductCategoryRef" })),
  reviewsSummary: z.object({ averageRating: z.number(), totalReviews: z.int() }).meta({ id: "ReviewsSummary" }),
  parentId: z.int().nullable(),
}).meta({ id: "ProductDetail", iri: "/api/shop/products" });

const CategoryTranslation = z
  .object({
    id: z.int(),
    locale: z.string(),
    name: z.string(),
    slug: z.string(),
    urlPath: z.string(),
    description: z.string().nullable(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
  })
  .meta({ id: "CategoryTranslation" });

export const Category = z
  .object({
    id: z.int(),
    parentId: z.int().nullable(),
    position: z.int(),
    status: z.int(),
    logoPath: z.string().nullable(),
    name: z.string(),
    slug: z.string(),
    urlPath: z.string(),
    description: z.string().nullable(),
    translation: CategoryTranslation.nullable(),
  })
  .meta({ id: "Category", iri: "/api/shop/categories" });

export interface CategoryTreeNode extends z.input<typeof Category> {
  children: CategoryTreeNode[];
}

export const CategoryTree: z.ZodType<CategoryTreeNode> = Category.extend({
  get children() {
    return z.array(CategoryTree);
  },
}).meta({ id: "CategoryTree", iri: "/api/shop/categories" });

const OptionTranslation = z
  .object({ id: z.int(), locale: z.string(), label: z.string() })
  .meta({ id: "AttributeOptionTranslation" });

export const AttributeOption = z
  .object({
    id: z.int(),
    attributeId: z.int(),
    adminName: z.string(),
    label: z.string(),
    sortOrder: z.int(),
    swatchValue: z.string().nullable(),
    translations: z.array(OptionTranslation).meta({ connection: true }),
  })
  .meta({ id: "AttributeOption", iri: "/api/shop/attribute-options" });

export const Attribute = z
  .object({
    id: z.int(),
    code: z.string(),
    adminName: z.string(),
    name: z.string(),
    type: z.string(),
    position: z.int(),
    isFilterable: z.int(),
    isConfigurable: z.boolean(),
    isRequired: z.boolean(),
    swatchType: z.string().nullable(),
    options: z.array(AttributeOption).meta({ connection: true }),
  })
  .meta({ id: "Attribute", iri: "/api/shop/attributes" });
