import { rest } from "@/lib/http/rest";
import { awaitPackageAdminReturn } from "@/lib/admin/sales/returns";
export const POST = rest(awaitPackageAdminReturn);
export * from "@/lib/http/unrouted";
