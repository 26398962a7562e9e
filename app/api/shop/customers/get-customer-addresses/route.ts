import { rest } from "@/lib/http/rest";
import { getCustomerAddresses } from "@/lib/addresses/operations";
export const GET = rest(getCustomerAddresses);
export * from "@/lib/http/unrouted";
