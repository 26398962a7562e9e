import { rest } from "@/lib/http/rest";
import { createAddUpdateCustomerAddress } from "@/lib/addresses/operations";
export const POST = rest(createAddUpdateCustomerAddress);
export * from "@/lib/http/unrouted";
