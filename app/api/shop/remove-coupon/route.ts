import { rest } from "@/lib/http/rest";
import { createRemoveCoupon } from "@/lib/cart/operations";
export const POST = rest(createRemoveCoupon);
export * from "@/lib/http/unrouted";
