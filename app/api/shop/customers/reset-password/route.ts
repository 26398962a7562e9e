import { rest } from "@/lib/http/rest";
import { createResetPassword } from "@/lib/customers/operations";
export const PUT = rest(createResetPassword);
export * from "@/lib/http/unrouted";
