import { rest } from "@/lib/http/rest";
import { countryState } from "@/lib/store/operations";
export const GET = rest(countryState);
export * from "@/lib/http/unrouted";
