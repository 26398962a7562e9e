import { rest } from "@/lib/http/rest";
import { customerReviews } from "@/lib/reviews/operations";
export const GET = rest(customerReviews);
export * from "@/lib/http/unrouted";
