import { rest } from "@/lib/http/rest";
import { customerReturn } from "@/lib/returns/operations";
export const GET = rest(customerReturn);
export * from "@/lib/http/unrouted";
