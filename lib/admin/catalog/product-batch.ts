// The batch upsert of products over the Admin API: POST /api/admin/catalog/products/batch, GraphQL
// `upsertAdminProducts`. The work is in ./product-batch-service.ts, which the CSV import shares.
import { z } from "zod";
import { requirePermission } from "../../context.ts";
import { operation } from "../../operations/define.ts";
import { MAX_BATCH_PRODUCTS, MAX_ROW_VARIANTS, upsertProducts } from "./product-batch-service.ts";

const BatchError = z.object({ field: z.string(), message: z.string() }).meta({ id: "AdminProductBatchError" });

const BatchVariant = z
  .object({ index: z.int(), sku: z.string().nullable(), externalId: z.string().nullable(), id: z.int().nullable(), status: z.enum(["created", "updated"]) })
  .meta({ id: "AdminProductBatchVariant" });

const BatchRow = z
  .object({
    /** The row's place in `products`, from 0. */
    index: z.int(),
    sku: z.string().nullable(),
    externalId: z.string().nullable(),
    /** The product's id; null when the row failed. */
    id: z.int().nullable(),
    status: z.enum(["created", "updated", "failed"]),
    /** A failed row's errors, each at the field path a single create's 422 names (`price`, `variants.0.sku`). */
    errors: z.array(BatchError),
    /** The row's variants as written, in the order given. */
    variants: z.array(BatchVariant),
  })
  .meta({ id: "AdminProductBatchRow" });

export const AdminProductBatch = z
  .object({ data: z.array(BatchRow), created: z.int(), updated: z.int(), failed: z.int() })
  .meta({ id: "AdminProductBatch" });

const Row = z.record(z.string(), z.unknown(), { error: "must be a product object" });

export const upsertAdminProducts = operation({
  name: "upsertAdminProducts",
  surface: "admin",
  kind: "mutation",
  summary:
    `Create or update up to ${MAX_BATCH_PRODUCTS} products in one call: \`products\` is a list of rows, each a product as ` +
    "createAdminProduct takes it (type, sku, prices, translations in every locale, channels, categories, attributeValues, " +
    "inventories per channel, superAttributes...) plus an optional `externalId` and `metadata`, and for a configurable " +
    `product its \`variants\` (up to ${MAX_ROW_VARIANTS}, each a simple product's fields, matched and written the same way). ` +
    "A row is matched to a product by `externalId` when one exists with it, else by `sku` (a product whose sku matches but " +
    "which carries another external id fails the row); a matched product is updated with the row's fields as " +
    "updateAdminProduct would (its type and parent cannot change; metadata is a merge patch), any other is created. Each row " +
    "is written with its variants in one transaction of its own; a row that fails writes nothing and stops no other. The " +
    "answer lists every row in order (`index`, `sku`, `externalId`, `id`, `status` created | updated | failed, `errors` " +
    "[{ field, message }] at the paths a single create's 422 names, `variants`) and the counts. A sku, external id or url " +
    `key given twice in one call fails the later row. More than ${MAX_BATCH_PRODUCTS} rows, or a row that is not an ` +
    "object, is a 422 that writes nothing. Needs both catalog.products.create and catalog.products.edit.",
  access: { admin: "catalog.products.create" },
  input: z
    .object({
      products: z
        .array(Row)
        .min(1, { message: "needs at least one product" })
        .max(MAX_BATCH_PRODUCTS, { message: `takes at most ${MAX_BATCH_PRODUCTS} products per call; send the rest in further calls` }),
    })
    .strict(),
  output: AdminProductBatch,
  rest: { method: "POST", paths: ["/api/admin/catalog/products/batch"] },
  graphql: { resource: "adminProductBatch" },
  run: (ctx, input) => {
    // A row is a create or an update, which only the store can tell: the token must be able to do both.
    requirePermission(ctx, "catalog.products.edit");
    return upsertProducts(ctx, input.products);
  },
});
