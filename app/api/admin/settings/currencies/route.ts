import { rest } from "@/lib/http/rest";
import { currencies } from "@/lib/admin/settings/store";
export const GET = rest(currencies.list);
export const POST = rest(currencies.create);
export * from "@/lib/http/unrouted";
