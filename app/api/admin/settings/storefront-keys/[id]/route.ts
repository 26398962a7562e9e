import { rest } from "@/lib/http/rest";
import { storefrontKeys } from "@/lib/admin/settings/storefront-keys";
export const GET = rest(storefrontKeys.get);
export const PATCH = rest(storefrontKeys.update);
export const DELETE = rest(storefrontKeys.remove);
export * from "@/lib/http/unrouted";
