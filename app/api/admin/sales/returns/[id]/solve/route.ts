import { rest } from "@/lib/http/rest";
import { solveAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(solveAdminReturn);
export * from "@/lib/http/unrouted";
