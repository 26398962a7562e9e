import { rest } from "@/lib/http/rest";
import { coupons } from "@/lib/admin/marketing/coupons";
export const GET = rest(coupons.list);
export const POST = rest(coupons.create);
export * from "@/lib/http/unrouted";
