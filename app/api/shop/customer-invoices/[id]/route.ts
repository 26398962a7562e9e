import { rest } from "@/lib/http/rest";
import { customerInvoice } from "@/lib/orders/document-operations";
export const GET = rest(customerInvoice);
export * from "@/lib/http/unrouted";
