import { rest } from "@/lib/http/rest";
import { cancelAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(cancelAdminOrder);
export * from "@/lib/http/unrouted";
