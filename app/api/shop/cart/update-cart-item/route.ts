import { rest } from "@/lib/http/rest";
import { createUpdateCartItem } from "@/lib/cart/operations";
export const PUT = rest(createUpdateCartItem);
export * from "@/lib/http/unrouted";
