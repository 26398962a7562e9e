import { rest } from "@/lib/http/rest";
import { customerAddresses } from "@/lib/admin/customers/addresses";
export const GET = rest(customerAddresses.list);
export const POST = rest(customerAddresses.create);
export * from "@/lib/http/unrouted";
