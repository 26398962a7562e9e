import { rest } from "@/lib/http/rest";
import { compareItem, deleteCompareItem } from "@/lib/compare/operations";
export const GET = rest(compareItem);
export const DELETE = rest(deleteCompareItem);
export * from "@/lib/http/unrouted";
