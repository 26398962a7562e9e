// Stock per product and channel (ProductInventory) as its own Admin API resource. A write here drops the shop's
// cached catalog reads like any catalog write (lib/catalog/cache.ts), so the shop sees the new stock at once; it moves
// the row's and the product's `updatedAt` and is told on the change feed (./inventory-service.ts). The list takes
// `updated_since` and `created_since`, so a connector reads only the stock that changed since its last run.
// An update sets the quantity (`qty`, optionally only if it is still `expectedQty`) or moves it by `adjust`.
import { z } from "zod";
import { intParam, recordId } from "../../operations/fields.ts";
import { adminResource } from "../resource.ts";
import { createInventory, deleteInventory, setInventoryQty } from "./inventory-service.ts";

export const AdminInventory = z
  .object({ id: z.int(), productId: z.int(), sku: z.string(), channelId: z.int(), channelCode: z.string(), qty: z.int(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: "AdminInventory", iri: "/api/admin/catalog/inventories" });

const qty = intParam().pipe(z.int().min(0, { message: "cannot be negative" }).max(1e9));
const adjust = intParam().pipe(z.int().min(-1e9).max(1e9));
const EDIT = "catalog.inventory.edit";

export const inventories = adminResource({
  path: "catalog/inventories", one: "Inventory", many: "Inventories", permission: "catalog.inventory",
  permissions: { create: EDIT, update: EDIT, remove: EDIT }, model: "productInventory", output: AdminInventory,
  include: () => ({ product: { select: { sku: true } }, channel: { select: { code: true } } }),
  toOutput: (_ctx, r) => ({ ...r, sku: r.product.sku, channelCode: r.channel.code }),
  filters: z.object({ productId: intParam().optional(), channelId: intParam().optional(), maxQty: intParam().optional() }),
  where: (_ctx, f) => ({
    ...(f.productId !== undefined ? { productId: f.productId } : {}),
    ...(f.channelId !== undefined ? { channelId: f.channelId } : {}),
    ...(f.maxQty !== undefined ? { qty: { lte: f.maxQty } } : {}),
  }),
  sort: { fields: { id: (d) => ({ id: d }), qty: (d) => ({ qty: d }), product_id: (d) => ({ productId: d }) }, default: "id" },
  changes: true,
  create: {
    input: z.object({ productId: recordId(), channelId: recordId(), qty }),
    summary: "Stock a product in a channel (one row per product and channel).",
    run: createInventory,
  },
  update: {
    input: z.object({
      qty: qty.optional().describe("The quantity in stock from now on."),
      adjust: adjust.optional().describe("Instead of `qty`: a signed change of the quantity in stock (-2 takes two away); the result cannot be negative."),
      expectedQty: qty.optional().describe("With `qty`: set it only if the quantity in stock is still this one (412 `precondition_failed` otherwise)."),
    }),
    summary:
      "Set the quantity in stock (`qty`, with `expected_qty` only if it is still that one: 412 otherwise) or move it by `adjust` " +
      "(a signed delta; a result below 0 is a 422). Exactly one of `qty` and `adjust`.",
    run: setInventoryQty,
  },
  remove: deleteInventory,
});
