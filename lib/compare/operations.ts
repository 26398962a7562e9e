// The customer's compare list on REST and GraphQL.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { ProductRow } from "../catalog/shapes.ts";
import { deletedShape } from "../wire/shapes.ts";
import { addCompareItem, clearCompareItems, deleteCompareItem as removeItem, listCompareItems } from "./compare.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/compare-items";

const CompareItem = z
  .object({ id: z.int(), productId: z.int(), product: ProductRow.nullable(), createdAt: z.string() })
  .meta({ id: "CompareItem", iri: IRI });

export const compareItems = operation({
  ...shopCustomer,
  name: "compareItems",
  kind: "query",
  summary: "The signed-in customer's compare list, each entry with its product.",
  input: z.object({}),
  output: CompareItem,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  run: listCompareItems,
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
  summary: "Remove one entry from the caller's compare list.",
  input: z.object({ id: recordId() }),
  output: deletedShape("CompareItemDeletion", IRI),
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
