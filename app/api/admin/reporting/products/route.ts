import { rest } from "@/lib/http/rest";
import { adminProductsReport } from "@/lib/reporting/operations";
export const GET = rest(adminProductsReport);
export * from "@/lib/http/unrouted";
