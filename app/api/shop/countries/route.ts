import { rest } from "@/lib/http/rest";
import { countries } from "@/lib/store/operations";
export const GET = rest(countries);
export * from "@/lib/http/unrouted";
