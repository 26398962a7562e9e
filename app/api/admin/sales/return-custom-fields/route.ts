import { rest } from "@/lib/http/rest";
import { returnCustomFields } from "@/lib/admin/store-data/return-settings";
export const GET = rest(returnCustomFields.list);
export const POST = rest(returnCustomFields.create);
export * from "@/lib/http/unrouted";
