import { rest } from "@/lib/http/rest";
import { products } from "@/lib/admin/catalog/products";
export const GET = rest(products.list);
export const POST = rest(products.create);
export * from "@/lib/http/unrouted";
