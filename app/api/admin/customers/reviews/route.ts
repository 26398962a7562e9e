import { rest } from "@/lib/http/rest";
import { reviews } from "@/lib/admin/customers/reviews";
export const GET = rest(reviews.list);
export * from "@/lib/http/unrouted";
