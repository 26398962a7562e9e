import { rest } from "@/lib/http/rest";
import { createReadCart } from "@/lib/cart/operations";
export const POST = rest(createReadCart);
export * from "@/lib/http/unrouted";
