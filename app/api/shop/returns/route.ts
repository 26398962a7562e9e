import { rest } from "@/lib/http/rest";
import { createCustomerReturn, customerReturns } from "@/lib/returns/operations";
export const GET = rest(customerReturns);
export const POST = rest(createCustomerReturn);
export * from "@/lib/http/unrouted";
