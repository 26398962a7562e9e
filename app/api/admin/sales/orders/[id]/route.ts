import { rest } from "@/lib/http/rest";
import { orders } from "@/lib/admin/sales/orders";
export const GET = rest(orders.get);
export const PATCH = rest(orders.update);
export * from "@/lib/http/unrouted";
