import { rest } from "@/lib/http/rest";
import { invoiceAdminOrder } from "@/lib/admin/sales/order-actions";
export const POST = rest(invoiceAdminOrder);
export * from "@/lib/http/unrouted";
