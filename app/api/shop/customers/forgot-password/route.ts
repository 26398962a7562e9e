import { rest } from "@/lib/http/rest";
import { createForgotPassword } from "@/lib/customers/operations";
export const POST = rest(createForgotPassword);
export * from "@/lib/http/unrouted";
