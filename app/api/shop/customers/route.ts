import { rest } from "@/lib/http/rest";
import { createCustomer } from "@/lib/customers/operations";
export const POST = rest(createCustomer);
export * from "@/lib/http/unrouted";
