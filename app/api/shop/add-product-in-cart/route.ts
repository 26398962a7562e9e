import { rest } from "@/lib/http/rest";
import { createAddProductInCart } from "@/lib/cart/operations";
export const POST = rest(createAddProductInCart);
export * from "@/lib/http/unrouted";
