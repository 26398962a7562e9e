import { rest } from "@/lib/http/rest";
import { pages } from "@/lib/cms/operations";
export const GET = rest(pages);
export * from "@/lib/http/unrouted";
