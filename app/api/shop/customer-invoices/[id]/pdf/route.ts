import { rest } from "@/lib/http/rest";
import { downloadCustomerInvoicePdf } from "@/lib/orders/document-operations";
export const GET = rest(downloadCustomerInvoicePdf);
export * from "@/lib/http/unrouted";
