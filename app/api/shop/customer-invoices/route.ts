import { rest } from "@/lib/http/rest";
import { customerInvoices } from "@/lib/orders/document-operations";
export const GET = rest(customerInvoices);
export * from "@/lib/http/unrouted";
