import { rest } from "@/lib/http/rest";
import { countryStates } from "@/lib/admin/store-data/countries";
export const GET = rest(countryStates.get);
export const PATCH = rest(countryStates.update);
export const DELETE = rest(countryStates.remove);
export * from "@/lib/http/unrouted";
