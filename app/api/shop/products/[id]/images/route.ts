import { rest } from "@/lib/http/rest";
import { productImages } from "@/lib/catalog/sub-resources";
export const GET = rest(productImages);
export * from "@/lib/http/unrouted";
