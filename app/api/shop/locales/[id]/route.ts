import { rest } from "@/lib/http/rest";
import { locale } from "@/lib/store/operations";
export const GET = rest(locale);
export * from "@/lib/http/unrouted";
