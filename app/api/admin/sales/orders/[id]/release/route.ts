import { rest } from "@/lib/http/rest";
import { releaseAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(releaseAdminOrder);
export * from "@/lib/http/unrouted";
