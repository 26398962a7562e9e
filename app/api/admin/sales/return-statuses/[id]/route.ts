import { rest } from "@/lib/http/rest";
import { returnStatuses } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnStatuses.get);
export const PATCH = rest(returnStatuses.update);
export const DELETE = rest(returnStatuses.remove);
export * from "@/lib/http/unrouted";
