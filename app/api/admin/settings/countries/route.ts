import { rest } from "@/lib/http/rest";
import { countries } from "@/lib/admin/store-data/countries";
export const GET = rest(countries.list);
export const POST = rest(countries.create);
export * from "@/lib/http/unrouted";
