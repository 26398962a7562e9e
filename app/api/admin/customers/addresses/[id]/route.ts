import { rest } from "@/lib/http/rest";
import { customerAddresses } from "@/lib/admin/customers/addresses";
export const GET = rest(customerAddresses.get);
export const PATCH = rest(customerAddresses.update);
export const DELETE = rest(customerAddresses.remove);
export * from "@/lib/http/unrouted";
