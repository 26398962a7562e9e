import { rest } from "@/lib/http/rest";
import { treeCategories } from "@/lib/catalog/operations";
export const GET = rest(treeCategories);
export * from "@/lib/http/unrouted";
