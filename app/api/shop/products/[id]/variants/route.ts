import { rest } from "@/lib/http/rest";
import { productVariants } from "@/lib/catalog/sub-resources";
export const GET = rest(productVariants);
export * from "@/lib/http/unrouted";
