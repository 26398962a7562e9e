import { rest } from "@/lib/http/rest";
import { moveWishlistToCart } from "@/lib/wishlist/operations";
export const POST = rest(moveWishlistToCart);
export * from "@/lib/http/unrouted";
