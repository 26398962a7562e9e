import { rest } from "@/lib/http/rest";
import { markReceivedAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(markReceivedAdminReturn);
export * from "@/lib/http/unrouted";
