import { rest } from "@/lib/http/rest";
import { holdAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(holdAdminOrder);
export * from "@/lib/http/unrouted";
