import { rest } from "@/lib/http/rest";
import { returnCustomFields } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnCustomFields.get);
export const PATCH = rest(returnCustomFields.update);
export const DELETE = rest(returnCustomFields.remove);
export * from "@/lib/http/unrouted";
