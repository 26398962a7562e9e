import { rest } from "@/lib/http/rest";
import { acceptAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(acceptAdminReturn);
export * from "@/lib/http/unrouted";
