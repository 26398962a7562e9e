import { rest } from "@/lib/http/rest";
import { customerGroups } from "@/lib/admin/customers/groups";
export const GET = rest(customerGroups.get);
export const PATCH = rest(customerGroups.update);
export const DELETE = rest(customerGroups.remove);
export * from "@/lib/http/unrouted";
