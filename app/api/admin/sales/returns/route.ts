import { rest } from "@/lib/http/rest";
import { returns } from "@/lib/admin/sales/returns";
export const GET = rest(returns.list);
export * from "@/lib/http/unrouted";
