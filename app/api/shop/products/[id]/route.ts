import { rest } from "@/lib/http/rest";
import { product } from "@/lib/catalog/operations";
export const GET = rest(product);
export * from "@/lib/http/unrouted";
