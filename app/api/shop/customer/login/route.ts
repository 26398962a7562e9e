import { rest } from "@/lib/http/rest";
import { createCustomerLogin } from "@/lib/customers/operations";
export const POST = rest(createCustomerLogin);
export * from "@/lib/http/unrouted";
