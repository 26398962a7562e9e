import { rest } from "@/lib/http/rest";
import { adminUsers } from "@/lib/admin/settings/users";
export const GET = rest(adminUsers.list);
export const POST = rest(adminUsers.create);
export * from "@/lib/http/unrouted";
