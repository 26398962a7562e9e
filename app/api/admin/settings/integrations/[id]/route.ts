import { rest } from "@/lib/http/rest";
import { integrationTokens } from "@/lib/admin/settings/integrations";
export const GET = rest(integrationTokens.get);
export const PATCH = rest(integrationTokens.update);
export const DELETE = rest(integrationTokens.remove);
export * from "@/lib/http/unrouted";
