import { rest } from "@/lib/http/rest";
import { toggleWishlist, wishlists } from "@/lib/wishlist/operations";
export const GET = rest(wishlists);
export const POST = rest(toggleWishlist);
export * from "@/lib/http/unrouted";
