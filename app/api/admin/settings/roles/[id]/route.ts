import { rest } from "@/lib/http/rest";
import { roles } from "@/lib/admin/settings/roles";
export const GET = rest(roles.get);
export const PATCH = rest(roles.update);
export const DELETE = rest(roles.remove);
export * from "@/lib/http/unrouted";
