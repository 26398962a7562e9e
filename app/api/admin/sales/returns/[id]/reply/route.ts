import { rest } from "@/lib/http/rest";
import { replyAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(replyAdminReturn);
export * from "@/lib/http/unrouted";
