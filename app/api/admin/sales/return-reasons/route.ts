import { rest } from "@/lib/http/rest";
import { returnReasons } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnReasons.list);
export const POST = rest(returnReasons.create);
export * from "@/lib/http/unrouted";
