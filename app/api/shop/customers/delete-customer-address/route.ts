import { rest } from "@/lib/http/rest";
import { deleteCustomerAddress } from "@/lib/addresses/operations";
export const DELETE = rest(deleteCustomerAddress);
export * from "@/lib/http/unrouted";
