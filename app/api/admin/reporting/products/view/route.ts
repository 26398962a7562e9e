import { rest } from "@/lib/http/rest";
import { adminProductsReportView } from "@/lib/reporting/operations";
export const GET = rest(adminProductsReportView);
export * from "@/lib/http/unrouted";
