import { rest } from "@/lib/http/rest";
import { categories } from "@/lib/catalog/operations";
export const GET = rest(categories);
export * from "@/lib/http/unrouted";
