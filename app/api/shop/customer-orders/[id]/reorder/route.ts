import { rest } from "@/lib/http/rest";
import { createReorderOrder } from "@/lib/orders/customer-operations";
export const POST = rest(createReorderOrder);
export * from "@/lib/http/unrouted";
