import { rest } from "@/lib/http/rest";
import { gdprRequests } from "@/lib/admin/privacy/gdpr";
export const GET = rest(gdprRequests.get);
export * from "@/lib/http/unrouted";
