// Product reviews in the back office: read, moderate (approve, disapprove), correct, delete. Moderation moves go
// through the review state machine (lib/reviews/transitions.ts), like every other status in the store.
import { z } from "zod";
import { REVIEW_STATUSES, type ReviewEvent } from "../../reviews/transitions.ts";
import { intParam } from "../../operations/fields.ts";
import { adminResource, resourceAction } from "../resource.ts";
import { moderateReview, updateReview } from "./review-service.ts";

export const AdminReview = z
  .object({
    id: z.int(), productId: z.int(), productSku: z.string(), customerId: z.int().nullable(), name: z.string(), email: z.string().nullable(),
    title: z.string(), comment: z.string(), rating: z.int(), status: z.string(), locale: z.string().nullable(), channelId: z.int().nullable(),
    createdAt: z.string(), updatedAt: z.string(),
  })
  .meta({ id: "AdminReview", iri: "/api/admin/customers/reviews" });

export const reviews = adminResource({
  path: "customers/reviews",
  one: "Review",
  many: "Reviews",
  permission: "customers.reviews",
  model: "productReview",
  output: AdminReview,
  include: () => ({ product: { select: { sku: true } } }),
  toOutput: (_ctx, r) => ({ ...r, productSku: r.product.sku }),
  // Moderation and corrections have no event of their own (only review.created): a connector polls updated_since.
  changes: true,
  filters: z.object({ status: z.enum(REVIEW_STATUSES).optional(), productId: intParam().optional(), customerId: intParam().optional(), rating: intParam().pipe(z.int().min(1).max(5)).optional() }),
  where: (_ctx, f) => ({ ...f }),
  sort: { fields: { id: (d) => ({ id: d }), rating: (d) => ({ rating: d }), created_at: (d) => ({ createdAt: d }) }, default: "-id" },
  update: {
    input: z.object({
      title: z.string().trim().min(1).max(255).optional(),
      comment: z.string().trim().min(1).max(10_000).optional(),
      rating: intParam().pipe(z.int().min(1, { message: "must be 1 to 5" }).max(5, { message: "must be 1 to 5" })).optional(),
    }),
    run: updateReview,
  },
  remove: true,
});

const moderate = (event: ReviewEvent) =>
  resourceAction(reviews, {
    verb: event,
    summary: event === "approve" ? "Approve a review: it shows on the storefront." : "Disapprove a review: it no longer shows on the storefront.",
    permission: "customers.reviews.edit",
    run: (ctx, id) => moderateReview(ctx, id, event),
  });

export const approveAdminReview = moderate("approve");
export const disapproveAdminReview = moderate("disapprove");
export const operations = [...reviews.operations, approveAdminReview, disapproveAdminReview];
