import { rest } from "@/lib/http/rest";
import { cancelItemsAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(cancelItemsAdminReturn);
export * from "@/lib/http/unrouted";
