import { rest } from "@/lib/http/rest";
import { processAdminGdprRequest } from "@/lib/admin/privacy/gdpr";
export const POST = rest(processAdminGdprRequest);
export * from "@/lib/http/unrouted";
