import { rest } from "@/lib/http/rest";
import { deleteCustomerAddress, updateCustomerAddress } from "@/lib/addresses/operations";
export const PUT = rest(updateCustomerAddress);
export const DELETE = rest(deleteCustomerAddress);
