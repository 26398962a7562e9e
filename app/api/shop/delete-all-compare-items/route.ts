import { rest } from "@/lib/http/rest";
import { createDeleteAllCompareItems } from "@/lib/compare/operations";
export const POST = rest(createDeleteAllCompareItems);
export * from "@/lib/http/unrouted";
