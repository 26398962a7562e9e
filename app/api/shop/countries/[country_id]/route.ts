import { rest } from "@/lib/http/rest";
import { country } from "@/lib/store/operations";
export const GET = rest(country);
export * from "@/lib/http/unrouted";
