import { rest } from "@/lib/http/rest";
import { cartUpload } from "@/lib/cart/operations";
export const GET = rest(cartUpload);
export * from "@/lib/http/unrouted";
