import { rest } from "@/lib/http/rest";
import { reopenCustomerReturn } from "@/lib/returns/operations";
export const POST = rest(reopenCustomerReturn);
export * from "@/lib/http/unrouted";
