import { rest } from "@/lib/http/rest";
import { createMergeCart } from "@/lib/cart/operations";
export const POST = rest(createMergeCart);
export * from "@/lib/http/unrouted";
