import { rest } from "@/lib/http/rest";
import { exportAdminGdprRequest } from "@/lib/admin/privacy/gdpr";
export const GET = rest(exportAdminGdprRequest);
export * from "@/lib/http/unrouted";
