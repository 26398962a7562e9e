import { rest } from "@/lib/http/rest";
import { paymentMethods } from "@/lib/admin/settings/methods";
export const GET = rest(paymentMethods.get);
export const PATCH = rest(paymentMethods.update);
export const DELETE = rest(paymentMethods.remove);
export * from "@/lib/http/unrouted";
