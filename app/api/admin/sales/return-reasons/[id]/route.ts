import { rest } from "@/lib/http/rest";
import { returnReasons } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnReasons.get);
export const PATCH = rest(returnReasons.update);
export const DELETE = rest(returnReasons.remove);
export * from "@/lib/http/unrouted";
