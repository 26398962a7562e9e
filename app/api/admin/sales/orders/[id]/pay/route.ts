import { rest } from "@/lib/http/rest";
import { payAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(payAdminOrder);
export * from "@/lib/http/unrouted";
