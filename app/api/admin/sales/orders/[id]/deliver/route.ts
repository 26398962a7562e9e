import { rest } from "@/lib/http/rest";
import { deliverAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(deliverAdminOrder);
export * from "@/lib/http/unrouted";
