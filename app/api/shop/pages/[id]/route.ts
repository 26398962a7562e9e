import { rest } from "@/lib/http/rest";
import { page } from "@/lib/cms/operations";
export const GET = rest(page);
export * from "@/lib/http/unrouted";
