import { rest } from "@/lib/http/rest";
import { deleteCompareItem } from "@/lib/compare/operations";
export const DELETE = rest(deleteCompareItem);
