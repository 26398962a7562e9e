import { rest } from "@/lib/http/rest";
import { revokeAdminIntegrationToken } from "@/lib/admin/settings/integrations";
export const POST = rest(revokeAdminIntegrationToken);
export * from "@/lib/http/unrouted";
