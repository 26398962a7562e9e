import { rest } from "@/lib/http/rest";
import { customerOrder } from "@/lib/orders/customer-operations";
export const GET = rest(customerOrder);
export * from "@/lib/http/unrouted";
