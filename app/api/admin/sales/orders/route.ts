import { rest } from "@/lib/http/rest";
import { orders } from "@/lib/admin/sales/orders";
export const GET = rest(orders.list);
export * from "@/lib/http/unrouted";
