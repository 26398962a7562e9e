import { rest } from "@/lib/http/rest";
import { markFraudAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(markFraudAdminOrder);
export * from "@/lib/http/unrouted";
