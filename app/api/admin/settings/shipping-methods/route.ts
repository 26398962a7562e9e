import { rest } from "@/lib/http/rest";
import { shippingMethods } from "@/lib/admin/settings/methods";
export const GET = rest(shippingMethods.list);
export const POST = rest(shippingMethods.create);
export * from "@/lib/http/unrouted";
