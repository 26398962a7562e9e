import { rest } from "@/lib/http/rest";
import { createAdminIntegrationToken, integrationTokens } from "@/lib/admin/settings/integrations";
export const GET = rest(integrationTokens.list);
export const POST = rest(createAdminIntegrationToken);
export * from "@/lib/http/unrouted";
