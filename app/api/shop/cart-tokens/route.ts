import { rest } from "@/lib/http/rest";
import { createCartToken } from "@/lib/cart/operations";
export const POST = rest(createCartToken);
export * from "@/lib/http/unrouted";
