import { rest } from "@/lib/http/rest";
import { configValues } from "@/lib/admin/store-data/config";
export const GET = rest(configValues.get);
export const PATCH = rest(configValues.update);
export const DELETE = rest(configValues.remove);
export * from "@/lib/http/unrouted";
