import { rest } from "@/lib/http/rest";
import { failAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(failAdminOrder);
export * from "@/lib/http/unrouted";
