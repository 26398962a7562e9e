import { rest } from "@/lib/http/rest";
import { currencies } from "@/lib/admin/settings/store";
export const GET = rest(currencies.get);
export const PATCH = rest(currencies.update);
export const DELETE = rest(currencies.remove);
export * from "@/lib/http/unrouted";
