import { rest } from "@/lib/http/rest";
import { createRemoveCartItem } from "@/lib/cart/operations";
export const POST = rest(createRemoveCartItem);
export * from "@/lib/http/unrouted";
