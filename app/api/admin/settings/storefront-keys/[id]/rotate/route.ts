import { rest } from "@/lib/http/rest";
import { rotateAdminStorefrontKey } from "@/lib/admin/settings/storefront-keys";
export const POST = rest(rotateAdminStorefrontKey);
export * from "@/lib/http/unrouted";
