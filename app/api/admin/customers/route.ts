import { rest } from "@/lib/http/rest";
import { customers } from "@/lib/admin/customers/customers";
export const GET = rest(customers.list);
export const POST = rest(customers.create);
export * from "@/lib/http/unrouted";
