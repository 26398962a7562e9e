import { rest } from "@/lib/http/rest";
import { createDeleteAllWishlists } from "@/lib/wishlist/operations";
export const POST = rest(createDeleteAllWishlists);
export * from "@/lib/http/unrouted";
