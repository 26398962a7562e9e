// Catalog operations of the Shop API.
import { z } from "zod";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { BadRequest } from "../errors.ts";
import { Attribute, AttributeOption, Category, CategoryTree, ProductDetail, ProductRow } from "./shapes.ts";
import { fromFilterKeys, fromGraphqlArgs, ProductListArgs, ProductQuery, ProductWireQuery } from "./product-query.ts";
import { getProduct, listProducts } from "./products.ts";
import { recordSearch, recordVisit } from "./activity.ts";
import { categoryTree, getCategory, listCategories } from "./categories.ts";
import { getAttribute, getAttributeOption, listAttributeOptions, listAttributes } from "./attributes.ts";
import { argumentScope } from "../graphql/extensions.ts";
import { scopedContext } from "./scope.ts";
// GraphQL's `Product`: the fields it adds to list rows and the detail (declared there, read only when asked).
import { BookingSlot, requireSold } from "./product-graph.ts";

const shopPublic = { surface: "shop", access: "public" } as const;
/** A read of catalog tables alone that records nothing: Shop GraphQL may keep its answer until the next catalog write. */
const catalogRead = { ...shopPublic, kind: "query", cache: { dependsOn: "catalog" } } as const;

export const products = operation({
  ...catalogRead,
  // A search counts its term (activity.ts), so only calls without `query` may be kept.
  cache: { dependsOn: "catalog", unlessArgs: ["query"] },
  name: "products",
  summary: "List products: full-text search, category, price range, flags, type and attribute facets; sorted and paged.",
  input: ProductQuery,
  output: ProductRow,
  list: { defaultPerPage: 30, maxPerPage: 50 },
  rest: { method: "GET", paths: ["/api/shop/products"], input: fromFilterKeys, query: ProductWireQuery },
  graphql: { args: ProductListArgs.extend({ channel: z.string().optional(), locale: z.string().optional() }), input: fromGraphqlArgs },
  run: async (ctx, input, paging) => {
    const page = await listProducts(ctx, input, paging);
    // A search counts once, on its first page, for the search-term reports.
    if (input.query && paging.offset === 0 && paging.limit > 0) void recordSearch(ctx, input.query, page.total);
    return page;
  },
});

// `products(channel:, locale:)` answers in the scope they name, as the X-CHANNEL / X-LOCALE headers would.
argumentScope(products, ["channel", "locale"], scopedContext);

export const product = operation({
  ...shopPublic,
  kind: "query", // not kept: each call counts a visit
  name: "product",
  summary: "One product with its images, attributes, variants, downloadable links and review summary.",
  input: z.object({ id: recordId().optional(), urlKey: z.string().trim().min(1).max(255).optional(), sku: z.string().trim().min(1).max(255).optional() }),
  output: ProductDetail,
  rest: { method: "GET", paths: ["/api/shop/products/{id}"] },
  run: async (ctx, input) => {
    if (input.id === undefined && !input.urlKey && !input.sku) throw new BadRequest("Give the product's id, urlKey or sku.");
    const product = await getProduct(ctx, input);
    void recordVisit(ctx, product.id); // for the most-visited report
    return product;
  },
});

export const bookingSlots = operation({
  ...shopPublic,
  kind: "query",
  name: "bookingSlots",
  summary: "A booking product's free slots on one day. This store sells no booking products: an existing product answers an empty list.",
  input: z.object({ id: z.int().positive().max(2_147_483_647), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date as YYYY-MM-DD" }) }),
  // A plain list of the day's slots, not a paged collection.
  output: z.array(BookingSlot),
  run: async (ctx, { id }) => {
    await requireSold(ctx, id);
    return [];
  },
});

export const categories = operation({
  ...catalogRead,
  name: "categories",
  summary: "Active categories as a flat list; `parent_id` (alias `parentId`) narrows to the children of one.",
  input: z.object({ parentId: intParam().optional() }),
  output: Category,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/categories"] },
  // SPEC.md: the GraphQL `categories` field has no parentId argument (children come from treeCategories); the
  // `filter` argument takes the REST keys, `{"parent_id": 3}` among them.
  graphql: { args: listArgs({}), input: (a) => fromListArgs(a, {}) },
  run: listCategories,
});

export const category = operation({
  ...catalogRead,
  name: "category",
  summary: "One active category.",
  input: z.object({ id: recordId() }),
  output: Category,
  rest: { method: "GET", paths: ["/api/shop/categories/{id}"] },
  run: (ctx, { id }) => getCategory(ctx, id),
});

export const treeCategories = operation({
  ...catalogRead,
  name: "treeCategories",
  summary: "The active category tree below the channel's root, or below `parentId`.",
  input: z.object({ parentId: intParam().optional() }),
  output: CategoryTree,
  list: "all",
  rest: { method: "GET", paths: ["/api/shop/category-trees"], errors: [404] },
  run: (ctx, { parentId }) => categoryTree(ctx, parentId),
});

const AttributeFilters = z.object({ isFilterable: intParam().pipe(z.int().min(0).max(1)).optional(), code: z.string().max(191).optional() });
const OptionFilters = z.object({ attributeId: intParam().optional() });

export const attributes = operation({
  ...catalogRead,
  name: "attributes",
  summary: "Product attributes with their options; `is_filterable=1` lists the ones usable as product filters.",
  input: AttributeFilters,
  output: Attribute,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/attributes"] },
  graphql: { args: listArgs(AttributeFilters.shape), input: (a) => fromListArgs(a, {}) },
  run: listAttributes,
});

export const attribute = operation({
  ...catalogRead,
  name: "attribute",
  summary: "One attribute with its options.",
  input: z.object({ id: recordId() }),
  output: Attribute,
  rest: { method: "GET", paths: ["/api/shop/attributes/{id}"] },
  run: (ctx, { id }) => getAttribute(ctx, id),
});

export const attributeOptions = operation({
  ...catalogRead,
  name: "attributeOptions",
  summary: "Attribute options, the ids product filters accept; `attribute_id` narrows to one attribute.",
  input: OptionFilters,
  output: AttributeOption,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/attribute-options"] },
  graphql: { args: listArgs(OptionFilters.shape), input: (a) => fromListArgs(a, {}) },
  run: listAttributeOptions,
});

export const attributeOption = operation({
  ...catalogRead,
  name: "attributeOption",
  summary: "One attribute option with its labels per locale.",
  input: z.object({ id: recordId() }),
  output: AttributeOption,
  rest: { method: "GET", paths: ["/api/shop/attribute-options/{id}"] },
  run: (ctx, { id }) => getAttributeOption(ctx, id),
});
