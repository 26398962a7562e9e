import { rest } from "@/lib/http/rest";
import { approveAdminReview } from "@/lib/admin/customers/reviews";
export const POST = rest(approveAdminReview);
export * from "@/lib/http/unrouted";
