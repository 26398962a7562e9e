import { rest } from "@/lib/http/rest";
import { returnStatuses } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnStatuses.list);
export const POST = rest(returnStatuses.create);
export * from "@/lib/http/unrouted";
