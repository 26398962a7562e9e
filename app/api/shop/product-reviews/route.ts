import { rest } from "@/lib/http/rest";
import { createProductReview, productReviews } from "@/lib/reviews/operations";
export const GET = rest(productReviews);
export const POST = rest(createProductReview);
export * from "@/lib/http/unrouted";
