// The customer's compare list on REST and GraphQL.
import { z } from "zod";
import { fromListArgs, listArgs, recordRef } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { ProductRow } from "../catalog/shapes.ts";
import { addCompareItem, clearCompareItems, compareItem as ownItem, deleteCompareItem as removeItem, listCompareItems } from "./compare.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/compare-items";

const CompareItem = z
  .object({
    id: z.int(),
    productId: z.int(),
    product: ProductRow.nullable(),
    customer: z
      .object({ id: z.int(), email: z.string(), firstName: z.string(), lastName: z.string(), gender: z.string().nullable(), dateOfBirth: z.string().nullable() })
      .meta({ id: "CompareItemCustomer", iri: "/api/shop/customers" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "CompareItem", iri: IRI });

/** `product_id` narrows the list to one product's entry. */
const ByProduct = z.object({ productId: intParam().optional() });

export const compareItems = operation({
  ...shopCustomer,
  name: "compareItems",
  kind: "query",
  summary: "The signed-in customer's compare list, each entry with its product.",
  input: ByProduct,
  output: CompareItem,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  graphql: { args: listArgs(ByProduct.shape), input: (a) => fromListArgs(a, {}) },
  run: listCompareItems,
});

export const compareItem = operation({
  ...shopCustomer,
  name: "compareItem",
  kind: "query",
  summary: "One entry of the caller's compare list with its product; another customer's entry is 404.",
  input: z.object({ id: recordId() }),
  output: CompareItem,
  rest: { method: "GET", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => ownItem(ctx, id),
});

export const createCompareItem = operation({
  ...shopCustomer,
  name: "createCompareItem",
  kind: "mutation",
  summary: "Add a product to the compare list; a product already there is a 422.",
  input: z.object({ productId: recordId() }),
  output: CompareItem,
  rest: { method: "POST", paths: [IRI], status: 201, errors: [404] },
  run: addCompareItem,
});

export const deleteCompareItem = operation({
  ...shopCustomer,
  name: "deleteCompareItem",
  kind: "mutation",
  summary: "Remove one entry from the caller's compare list (`id`: the entry's number or IRI).",
  input: z.object({ id: recordRef() }),
  output: z.object({ id: z.int(), success: z.boolean(), message: z.string(), product: ProductRow.nullable() }).meta({ id: "CompareItemDeletion", iri: IRI }),
  rest: { method: "DELETE", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => removeItem(ctx, id),
});

export const createDeleteAllCompareItems = operation({
  ...shopCustomer,
  name: "createDeleteAllCompareItems",
  kind: "mutation",
  summary: "Empty the caller's compare list; `deletedCount` says how many entries went.",
  input: z.object({}),
  output: z.object({ message: z.string(), deletedCount: z.int() }).meta({ id: "DeleteAllCompareItems" }),
  rest: { method: "POST", paths: ["/api/shop/delete-all-compare-items"] },
  run: (ctx) => clearCompareItems(ctx),
});
