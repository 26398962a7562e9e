import { rest } from "@/lib/http/rest";
import { locales } from "@/lib/store/operations";
export const GET = rest(locales);
export * from "@/lib/http/unrouted";
