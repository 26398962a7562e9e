// Product reviews on REST and GraphQL: the public list, and the customer's own reviews.
import { z } from "zod";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId, text } from "../operations/fields.ts";
import { BadRequest } from "../errors.ts";
import { fromListArgs, listArgs } from "../account/shapes.ts";
import { deletedShape } from "../wire/shapes.ts";
import { createReview, customerReview as ownReview, customerReviews as ownReviews, deleteReview, productReviews as publicReviews, REVIEW_STATUSES, updateReview } from "./reviews.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/product-reviews";

const Review = z
  .object({
    id: z.int(),
    productId: z.int(),
    customerId: z.int().nullable(),
    name: z.string(),
    title: z.string(),
    comment: z.string(),
    rating: z.int(),
    status: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    product: z
      .object({
        id: z.int(),
        sku: z.string(),
        type: z.string(),
        /** In the request locale (else the channel's default locale); null where the product has no text in either. */
        name: z.string().nullable(),
        urlKey: z.string().nullable(),
        baseImageUrl: z.string().nullable(),
      })
      .meta({ id: "ReviewedProduct", iri: "/api/shop/products" }),
    customer: z.object({ id: z.int() }).meta({ id: "ReviewAuthor", iri: "/api/shop/customers" }).nullable(),
  })
  .meta({ id: "ProductReview", iri: IRI });

const ReviewResult = Review.extend({ success: z.boolean(), message: z.string() }).meta({ id: "ProductReviewResult", iri: IRI });

const rating = () => intParam().pipe(z.int().min(1, { message: "must be from 1 to 5" }).max(5, { message: "must be from 1 to 5" }));
const status = z.enum(REVIEW_STATUSES, { message: `must be one of ${REVIEW_STATUSES.join(", ")}` });

export const productReviews = operation({
  name: "productReviews",
  surface: "shop",
  kind: "query",
  summary:
    "Reviews of one product (`product_id` required), newest first; `status` defaults to approved (other statuses list only " +
    "the caller's own reviews), `rating` 1..5 narrows.",
  access: "public",
  input: z.object({ productId: recordId(), status: status.optional(), rating: rating().optional() }),
  output: Review,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI], errors: [404] },
  // GraphQL may also give the filters in the JSON `filter` argument, as on the product list, and the product as
  // `product_id` (the family's storefront spells it so).
  graphql: {
    args: listArgs({ productId: recordId().optional(), product_id: recordId().optional(), status: z.string().optional(), rating: z.int().optional() }),
    input: ({ product_id, ...a }) => {
      if (product_id != null && a.productId != null && product_id !== a.productId) {
        throw new BadRequest("productId and product_id name different products; give one of them.");
      }
      const productId = a.productId ?? product_id;
      return fromListArgs(productId == null ? a : { ...a, productId }, {});
    },
  },
  run: publicReviews,
});

export const customerReviews = operation({
  ...shopCustomer,
  name: "customerReviews",
  kind: "query",
  summary: "The signed-in customer's own reviews in every status, newest first; `product_id`, `status` and `rating` narrow.",
  input: z.object({ productId: recordId().optional(), status: status.optional(), rating: rating().optional() }),
  output: Review,
  list: SHOP_LIST,
  rest: { method: "GET", paths: ["/api/shop/customer-reviews"] },
  graphql: { args: listArgs({ productId: recordId().optional(), status: z.string().optional(), rating: z.int().optional() }), input: (a) => fromListArgs(a, {}) },
  run: ownReviews,
});

export const customerReview = operation({
  ...shopCustomer,
  name: "customerReview",
  kind: "query",
  summary: "One of the signed-in customer's reviews, in any status; another customer's review is 404.",
  input: z.object({ id: recordId() }),
  output: Review,
  rest: { method: "GET", paths: ["/api/shop/customer-reviews/{id}"] },
  run: (ctx, { id }) => ownReview(ctx, id),
});

const fields = {
  title: text(255),
  comment: text(5000),
  rating: rating(),
  /** Shown as the author; defaults to the customer's name. */
  name: text(100).optional(),
};

export const createProductReview = operation({
  ...shopCustomer,
  name: "createProductReview",
  kind: "mutation",
  summary: "Review a product (title, comment, rating 1..5, optional display name); it stays pending until approved.",
  input: z.object({ productId: recordId(), ...fields }),
  output: ReviewResult,
  rest: { method: "POST", paths: [IRI], status: 201, errors: [404] },
  // The family's clients also read `success` and `message` on the payload itself.
  graphql: { payloadFields: ["success", "message"] },
  run: createReview,
});

export const updateProductReview = operation({
  ...shopCustomer,
  name: "updateProductReview",
  kind: "mutation",
  summary: "Change one of the caller's reviews; it goes back to pending until approved again.",
  input: z.object({ id: recordId(), title: fields.title.optional(), comment: fields.comment.optional(), rating: fields.rating.optional(), name: fields.name }),
  output: ReviewResult,
  rest: { method: "PATCH", paths: [`${IRI}/{id}`] },
  run: updateReview,
});

export const deleteProductReview = operation({
  ...shopCustomer,
  name: "deleteProductReview",
  kind: "mutation",
  summary: "Delete one of the caller's reviews.",
  input: z.object({ id: recordId() }),
  output: deletedShape("ProductReviewDeletion", IRI),
  rest: { method: "DELETE", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => deleteReview(ctx, id),
});
