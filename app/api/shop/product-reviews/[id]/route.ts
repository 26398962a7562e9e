import { rest } from "@/lib/http/rest";
import { deleteProductReview, updateProductReview } from "@/lib/reviews/operations";
export const PATCH = rest(updateProductReview);
export const DELETE = rest(deleteProductReview);
export * from "@/lib/http/unrouted";
