import { rest } from "@/lib/http/rest";
import { locales } from "@/lib/admin/settings/store";
export const GET = rest(locales.get);
export const PATCH = rest(locales.update);
export const DELETE = rest(locales.remove);
export * from "@/lib/http/unrouted";
