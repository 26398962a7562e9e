import { rest } from "@/lib/http/rest";
import { readCustomerProfile } from "@/lib/profile/operations";
export const GET = rest(readCustomerProfile);
export * from "@/lib/http/unrouted";
