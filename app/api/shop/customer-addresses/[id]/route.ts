import { rest } from "@/lib/http/rest";
import { customerAddress, deleteCustomerAddress, updateCustomerAddress } from "@/lib/addresses/operations";
export const GET = rest(customerAddress);
export const PUT = rest(updateCustomerAddress);
export const DELETE = rest(deleteCustomerAddress);
export * from "@/lib/http/unrouted";
