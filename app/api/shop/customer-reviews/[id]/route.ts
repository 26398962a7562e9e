import { rest } from "@/lib/http/rest";
import { customerReview } from "@/lib/reviews/operations";
export const GET = rest(customerReview);
export * from "@/lib/http/unrouted";
