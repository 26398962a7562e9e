// Output shapes of the catalog, declared once: REST answers, GraphQL types and OpenAPI schemas derive from them.
import { z } from "zod";

const money = z.number();
const nullableMoney = z.number().nullable();

export const ProductImage = z
  .object({
    id: z.int(),
    type: z.string(),
    path: z.string(),
    url: z.string(),
    /** The same address as `url`, under the name family clients read. */
    publicPath: z.string(),
    position: z.int(),
  })
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
    description: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Product", iri: "/api/shop/products" });

/** The attribute of a product's attribute value (GraphQL adds its flags: ./product-graph.ts). */
export const ProductAttributeValueAttribute = z
  .object({ id: z.int(), code: z.string(), adminName: z.string(), type: z.string() })
  .meta({ id: "ProductAttributeValueAttribute" });

export const ProductAttributeValue = z
  .object({
    attributeId: z.int(),
    code: z.string(),
    label: z.string(),
    type: z.string(),
    value: z.string().nullable(),
    optionId: z.int().nullable(),
    attribute: ProductAttributeValueAttribute,
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
    attributeValues: z.array(ProductAttributeValue).meta({ connection: true }),
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

export const GroupedProductShape = z
  .object({ id: z.int(), sku: z.string(), name: z.string(), price: money, formattedPrice: z.string(), inStock: z.boolean(), qty: z.int() })
  .meta({ id: "GroupedProduct" });

export const BundleOptionShape = z
  .object({
    id: z.int(),
    label: z.string(),
    /** select | radio | checkbox | multiselect */
    type: z.string(),
    isRequired: z.boolean(),
    position: z.int(),
    products: z.array(
      z
        .object({
          /** The option product's id: what `bundleOptions {optionId: [id, …]}` names in a cart. */
          id: z.int(),
          productId: z.int(),
          sku: z.string(),
          name: z.string(),
          price: money,
          formattedPrice: z.string(),
          qty: z.int(),
          isUserDefined: z.boolean(),
          isDefault: z.boolean(),
          inStock: z.boolean(),
        })
        .meta({ id: "BundleOptionProduct" }),
    ),
  })
  .meta({ id: "BundleOption" });

/** The detail's REST answer; GraphQL serves it as a `Product` (./product-graph.ts). */
export const ProductDetail = ProductRow.extend({
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  images: z.array(ProductImage).meta({ connection: true }),
  attributeValues: z.array(ProductAttributeValue).meta({ connection: true }),
  superAttributes: z.array(SuperAttribute),
  variants: z.array(ProductVariant).meta({ connection: true }),
  downloadableLinks: z.array(DownloadableLinkShape),
  /** A grouped product's associated products, each with its default quantity. */
  groupedProducts: z.array(GroupedProductShape),
  /** A bundle's options with the products each offers. */
  bundleOptions: z.array(BundleOptionShape),
  categories: z
    .array(
      z
        .object({
          id: z.int(),
          name: z.string(),
          slug: z.string(),
          translation: z.object({ name: z.string(), slug: z.string() }).nullable().meta({ id: "ProductCategoryTranslation" }),
        })
        .meta({ id: "ProductCategoryRef" }),
    )
    .meta({ connection: true }),
  reviewsSummary: z.object({ averageRating: z.number(), totalReviews: z.int() }).meta({ id: "ReviewsSummary" }),
  parentId: z.int().nullable(),
}).meta({ id: "ProductDetail", iri: "/api/shop/products" });

const CategoryTranslation = z
  .object({
    id: z.int(),
    /** The same number as `id`, under the name family clients read. */
    _id: z.int(),
    categoryId: z.int(),
    locale: z.string(),
    localeId: z.int().nullable(),
    name: z.string(),
    slug: z.string(),
    urlPath: z.string(),
    description: z.string().nullable(),
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    metaKeywords: z.string().nullable(),
  })
  .meta({ id: "CategoryTranslation" });

/** A category's own fields; `Category` adds its direct children, `CategoryTree` the whole subtree. */
const categoryFields = {
  id: z.int(),
  parentId: z.int().nullable(),
  position: z.int(),
  status: z.int(),
  logoPath: z.string().nullable(),
  logoUrl: z.string().nullable(),
  bannerPath: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** products_and_description | products_only | description_only */
  displayMode: z.string().nullable(),
  /** Nested-set bounds of the category in the whole tree (a subtree's categories lie strictly between them). */
  _lft: z.int(),
  _rgt: z.int(),
  additional: z.string().nullable(),
  url: z.string(),
  name: z.string(),
  slug: z.string(),
  urlPath: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  translation: CategoryTranslation.nullable(),
  translations: z.array(CategoryTranslation).meta({ connection: true }),
};

/** A child's own children, without theirs: `category(id)` shows two levels below the category. */
const CategoryGrandchild = z.object(categoryFields).meta({ id: "CategoryGrandchild", iri: "/api/shop/categories" });

const CategoryChild = z
  .object({ ...categoryFields, children: z.array(CategoryGrandchild).meta({ connection: true }) })
  .meta({ id: "CategoryChild", iri: "/api/shop/categories" });

export const Category = z
  .object({ ...categoryFields, children: z.array(CategoryChild).meta({ connection: true }) })
  .meta({ id: "Category", iri: "/api/shop/categories" });

export interface CategoryTreeNode extends z.input<typeof CategoryGrandchild> {
  children: CategoryTreeNode[];
}

export const CategoryTree: z.ZodType<CategoryTreeNode> = z.object({
  ...categoryFields,
  // WIRE.md: the tree itself is a plain list, its nested `children` a connection.
  get children() {
    return z.array(CategoryTree).meta({ connection: true });
  },
}).meta({ id: "CategoryTree", iri: "/api/shop/categories" });

const OptionTranslation = z
  .object({ id: z.int(), _id: z.int(), attributeOptionId: z.int(), locale: z.string(), label: z.string() })
  .meta({ id: "AttributeOptionTranslation" });

export const AttributeOption = z
  .object({
    id: z.int(),
    attributeId: z.int(),
    adminName: z.string(),
    label: z.string(),
    sortOrder: z.int(),
    swatchValue: z.string().nullable(),
    /** The swatch picture's URL when the attribute's swatches are images. */
    swatchValueUrl: z.string().nullable(),
    /** The label in the request locale (else the first stored one). */
    translation: OptionTranslation.nullable(),
    translations: z.array(OptionTranslation).meta({ connection: true }),
  })
  .meta({ id: "AttributeOption", iri: "/api/shop/attribute-options" });

const AttributeTranslation = z
  .object({ id: z.int(), _id: z.int(), attributeId: z.int(), locale: z.string(), name: z.string() })
  .meta({ id: "AttributeTranslation" });

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
    isUnique: z.boolean(),
    isComparable: z.boolean(),
    isUserDefined: z.boolean(),
    isVisibleOnFront: z.boolean(),
    valuePerLocale: z.boolean(),
    valuePerChannel: z.boolean(),
    enableWysiwyg: z.boolean(),
    /** numeric | email | decimal | url | regex, or null */
    validation: z.string().nullable(),
    regex: z.string().nullable(),
    /** The rules a value must pass, as JSON text (`{"required":true,"numeric":true}`). */
    validations: z.string(),
    defaultValue: z.string().nullable(),
    /** Where a product's value of this attribute is stored: option_id, boolean_value or text_value. */
    columnName: z.string(),
    swatchType: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    translations: z.array(AttributeTranslation).meta({ connection: true }),
    options: z.array(AttributeOption).meta({ connection: true }),
  })
  .meta({ id: "Attribute", iri: "/api/shop/attributes" });
