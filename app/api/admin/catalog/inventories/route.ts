import { rest } from "@/lib/http/rest";
import { inventories } from "@/lib/admin/store-data/inventory";
export const GET = rest(inventories.list);
export const POST = rest(inventories.create);
export * from "@/lib/http/unrouted";
