import { rest } from "@/lib/http/rest";
import { refundAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(refundAdminOrder);
export * from "@/lib/http/unrouted";
