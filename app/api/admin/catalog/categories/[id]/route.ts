import { rest } from "@/lib/http/rest";
import { categories } from "@/lib/admin/catalog/categories";
export const GET = rest(categories.get);
export const PATCH = rest(categories.update);
export const DELETE = rest(categories.remove);
export * from "@/lib/http/unrouted";
