import { rest } from "@/lib/http/rest";
import { exchangeRates } from "@/lib/admin/settings/store";
export const GET = rest(exchangeRates.list);
export const POST = rest(exchangeRates.create);
export * from "@/lib/http/unrouted";
