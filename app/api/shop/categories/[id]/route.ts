import { rest } from "@/lib/http/rest";
import { category } from "@/lib/catalog/operations";
export const GET = rest(category);
export * from "@/lib/http/unrouted";
