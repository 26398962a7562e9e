// Products over the Admin API: CRUD with translations, prices, channels, categories, stock per channel, attribute
// values and variants (a variant is a simple product whose parentId is a configurable product), and image upload.
import { z } from "zod";
import { intParam, boolParam } from "../../operations/fields.ts";
import { PayloadTooLarge, UnsupportedMediaType, Validation } from "../../errors.ts";
import { sniff } from "../../storage/files.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { substring } from "../external.ts";
import { AdminProduct, productInclude, toAdminProduct } from "./product-shape.ts";
import { PRODUCT_TYPES } from "../../catalog/product-types.ts";
import { addProductImages, createProduct, deleteProduct, ProductCreate, ProductUpdate, updateProduct } from "./product-service.ts";

const STOCK_STATES = ["in_stock", "out_of_stock", "low"] as const;

/** The products in a stock state in one channel (the `stock` filter): simple products by their row, configurables by their variants'. */
function stockWhere(state: (typeof STOCK_STATES)[number], channelId: number, low: number): object {
  const holds = (qty: object) => ({ inventories: { some: { channelId, qty } } });
  const inStock = holds({ gt: 0 });
  if (state === "in_stock") return { OR: [{ type: { in: ["virtual", "downloadable"] } }, { type: "simple", ...inStock }, { type: "configurable", variants: { some: inStock } }] };
  if (state === "out_of_stock") return { OR: [{ type: "simple", NOT: inStock }, { type: "configurable", variants: { none: inStock } }] };
  return { OR: [{ type: "simple", ...holds({ gt: 0, lte: low }) }, { type: "configurable", variants: { some: inStock, none: holds({ gt: low }) } }] };
}

export const products = adminResource({
  path: "catalog/products",
  one: "Product",
  many: "Products",
  permission: "catalog.products",
  model: "product",
  output: AdminProduct,
  include: productInclude,
  toOutput: toAdminProduct,
  changes: true,
  filters: z.object({
    sku: z.string().trim().max(191).optional().describe("Exact SKU."),
    externalId: z.string().trim().max(191).optional().describe("Exact external id."),
    q: z.string().trim().max(255).optional().describe("Substring of the SKU or of the name in any locale, case-insensitive."),
    name: z.string().trim().max(255).optional().describe("Substring of the name in any locale, case-insensitive."),
    type: z.enum(PRODUCT_TYPES).optional(),
    status: boolParam().optional(),
    parentId: intParam().optional(),
    categoryId: intParam().optional(),
    channelId: intParam().optional(),
    stock: z
      .enum(STOCK_STATES, { message: `must be one of ${STOCK_STATES.join(", ")}` })
      .optional()
      .describe(
        "Units on hand in the channel (`channel_id`, else the request's): `in_stock` more than 0, `out_of_stock` none, `low` " +
          "from 1 up to `low_stock`. A configurable product counts its variants (low: none holds more); virtual and " +
          "downloadable products keep no stock and are in stock; grouped and bundle products, whose stock is their " +
          "products', match none of these.",
      ),
    lowStock: intParam().pipe(z.int().min(1).max(1_000_000_000)).optional().describe("The most units `stock=low` counts as low; 5 unless given."),
  }),
  where: (ctx, f) => ({
    ...(f.sku ? { sku: f.sku } : {}),
    ...(f.externalId ? { externalId: f.externalId } : {}),
    ...(f.q ? { OR: [{ sku: substring(f.q) }, { translations: { some: { name: substring(f.q) } } }] } : {}),
    ...(f.name ? { translations: { some: { name: substring(f.name) } } } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.parentId ? { parentId: f.parentId } : {}),
    ...(f.categoryId ? { categories: { some: { categoryId: f.categoryId } } } : {}),
    ...(f.channelId ? { channels: { some: { channelId: f.channelId } } } : {}),
    ...(f.stock ? { AND: [stockWhere(f.stock, f.channelId ?? ctx.channel.id, f.lowStock ?? 5)] } : {}),
  }),
  sort: {
    fields: { id: (d) => ({ id: d }), sku: (d) => ({ sku: d }), price: (d) => ({ price: d }), created_at: (d) => ({ createdAt: d }), updated_at: (d) => ({ updatedAt: d }) },
    default: "-id",
  },
  create: { input: ProductCreate, run: createProduct },
  update: { input: ProductUpdate, run: updateProduct },
  remove: deleteProduct,
});

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

export const uploadAdminProductImages = resourceAction(products, {
  verb: "upload",
  name: "uploadAdminProductImages",
  segment: "images",
  summary:
    "Add images to a product: REST multipart/form-data with one or more `images` (or `image`) file parts, PNG, JPEG, " +
    "GIF or WebP up to 5 MB each. GraphQL does not take binary uploads: this mutation always answers 415.",
  permission: "catalog.products.edit",
  input: z.object({ images: z.unknown().optional(), image: z.unknown().optional() }),
  status: 201,
  multipart: { maxBytes: 20 * MAX_IMAGE_BYTES, files: ["images", "image"] },
  run: async (ctx, id, input) => {
    const files = [input.images, input.image].flat().filter((f): f is File => f instanceof File);
    if (!files.length) {
      const sentText = [input.images, input.image].flat().some((v) => v !== undefined);
      if (sentText) throw Validation.field("images", "must be file parts of a multipart/form-data request.");
      throw new UnsupportedMediaType(
        "Product images are uploaded as multipart/form-data file parts named `images` to POST /api/admin/catalog/products/{id}/images; GraphQL and JSON bodies cannot carry them.",
      );
    }
    const checked = await Promise.all(
      files.map(async (f, i) => {
        if (f.size > MAX_IMAGE_BYTES) throw new PayloadTooLarge(MAX_IMAGE_BYTES);
        const bytes = new Uint8Array(await f.arrayBuffer());
        // The bytes decide, not the declared content type.
        const type = IMAGE_TYPES.find((t) => sniff(t, bytes, [t]));
        if (!type || bytes.length === 0) throw Validation.field(`images.${i}`, `"${f.name}" is not a PNG, JPEG, GIF or WebP image.`);
        return { bytes, type };
      }),
    );
    await addProductImages(ctx, id, checked);
  },
});

export const operations = [...products.operations, uploadAdminProductImages];
