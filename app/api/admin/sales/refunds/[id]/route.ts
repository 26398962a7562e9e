import { rest } from "@/lib/http/rest";
import { refunds } from "@/lib/admin/sales/documents";
export const GET = rest(refunds.get);
export * from "@/lib/http/unrouted";
