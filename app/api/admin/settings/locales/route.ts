import { rest } from "@/lib/http/rest";
import { locales } from "@/lib/admin/settings/store";
export const GET = rest(locales.list);
export const POST = rest(locales.create);
export * from "@/lib/http/unrouted";
