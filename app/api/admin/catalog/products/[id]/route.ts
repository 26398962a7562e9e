import { rest } from "@/lib/http/rest";
import { products } from "@/lib/admin/catalog/products";
export const GET = rest(products.get);
export const PATCH = rest(products.update);
export const DELETE = rest(products.remove);
export * from "@/lib/http/unrouted";
