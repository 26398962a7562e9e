// Catalog operations of the Shop API.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { BadRequest } from "../errors.ts";
import { Attribute, AttributeOption, Category, CategoryTree, ProductDetail, ProductRow } from "./shapes.ts";
import { fromFilterKeys, fromGraphqlArgs, ProductListArgs, ProductQuery, ProductWireQuery } from "./product-query.ts";
import { getProduct, listProducts } from "./products.ts";
import { recordSearch, recordVisit } from "./activity.ts";
import { categoryTree, getCategory, listCategories } from "./categories.ts";
import { getAttribute, listAttributeOptions, listAttributes } from "./attributes.ts";

export const products = operation({
  name: "products",
  surface: "shop",
  kind: "query",
  summary: "List products: full-text search, category, price range, flags, type and attribute facets; sorted and paged.",
  access: "public",
  input: ProductQuery,
  output: ProductRow,
  list: { defaultPerPage: 30, maxPerPage: 50 },
  rest: { method: "GET", paths: ["/api/shop/products"], input: fromFilterKeys, query: ProductWireQuery },
  graphql: { args: ProductListArgs, input: fromGraphqlArgs },
  run: async (ctx, input, paging) => {
    const page = await listProducts(ctx, input, paging);
    // A search counts once, on its first page, for the search-term reports.
    if (input.query && paging.offset === 0 && paging.limit > 0) void recordSearch(ctx, input.query, page.total);
    return page;
  },
});

export const product = operation({
  name: "product",
  surface: "shop",
  kind: "query",
  summary: "One product with its images, attributes, variants, downloadable links and review summary.",
  access: "public",
  input: z.object({ id: recordId().optional(), urlKey: z.string().trim().min(1).max(255).optional() }),
  output: ProductDetail,
  rest: { method: "GET", paths: ["/api/shop/products/{id}"] },
  run: async (ctx, input) => {
    if (input.id === undefined && !input.urlKey) throw new BadRequest("Give the product's id or urlKey.");
    const product = await getProduct(ctx, input);
    void recordVisit(ctx, product.id); // for the most-visited report
    return product;
  },
});

export const categories = operation({
  name: "categories",
  surface: "shop",
  kind: "query",
  summary: "Active categories as a flat list; `parent_id` (alias `parentId`) narrows to the children of one.",
  access: "public",
  input: z.object({ parentId: intParam().optional() }),
  output: Category,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/categories"] },
  // SPEC.md: the GraphQL `categories` field has no parentId argument; children come from treeCategories.
  graphql: { args: z.object({}), input: () => ({}) },
  run: listCategories,
});

export const category = operation({
  name: "category",
  surface: "shop",
  kind: "query",
  summary: "One active category.",
  access: "public",
  input: z.object({ id: recordId() }),
  output: Category,
  rest: { method: "GET", paths: ["/api/shop/categories/{id}"] },
  run: (ctx, { id }) => getCategory(ctx, id),
});

export const treeCategories = operation({
  name: "treeCategories",
  surface: "shop",
  kind: "query",
  summary: "The active category tree below the channel's root, or below `parentId`.",
  access: "public",
  input: z.object({ parentId: intParam().optional() }),
  output: CategoryTree,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/category-trees"] },
  run: (ctx, { parentId }) => categoryTree(ctx, parentId),
});

export const attributes = operation({
  name: "attributes",
  surface: "shop",
  kind: "query",
  summary: "Product attributes with their options; `is_filterable=1` lists the ones usable as product filters.",
  access: "public",
  input: z.object({ isFilterable: intParam().pipe(z.int().min(0).max(1)).optional(), code: z.string().max(191).optional() }),
  output: Attribute,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/attributes"] },
  run: listAttributes,
});

export const attribute = operation({
  name: "attribute",
  surface: "shop",
  kind: "query",
  summary: "One attribute with its options.",
  access: "public",
  input: z.object({ id: recordId() }),
  output: Attribute,
  rest: { method: "GET", paths: ["/api/shop/attributes/{id}"] },
  run: (ctx, { id }) => getAttribute(ctx, id),
});

export const attributeOptions = operation({
  name: "attributeOptions",
  surface: "shop",
  kind: "query",
  summary: "Attribute options, the ids product filters accept; `attribute_id` narrows to one attribute.",
  access: "public",
  input: z.object({ attributeId: intParam().optional() }),
  output: AttributeOption,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/attribute-options"] },
  run: listAttributeOptions,
});
