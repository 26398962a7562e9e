import { rest } from "@/lib/http/rest";
import { paymentMethods } from "@/lib/admin/settings/methods";
export const GET = rest(paymentMethods.list);
export const POST = rest(paymentMethods.create);
export * from "@/lib/http/unrouted";
