import { rest } from "@/lib/http/rest";
import { inventories } from "@/lib/admin/store-data/inventory";
export const GET = rest(inventories.get);
export const PATCH = rest(inventories.update);
export const DELETE = rest(inventories.remove);
export * from "@/lib/http/unrouted";
