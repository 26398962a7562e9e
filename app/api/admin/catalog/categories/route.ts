import { rest } from "@/lib/http/rest";
import { categories } from "@/lib/admin/catalog/categories";
export const GET = rest(categories.list);
export const POST = rest(categories.create);
export * from "@/lib/http/unrouted";
