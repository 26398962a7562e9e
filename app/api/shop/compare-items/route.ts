import { rest } from "@/lib/http/rest";
import { compareItems, createCompareItem } from "@/lib/compare/operations";
export const GET = rest(compareItems);
export const POST = rest(createCompareItem);
export * from "@/lib/http/unrouted";
