import { rest } from "@/lib/http/rest";
import { countryStates } from "@/lib/store/operations";
export const GET = rest(countryStates);
export * from "@/lib/http/unrouted";
