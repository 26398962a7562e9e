import { rest } from "@/lib/http/rest";
import { countries } from "@/lib/admin/store-data/countries";
export const GET = rest(countries.get);
export const PATCH = rest(countries.update);
export const DELETE = rest(countries.remove);
export * from "@/lib/http/unrouted";
