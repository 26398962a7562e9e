import { rest } from "@/lib/http/rest";
import { returns } from "@/lib/admin/sales/returns";
export const GET = rest(returns.get);
export * from "@/lib/http/unrouted";
