import { rest } from "@/lib/http/rest";
import { updateCustomerAddress } from "@/lib/addresses/operations";
export const PUT = rest(updateCustomerAddress);
export * from "@/lib/http/unrouted";
