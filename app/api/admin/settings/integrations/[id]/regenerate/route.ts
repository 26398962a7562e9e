import { rest } from "@/lib/http/rest";
import { regenerateAdminIntegrationToken } from "@/lib/admin/settings/integrations";
export const POST = rest(regenerateAdminIntegrationToken);
export * from "@/lib/http/unrouted";
