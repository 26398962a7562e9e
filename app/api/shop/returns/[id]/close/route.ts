import { rest } from "@/lib/http/rest";
import { closeCustomerReturn } from "@/lib/returns/operations";
export const POST = rest(closeCustomerReturn);
export * from "@/lib/http/unrouted";
