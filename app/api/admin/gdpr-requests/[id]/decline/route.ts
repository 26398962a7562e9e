import { rest } from "@/lib/http/rest";
import { declineAdminGdprRequest } from "@/lib/admin/privacy/gdpr";
export const POST = rest(declineAdminGdprRequest);
export * from "@/lib/http/unrouted";
