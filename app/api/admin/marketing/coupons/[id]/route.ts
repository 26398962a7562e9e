import { rest } from "@/lib/http/rest";
import { coupons } from "@/lib/admin/marketing/coupons";
export const GET = rest(coupons.get);
export const PATCH = rest(coupons.update);
export const DELETE = rest(coupons.remove);
export * from "@/lib/http/unrouted";
