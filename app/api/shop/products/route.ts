import { rest } from "@/lib/http/rest";
import { products } from "@/lib/catalog/operations";
export const GET = rest(products);
export * from "@/lib/http/unrouted";
