import { rest } from "@/lib/http/rest";
import { reviews } from "@/lib/admin/customers/reviews";
export const GET = rest(reviews.get);
export const PATCH = rest(reviews.update);
export const DELETE = rest(reviews.remove);
export * from "@/lib/http/unrouted";
