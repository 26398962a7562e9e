import { rest } from "@/lib/http/rest";
import { updateCustomerProfile } from "@/lib/profile/operations";
export const PUT = rest(updateCustomerProfile);
export * from "@/lib/http/unrouted";
