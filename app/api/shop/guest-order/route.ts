import { rest } from "@/lib/http/rest";
import { guestOrder } from "@/lib/orders/customer-operations";
export const GET = rest(guestOrder);
export * from "@/lib/http/unrouted";
