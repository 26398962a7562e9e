import { rest } from "@/lib/http/rest";
import { shipAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(shipAdminOrder);
export * from "@/lib/http/unrouted";
