import { rest } from "@/lib/http/rest";
import { commentAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(commentAdminOrder);
export * from "@/lib/http/unrouted";
