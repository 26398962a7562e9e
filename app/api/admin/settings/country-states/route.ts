import { rest } from "@/lib/http/rest";
import { countryStates } from "@/lib/admin/store-data/countries";
export const GET = rest(countryStates.list);
export const POST = rest(countryStates.create);
export * from "@/lib/http/unrouted";
