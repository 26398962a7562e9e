import { rest } from "@/lib/http/rest";
import { adminCustomersReport } from "@/lib/reporting/operations";
export const GET = rest(adminCustomersReport);
export * from "@/lib/http/unrouted";
