import { rest } from "@/lib/http/rest";
import { configValues } from "@/lib/admin/store-data/config";
export const GET = rest(configValues.list);
export const POST = rest(configValues.create);
export * from "@/lib/http/unrouted";
