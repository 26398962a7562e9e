import { rest } from "@/lib/http/rest";
import { customerGroups } from "@/lib/admin/customers/groups";
export const GET = rest(customerGroups.list);
export const POST = rest(customerGroups.create);
export * from "@/lib/http/unrouted";
