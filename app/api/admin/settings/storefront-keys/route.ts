import { rest } from "@/lib/http/rest";
import { storefrontKeys } from "@/lib/admin/settings/storefront-keys";
export const GET = rest(storefrontKeys.list);
export const POST = rest(storefrontKeys.create);
export * from "@/lib/http/unrouted";
