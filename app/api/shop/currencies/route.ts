import { rest } from "@/lib/http/rest";
import { currencies } from "@/lib/store/operations";
export const GET = rest(currencies);
export * from "@/lib/http/unrouted";
