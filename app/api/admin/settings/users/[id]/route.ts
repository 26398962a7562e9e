import { rest } from "@/lib/http/rest";
import { adminUsers } from "@/lib/admin/settings/users";
export const GET = rest(adminUsers.get);
export const PATCH = rest(adminUsers.update);
export const DELETE = rest(adminUsers.remove);
export * from "@/lib/http/unrouted";
