import { rest } from "@/lib/http/rest";
import { markDispatchedAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(markDispatchedAdminReturn);
export * from "@/lib/http/unrouted";
