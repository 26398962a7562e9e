// Catalog operations of the Admin API.
import type { AnyOperation } from "../../operations/define.ts";
import { operations as productOperations } from "./products.ts";
import { upsertAdminProducts } from "./product-batch.ts";
import { categories } from "./categories.ts";
import { attributes } from "./attributes.ts";

export const catalogOperations: AnyOperation[] = [...productOperations, upsertAdminProducts, ...categories.operations, ...attributes.operations];
