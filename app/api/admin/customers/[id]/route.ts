import { rest } from "@/lib/http/rest";
import { customers } from "@/lib/admin/customers/customers";
export const GET = rest(customers.get);
export const PATCH = rest(customers.update);
export const DELETE = rest(customers.remove);
export * from "@/lib/http/unrouted";
