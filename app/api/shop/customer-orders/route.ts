import { rest } from "@/lib/http/rest";
import { customerOrders } from "@/lib/orders/customer-operations";
export const GET = rest(customerOrders);
export * from "@/lib/http/unrouted";
