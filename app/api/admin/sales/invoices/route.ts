import { rest } from "@/lib/http/rest";
import { invoices } from "@/lib/admin/sales/documents";
export const GET = rest(invoices.list);
export * from "@/lib/http/unrouted";
