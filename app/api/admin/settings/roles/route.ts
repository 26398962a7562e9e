import { rest } from "@/lib/http/rest";
import { roles } from "@/lib/admin/settings/roles";
export const GET = rest(roles.list);
export const POST = rest(roles.create);
export * from "@/lib/http/unrouted";
