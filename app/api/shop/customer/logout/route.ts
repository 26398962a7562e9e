import { rest } from "@/lib/http/rest";
import { createLogout } from "@/lib/customers/operations";
export const POST = rest(createLogout);
export * from "@/lib/http/unrouted";
