import { rest } from "@/lib/http/rest";
import { adminSalesReport } from "@/lib/reporting/operations";
export const GET = rest(adminSalesReport);
export * from "@/lib/http/unrouted";
