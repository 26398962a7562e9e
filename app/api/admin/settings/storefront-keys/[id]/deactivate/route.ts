import { rest } from "@/lib/http/rest";
import { deactivateAdminStorefrontKey } from "@/lib/admin/settings/storefront-keys";
export const POST = rest(deactivateAdminStorefrontKey);
export * from "@/lib/http/unrouted";
