// A product's parts at their own REST paths (WIRE.md: `/api/shop/products/{id}/images|variants|reviews|
// attribute-values|downloadable-links`, each an array). Each reads only its part (./product-parts.ts), in the shape of
// the same array of `GET /api/shop/products/{id}`; GraphQL clients select the same parts as fields of `product`.
import { z } from "zod";
import { operation, type RestBinding } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { productReviews } from "../reviews/operations.ts";
import { productAttributeValuesOf, productDownloadableLinksOf, productImagesOf, productVariantsOf } from "./product-parts.ts";
import { DownloadableLinkShape, ProductAttributeValue, ProductImage, ProductVariant } from "./shapes.ts";

const part = { surface: "shop", access: "public", kind: "query", graphql: false, list: "all" } as const;
const ofProduct = z.object({ id: recordId() });
const path = (tail: string): RestBinding => ({ method: "GET", paths: [`/api/shop/products/{id}/${tail}`] });

export const productImages = operation({
  ...part,
  name: "productImages",
  summary: "The product's images in display order, with their public URLs.",
  input: ofProduct,
  output: ProductImage,
  rest: path("images"),
  run: (ctx, { id }) => productImagesOf(ctx, id),
});

export const productVariants = operation({
  ...part,
  name: "productVariants",
  summary: "The active variants of a configurable product with their prices, stock and option ids (empty for other types).",
  input: ofProduct,
  output: ProductVariant,
  rest: path("variants"),
  run: (ctx, { id }) => productVariantsOf(ctx, id),
});

export const productAttributeValues = operation({
  ...part,
  name: "productAttributeValues",
  summary: "The product's attribute values (colour, size, brand, material…) in the request's locale.",
  input: ofProduct,
  output: ProductAttributeValue,
  rest: path("attribute-values"),
  run: (ctx, { id }) => productAttributeValuesOf(ctx, id),
});

export const productDownloadableLinks = operation({
  ...part,
  name: "productDownloadableLinks",
  summary: "The links a downloadable product sells, with their prices (empty for other types).",
  input: ofProduct,
  output: DownloadableLinkShape,
  rest: path("downloadable-links"),
  run: (ctx, { id }) => productDownloadableLinksOf(ctx, id),
});

export const productReviewsOfProduct = operation({
  surface: "shop",
  access: "public",
  kind: "query",
  graphql: false,
  name: "productReviewsOfProduct",
  summary: "The product's approved reviews, newest first, paged as `GET /api/shop/product-reviews?product_id=` is.",
  input: ofProduct,
  output: productReviews.output,
  list: productReviews.list,
  rest: path("reviews"),
  run: (ctx, { id }, paging) => productReviews.run(ctx, { productId: id }, paging),
});
