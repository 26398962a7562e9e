import { rest } from "@/lib/http/rest";
import { createApplyCoupon } from "@/lib/cart/operations";
export const POST = rest(createApplyCoupon);
export * from "@/lib/http/unrouted";
