import { rest } from "@/lib/http/rest";
import { deleteCustomerProfile } from "@/lib/profile/operations";
export const POST = rest(deleteCustomerProfile);
export * from "@/lib/http/unrouted";
