import { rest } from "@/lib/http/rest";
import { disapproveAdminReview } from "@/lib/admin/customers/reviews";
export const POST = rest(disapproveAdminReview);
export * from "@/lib/http/unrouted";
