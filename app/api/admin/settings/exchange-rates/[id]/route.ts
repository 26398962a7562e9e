import { rest } from "@/lib/http/rest";
import { exchangeRates } from "@/lib/admin/settings/store";
export const GET = rest(exchangeRates.get);
export const PATCH = rest(exchangeRates.update);
export const DELETE = rest(exchangeRates.remove);
export * from "@/lib/http/unrouted";
