import { rest } from "@/lib/http/rest";
import { returnReasons } from "@/lib/returns/operations";
export const GET = rest(returnReasons);
export * from "@/lib/http/unrouted";
