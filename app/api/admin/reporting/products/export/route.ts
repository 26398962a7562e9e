import { rest } from "@/lib/http/rest";
import { exportAdminProductsReport } from "@/lib/reporting/operations";
export const GET = rest(exportAdminProductsReport);
export * from "@/lib/http/unrouted";
