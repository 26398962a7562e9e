import { rest } from "@/lib/http/rest";
import { completeAdminGdprRequest } from "@/lib/admin/privacy/gdpr";
export const POST = rest(completeAdminGdprRequest);
export * from "@/lib/http/unrouted";
