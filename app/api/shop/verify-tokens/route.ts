import { rest } from "@/lib/http/rest";
import { createVerifyToken } from "@/lib/customers/operations";
export const POST = rest(createVerifyToken);
export * from "@/lib/http/unrouted";
