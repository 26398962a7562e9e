import { rest } from "@/lib/http/rest";
import { deleteWishlist, wishlist } from "@/lib/wishlist/operations";
export const GET = rest(wishlist);
export const DELETE = rest(deleteWishlist);
export * from "@/lib/http/unrouted";
