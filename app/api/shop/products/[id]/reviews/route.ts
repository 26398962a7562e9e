import { rest } from "@/lib/http/rest";
import { productReviewsOfProduct } from "@/lib/catalog/sub-resources";
export const GET = rest(productReviewsOfProduct);
export * from "@/lib/http/unrouted";
