import { rest } from "@/lib/http/rest";
import { shippingMethods } from "@/lib/admin/settings/methods";
export const GET = rest(shippingMethods.get);
export const PATCH = rest(shippingMethods.update);
export const DELETE = rest(shippingMethods.remove);
export * from "@/lib/http/unrouted";
