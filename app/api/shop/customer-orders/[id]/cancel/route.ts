import { rest } from "@/lib/http/rest";
import { createCancelOrder } from "@/lib/orders/customer-operations";
export const POST = rest(createCancelOrder);
export * from "@/lib/http/unrouted";
