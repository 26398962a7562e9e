import { rest } from "@/lib/http/rest";
import { createAddUpdateCustomerAddress, getCustomerAddresses } from "@/lib/addresses/operations";
export const GET = rest(getCustomerAddresses);
export const POST = rest(createAddUpdateCustomerAddress);
export * from "@/lib/http/unrouted";
