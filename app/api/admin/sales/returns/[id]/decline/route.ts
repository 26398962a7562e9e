import { rest } from "@/lib/http/rest";
import { declineAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(declineAdminReturn);
export * from "@/lib/http/unrouted";
