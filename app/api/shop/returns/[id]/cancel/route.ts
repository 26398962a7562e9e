import { rest } from "@/lib/http/rest";
import { cancelCustomerReturn } from "@/lib/returns/operations";
export const POST = rest(cancelCustomerReturn);
export * from "@/lib/http/unrouted";
